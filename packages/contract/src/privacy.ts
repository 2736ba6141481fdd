import { z } from 'zod';
import { json, type Endpoint } from './endpoint.js';

/** Deleting an account asks for the password again. */
export const DeleteAccountBody = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** Why an account cannot be deleted yet, one reason a line. */
export const ERASURE_BLOCKED = 'ERASURE_BLOCKED';

/** Everything the shop holds about the caller: one key per part of the shop that holds some. */
export const DataExport = z.object({ exportedAt: z.string() }).catchall(z.unknown());

export const privacyEndpoints = {
  exportMyData: {
    method: 'GET',
    path: '/api/me/data',
    tag: 'Privacy',
    summary: 'Download everything the shop holds about the caller (JSON)',
    access: 'customer',
    answers: { 200: json('The data, as a file', DataExport) },
  },
  deleteMyAccount: {
    method: 'POST',
    path: '/api/me/delete',
    tag: 'Privacy',
    summary:
      'Delete the account: sessions end, personal data is erased except what invoices must keep',
    description:
      'Refused (409, with the reasons) while the caller has an unpaid order, an unpaid invoice on ' +
      "account, an open quote, or is a company's last owner. A wrong password is a 400.",
    access: 'customer',
    body: DeleteAccountBody,
    errors: [400, 409, 429],
    answers: { 200: json('Deleted', z.object({ deleted: z.literal(true) })) },
  },
} as const satisfies Record<string, Endpoint>;
