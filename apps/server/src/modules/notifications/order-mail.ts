import {
  coreDepositLabel,
  formatMoney,
  formatOrderNumber,
  formatRate,
  fromCents,
  stepLabel,
  taxPerRate,
} from '@storefront/contract';
import type { OrderMailKind } from '../mail/mail.service.js';
import {
  orderNetCents,
  type OrderEventRow,
  type OrderLineRow,
  type OrderView,
} from '../orders/orders.service.js';
import { escapeHtml } from '../../http/escape-html.js';

export type MailContext = { brandName: string; publicUrl: string; unpaidOrderTtlHours: number };
/** The invoice of an order on account, for the mails that tell of it. */
export type AccountInvoice = { dueAt: Date; openCents: number; termsDays: number | null };

const day = (d: Date) =>
  d.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
export type RenderedMail = { subject: string; text: string; html: string };

/** A line's unit price, with the volume price it got: "$8.20 (volume price from 40)". */
const unitPrice = (line: OrderLineRow) =>
  formatMoney(fromCents(line.unitPriceCents)) +
  (line.priceStep ? ` (${stepLabel(line.priceStep)})` : '');

/** What a line of an order reads as in a mail: "40 × $8.20 (volume price from 40) = $328.00". */
const lineAmount = (line: OrderLineRow) =>
  `${line.quantity} × ${unitPrice(line)} = ${formatMoney(fromCents(line.totalCents))}`;

/** A line's core deposit as its own row (decision 069), when it carries one. */
const coreRow = (line: OrderLineRow): [string, string][] =>
  line.coreCents > 0
    ? [
        [
          coreDepositLabel(),
          `${line.quantity} × ${formatMoney(fromCents(line.coreChargeCents))} = ${formatMoney(fromCents(line.coreCents))}`,
        ],
      ]
    : [];

/**
 * The order's details as label/value lines, the same in the text and the HTML. A one-line order
 * reads as it always has (part, quantity, unit price, total); an order of several lines lists each
 * line with its part number, amount and the buyer's reference, then the total.
 */
function details(order: OrderView): [string, string][] {
  const shipTo = order.shipCity
    ? `${order.shipStreet}, ${order.shipPostalCode} ${order.shipCity}, ${order.shipCountry}`
    : order.address;
  const only = order.lines.length === 1 ? order.lines[0] : undefined;
  const lines: [string, string][] = only
    ? [
        ['Part', only.partName],
        ['Quantity', `${only.quantity} pieces`],
        ['Unit price', unitPrice(only)],
        ...coreRow(only),
      ]
    : order.lines.flatMap((line): [string, string][] => [
        [
          `${line.lineNo}. ${line.partName} (${line.sku})${line.reference ? `, ref. ${line.reference}` : ''}`,
          line.canceledAt ? `canceled (${lineAmount(line)})` : lineAmount(line),
        ],
        ...coreRow(line),
      ]);
  return [
    ['Order number', formatOrderNumber(order.number)],
    ...lines,
    ...taxRows(order),
    ['Total', formatMoney(fromCents(order.totalCents))],
    ['Ship to', shipTo],
    ...(order.company ? ([['Company', order.company]] as [string, string][]) : []),
    ...(order.taxId ? ([['Tax/VAT id', order.taxId]] as [string, string][]) : []),
    ...(order.poNumber ? ([['Your PO number', order.poNumber]] as [string, string][]) : []),
  ];
}

/**
 * A taxed order's net and tax per rate before its total, and what the invoice says of its tax
 * (decision 063); nothing for an order placed where the shop collects no tax.
 */
function taxRows(order: OrderView): [string, string][] {
  if (order.taxTreatment === 'none') return [];
  const money = (cents: number) => formatMoney(fromCents(cents));
  const rates = taxPerRate(
    order.lines
      .filter((l) => l.canceledAt === null)
      .map((l) => ({ netCents: l.totalCents, rateBp: l.taxRateBp, taxCents: l.taxCents })),
  );
  const rows: [string, string][] = [['Net', money(orderNetCents(order))]];
  if (rates.length === 0) rows.push(['Tax', money(0)]);
  for (const r of rates) rows.push([`Tax ${formatRate(r.rateBp)}`, money(r.taxCents)]);
  if (order.taxTreatment === 'reverse_charge')
    rows.push(['Reverse charge', `VAT id ${order.buyerVatId ?? ''}`]);
  if (order.taxTreatment === 'exempt')
    rows.push(['Tax exempt', `certificate ${order.taxCertificate ?? ''}`]);
  if (order.taxNote) rows.push(['Tax note', order.taxNote]);
  return rows;
}

type Body = {
  lead: string[];
  rows: [string, string][];
  action?: { label: string; url: string };
  after?: string[];
};

function compose(ctx: MailContext, subject: string, greeting: string, body: Body): RenderedMail {
  const text = [
    greeting,
    '',
    ...body.lead,
    '',
    ...body.rows.map(([label, value]) => `${label}: ${value}`),
    ...(body.action ? ['', `${body.action.label}: ${body.action.url}`] : []),
    ...(body.after?.length ? ['', ...body.after] : []),
    '',
    `${ctx.brandName}`,
    ctx.publicUrl,
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:#1e3a8a;color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold">${escapeHtml(ctx.brandName)}</td></tr>
<tr><td style="padding:24px">
<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>
${body.lead.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('')}
<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:12px 0;width:100%">
${body.rows.map(([label, value]) => `<tr><td style="border-bottom:1px solid #e5e7eb;color:#4b5563;width:40%">${escapeHtml(label)}</td><td style="border-bottom:1px solid #e5e7eb;font-weight:bold">${escapeHtml(value)}</td></tr>`).join('')}
</table>
${body.action ? `<p style="margin:20px 0"><a href="${escapeHtml(body.action.url)}" style="background:#1e3a8a;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(body.action.label)}</a></p>` : ''}
${(body.after ?? []).map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('')}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#4b5563;border-top:1px solid #e5e7eb">${escapeHtml(ctx.brandName)} · <a href="${escapeHtml(ctx.publicUrl)}" style="color:#1e3a8a">${escapeHtml(ctx.publicUrl)}</a></td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}

/** The customer's receipt page: reachable from My Orders and from every mail. */
export const receiptUrl = (ctx: MailContext, order: Pick<OrderView, 'id'>) =>
  `${ctx.publicUrl}/dashboard/my-orders/${order.id}`;

/**
 * The mail of one kind about an order, written when it is sent (from the order as stored then).
 * `cancelEvent` says who canceled it: the customer, the unpaid-order sweep, or staff.
 */
export function renderOrderMail(
  kind: OrderMailKind,
  order: OrderView,
  ctx: MailContext,
  events: OrderEventRow[],
  lineNo: number | null = null,
  invoice?: AccountInvoice,
): RenderedMail {
  const number = formatOrderNumber(order.number);
  const hello = `Hello ${order.name},`;
  const rows = details(order);
  switch (kind) {
    case 'placed':
      return compose(ctx, `Order ${number} placed: pay to confirm it`, hello, {
        lead: [
          `Thank you for your order ${number}. Its stock is reserved for you; pay for it to confirm it.`,
        ],
        rows,
        action: { label: 'Pay now', url: `${ctx.publicUrl}/dashboard/payment/${order.id}` },
        after: [
          `Unpaid orders are canceled after ${ctx.unpaidOrderTtlHours} hours without activity, and their stock returned.`,
        ],
      });
    case 'placed-on-account':
      return compose(ctx, `Order ${number} confirmed on account`, hello, {
        lead: [
          `Thank you for your order ${number} for ${order.company ?? 'your company'}. It is confirmed and its stock reserved; ` +
            'it goes on the company’s account. The invoice is attached.',
        ],
        rows: [
          ...rows,
          ['Invoice due', invoice ? day(invoice.dueAt) : ''],
          ['Pay by', 'bank transfer, quoting the order number'],
        ],
        action: { label: 'See the order', url: receiptUrl(ctx, order) },
        after: ['Delivery is free. We will write again when your order ships.'],
      });
    case 'invoice-overdue':
      return compose(ctx, `Invoice for order ${number} is overdue`, hello, {
        lead: [
          `The invoice for order ${number} was due on ${invoice ? day(invoice.dueAt) : 'its due date'} ` +
            `and ${formatMoney(fromCents(invoice?.openCents ?? order.totalCents))} is still open.`,
          'Please pay it by bank transfer, quoting the order number. If you have just paid, thank you: you need do nothing.',
        ],
        rows,
        action: { label: 'See the order', url: receiptUrl(ctx, order) },
      });
    case 'paid':
      return compose(ctx, `Payment received for order ${number}`, hello, {
        lead: [`We have received your payment for order ${number}. Your invoice is attached.`],
        rows: [...rows, ['Payment id', order.transactionId ?? '']],
        action: { label: 'See your receipt', url: receiptUrl(ctx, order) },
        after: ['Delivery is free. We will write again when your order ships.'],
      });
    case 'canceled': {
      const cancel = [...events].reverse().find((e) => e.toStatus === 'canceled');
      const who =
        cancel?.actor === 'customer'
          ? 'as you asked'
          : cancel?.actor === 'staff'
            ? 'by our team'
            : 'because it was not paid in time';
      const refund =
        order.refundStatus === 'succeeded'
          ? [`We have refunded ${formatMoney(fromCents(order.refundedCents))} to your card.`]
          : order.paidAt || order.refundStatus
            ? [
                `Your payment of ${formatMoney(fromCents(order.totalCents))} will be refunded to your card.`,
              ]
            : order.paymentMode === 'account'
              ? ['Its invoice is void: nothing is owed for it.']
              : ['Nothing was charged.'];
      return compose(ctx, `Order ${number} canceled`, hello, {
        lead: [`Your order ${number} was canceled ${who}.`, ...refund],
        rows,
        action: { label: 'See the order', url: receiptUrl(ctx, order) },
      });
    }
    case 'shipped':
      return compose(ctx, `Order ${number} is on its way`, hello, {
        lead: [`Your order ${number} has shipped.`],
        rows: [
          ...rows,
          ['Carrier', order.carrier ?? ''],
          ['Tracking number', order.trackingNumber ?? ''],
        ],
        action: { label: 'See the order', url: receiptUrl(ctx, order) },
      });
    case 'line-canceled': {
      const line = order.lines.find((l) => l.lineNo === lineNo);
      const what = line ? `${line.partName} (${line.quantity} pieces)` : `line ${lineNo ?? ''}`;
      const amount = line ? formatMoney(fromCents(line.totalCents + line.taxCents)) : '';
      return compose(ctx, `Order ${number}: ${line?.partName ?? 'a line'} canceled`, hello, {
        lead: [
          `We have canceled ${what} from your order ${number}. Its other parts are unchanged.`,
          order.paidAt
            ? `We will refund ${amount} to your card.`
            : `Nothing was charged for it: your order's total is now ${formatMoney(fromCents(order.totalCents))}.`,
        ],
        rows,
        action: { label: 'See the order', url: receiptUrl(ctx, order) },
      });
    }
    case 'staff-paid':
      return compose(
        ctx,
        `New paid order ${number}: ${formatMoney(fromCents(order.totalCents))}`,
        'Hello,',
        {
          lead: [
            `${order.name} (${order.email}) has paid for order ${number}. It is ready to ship.`,
          ],
          rows,
          action: { label: 'Open the order', url: `${ctx.publicUrl}/dashboard/orders/${order.id}` },
        },
      );
  }
}
