import type { Auth } from '../modules/auth/auth.js';
import { countUsers, markEmailVerified } from '../modules/auth/identity.service.js';
import { grantAdmin } from '../modules/users/roles.service.js';
import { ensureProfile } from '../modules/users/users.service.js';
import type { Db } from './database.js';

/** Sign-in details of the demo accounts; they exist only on the embedded demo database. */
export const demoAccounts = {
  admin: { name: 'Demo Admin', email: 'admin@demo.shop', password: 'demo-admin-123' },
  customer: { name: 'Demo Customer', email: 'customer@demo.shop', password: 'demo-customer-123' },
} as const;

/** Creates the demo admin and customer through the identity provider, on an empty user table. */
export async function seedDemoAccounts(db: Db, auth: Auth): Promise<{ seeded: boolean }> {
  if ((await countUsers(db)) > 0) return { seeded: false };
  for (const account of Object.values(demoAccounts)) {
    const result = await auth.api.signUpEmail({ body: { ...account } });
    await ensureProfile(db, result.user.id);
    // The demo's addresses are the shop's own: nobody needs to confirm them.
    await markEmailVerified(db, result.user.id);
  }
  await grantAdmin(db, demoAccounts.admin.email, 'demo');
  return { seeded: true };
}
