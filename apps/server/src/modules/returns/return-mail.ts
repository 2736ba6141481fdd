import {
  formatMoney,
  formatReturnNumber,
  fromCents,
  RETURN_REASON_LABELS,
  type ReturnStatus,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { findUserById } from '../auth/identity.service.js';
import { queueMail } from '../mail/mail.service.js';
import type { ReturnRow } from './returns.tables.js';

export type ReturnMailConfig = { publicUrl: string; brandName: string };

const texts: Record<ReturnStatus, (r: Texts) => [string, string]> = {
  requested: (r) => [
    `Your return ${r.number} is requested`,
    `We have your request to return parts (${r.reason}) as ${r.number}. We will answer soon; ` +
      `once approved, print the return slip and send the parts back.\n\n${r.link}`,
  ],
  approved: (r) => [
    `Your return ${r.number} is approved`,
    `Your return ${r.number} is approved: send the parts with the return slip so they arrive by ` +
      `${r.arriveBy}.${r.message}\n\n${r.link}`,
  ],
  refused: (r) => [
    `Your return ${r.number} was refused`,
    `We cannot take back the parts of return ${r.number}.${r.message}\n\n${r.link}`,
  ],
  received: (r) => [
    `We received your return ${r.number}`,
    `The parts of return ${r.number} have arrived; we are inspecting them.${r.message}\n\n${r.link}`,
  ],
  inspected: (r) => [
    `Your return ${r.number} is inspected`,
    `We have inspected the parts of return ${r.number}.${r.message}\n\n${r.link}`,
  ],
  settled: (r) => [
    `Your return ${r.number} is settled`,
    `Return ${r.number} is settled: ${r.amount}.${r.message}\n\n${r.link}`,
  ],
};

type Texts = {
  number: string;
  reason: string;
  link: string;
  arriveBy: string;
  message: string;
  amount: string;
};

/**
 * The buyer's mail of a return's step, queued in the step's transaction (it leaves only if the
 * step commits, once per return and status), with staff's message. The buyer's own note is never
 * echoed into a mail.
 */
export async function queueReturnMail(
  tx: DbOrTx,
  row: ReturnRow,
  status: ReturnStatus,
  toAddress: string | null,
  config: ReturnMailConfig,
  message = '',
): Promise<void> {
  const to = toAddress ?? (await findUserById(tx, row.userId))?.email;
  if (!to) return;
  const number = formatReturnNumber(row.number);
  const core = row.coreCents ?? 0;
  const taxed = row.taxCents
    ? ` (${formatMoney(fromCents(row.amountCents! - row.taxCents - core))} plus tax ${formatMoney(fromCents(row.taxCents))}` +
      (core > 0 ? ` and core deposits ${formatMoney(fromCents(core))})` : ')')
    : core > 0
      ? ` (of which core deposits ${formatMoney(fromCents(core))})`
      : '';
  const amount =
    row.amountCents === null
      ? ''
      : row.replacementOrderId
        ? 'the parts are replaced at no charge by a new order'
        : row.paymentMode === 'account'
          ? `${formatMoney(fromCents(row.amountCents))}${taxed} credited to your company's account`
          : `${formatMoney(fromCents(row.amountCents))}${taxed} refunded to your card`;
  const [subject, text] = texts[status]({
    number,
    reason: RETURN_REASON_LABELS[row.reason].toLowerCase(),
    link: `${config.publicUrl}/dashboard/returns/${row.id}`,
    arriveBy: row.arriveBy?.toISOString().slice(0, 10) ?? '',
    message: message && status !== 'requested' ? `\n\n${message}` : '',
    amount,
  });
  await queueMail(
    tx,
    { to, subject: `${subject} - ${config.brandName}`, text },
    `return-${row.id}-${status}`,
  );
}
