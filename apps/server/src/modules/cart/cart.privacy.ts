import { eq } from 'drizzle-orm';
import type { PrivacyContribution } from '../privacy/contribution.js';
import { cartLines, carts } from './cart.tables.js';

/** The signed-in cart: its lines and their references. */
export const cartPrivacy: PrivacyContribution = {
  name: 'cart',
  async export({ userId }, db) {
    return db
      .select({
        partId: cartLines.partId,
        quantity: cartLines.quantity,
        reference: cartLines.reference,
        addedAt: cartLines.createdAt,
      })
      .from(cartLines)
      .where(eq(cartLines.userId, userId));
  },
  async erase({ userId }, tx) {
    await tx.delete(cartLines).where(eq(cartLines.userId, userId));
    await tx.delete(carts).where(eq(carts.userId, userId));
  },
};
