import { eq } from 'drizzle-orm';
import type { ProfileResponse, ProfileUpdateBody, Vehicle } from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { findUserById, renameUser } from '../auth/identity.service.js';
import { profiles } from './users.tables.js';

export async function ensureProfile(db: DbOrTx, userId: string): Promise<void> {
  await db.insert(profiles).values({ userId }).onConflictDoNothing();
}

export async function getProfile(db: DbOrTx, userId: string): Promise<ProfileResponse | undefined> {
  const user = await findUserById(db, userId);
  if (!user) return undefined;
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return {
    name: user.name,
    email: user.email,
    address: profile?.address ?? '',
    phone: profile?.phone ?? '',
    education: profile?.education ?? '',
  };
}

/** Applies only the non-empty fields (spec section 5); one transaction for name and profile. */
export async function updateProfile(
  db: Db,
  userId: string,
  patch: ProfileUpdateBody,
): Promise<ProfileResponse | undefined> {
  const filled = (v: string | undefined) =>
    v !== undefined && v.trim() !== '' ? v.trim() : undefined;
  const name = filled(patch.name);
  const fields = {
    ...(filled(patch.address) !== undefined ? { address: filled(patch.address) } : {}),
    ...(filled(patch.phone) !== undefined ? { phone: filled(patch.phone) } : {}),
    ...(filled(patch.education) !== undefined ? { education: filled(patch.education) } : {}),
  };
  await db.transaction(async (tx) => {
    if (name) await renameUser(tx, userId, name);
    await tx
      .insert(profiles)
      .values({ userId, ...fields })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt: new Date() } });
  });
  return getProfile(db, userId);
}

/** The customer's vehicle, or null when none is remembered. */
export async function getVehicle(db: DbOrTx, userId: string): Promise<Vehicle | null> {
  const [row] = await db
    .select({ vehicle: profiles.vehicle })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row?.vehicle ?? null;
}

export async function setVehicle(db: DbOrTx, userId: string, vehicle: Vehicle | null) {
  await db
    .insert(profiles)
    .values({ userId, vehicle })
    .onConflictDoUpdate({ target: profiles.userId, set: { vehicle, updatedAt: new Date() } });
}
