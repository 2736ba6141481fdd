import { eq } from 'drizzle-orm';
import type { PrivacyContribution } from '../privacy/contribution.js';
import { profiles, roleGrants, userRoles } from './users.tables.js';

/** The profile (address, phone, education, vehicle) and staff roles. */
export const usersPrivacy: PrivacyContribution = {
  name: 'profile',
  async export({ userId }, db) {
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
    const roles = await db
      .select({ role: userRoles.role, grantedAt: userRoles.grantedAt })
      .from(userRoles)
      .where(eq(userRoles.userId, userId));
    return {
      address: profile?.address ?? '',
      phone: profile?.phone ?? '',
      education: profile?.education ?? '',
      vehicle: profile?.vehicle ?? null,
      roles,
    };
  },
  async erase({ userId, email }, tx) {
    await tx.delete(profiles).where(eq(profiles.userId, userId));
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.delete(roleGrants).where(eq(roleGrants.email, email));
  },
};
