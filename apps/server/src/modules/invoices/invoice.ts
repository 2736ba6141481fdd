import PDFDocument from 'pdfkit';
import {
  coreDepositLabel,
  formatMoney,
  formatOrderNumber,
  formatRate,
  fromCents,
  stepLabel,
  taxPerRate,
} from '@storefront/contract';
import type { AccountInvoiceDetails, CompanyCreditNoteRow } from '../companies/account.service.js';
import type { CompanyRow } from '../companies/companies.service.js';
import { orderNetCents, type OrderView } from '../orders/orders.service.js';

export type Seller = { name: string; address: string; taxId: string | null; publicUrl: string };

/** An order on account's invoice: its dates, what has been paid and credited, who is billed. */
export type OnAccount = {
  issuedAt: Date;
  dueAt: Date;
  termsDays: number | null;
  amountCents: number;
  paidCents: number;
  creditedCents: number;
  voided: boolean;
  billing: {
    name: string;
    taxId: string;
    street: string;
    city: string;
    postalCode: string;
    country: string;
  };
};

/** The invoice as the PDF prints it, from the companies module's record of it. */
export const onAccountFrom = ({
  invoice,
  termsDays,
  billing,
}: AccountInvoiceDetails): OnAccount => ({
  issuedAt: invoice.issuedAt,
  dueAt: invoice.dueAt,
  termsDays,
  amountCents: invoice.amountCents,
  paidCents: invoice.paidCents,
  creditedCents: invoice.creditedCents,
  voided: invoice.voidedAt !== null,
  billing,
});

/** The terms of sale the order was placed under (the policies module's version). */
export type TermsNote = { version: number; createdAt: Date };

const date = (d: Date) =>
  d.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The invoice of a paid order, as a PDF: seller, buyer (with company and tax id when given), PO
 * number, order number, every line, totals and the payment. Built from the order as stored: the
 * names and prices it was sold at, whatever the parts say now.
 */
export function renderInvoice(
  order: OrderView,
  seller: Seller,
  account?: OnAccount,
  terms?: TermsNote | null,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `Invoice ${formatOrderNumber(order.number)}`,
      Author: seller.name,
      Subject: `Order ${formatOrderNumber(order.number)}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const number = formatOrderNumber(order.number);
  const navy = '#1e3a8a';
  doc.fillColor(navy).fontSize(22).font('Helvetica-Bold').text(seller.name);
  doc.fillColor('#1f2937').fontSize(9).font('Helvetica');
  if (seller.address) doc.text(seller.address);
  if (seller.taxId) doc.text(`Tax/VAT id: ${seller.taxId}`);
  doc.text(seller.publicUrl);

  doc.moveDown(1.5).fontSize(18).font('Helvetica-Bold').fillColor(navy).text(`Invoice ${number}`);
  doc.fillColor('#1f2937').fontSize(10).font('Helvetica');
  doc.text(`Order number: ${number}`);
  doc.text(`Order date: ${date(order.createdAt)}`);
  if (account) {
    doc.text(`Invoice date: ${date(account.issuedAt)}`);
    doc
      .font('Helvetica-Bold')
      .text(`Due date: ${date(account.dueAt)}`)
      .font('Helvetica');
  } else if (order.paidAt) doc.text(`Invoice date: ${date(order.paidAt)}`);
  if (order.poNumber) doc.text(`Your PO number: ${order.poNumber}`);

  if (account) {
    // A company's invoice: billed to the company at its billing address, shipped where asked.
    const b = account.billing;
    doc.moveDown().font('Helvetica-Bold').text('Bill to').font('Helvetica');
    doc.text(b.name);
    doc.text(b.street);
    doc.text(`${b.postalCode} ${b.city}`);
    doc.text(b.country);
    doc.text(`Tax/VAT id: ${b.taxId}`);
    doc.text(`Ordered by: ${order.name} (${order.email})`);
  }
  doc
    .moveDown()
    .font('Helvetica-Bold')
    .text(account ? 'Ship to' : 'Bill and ship to')
    .font('Helvetica');
  if (order.company) doc.text(order.company);
  doc.text(order.name);
  if (order.shipCity) {
    doc.text(order.shipStreet);
    doc.text(`${order.shipPostalCode} ${order.shipCity}`);
    doc.text(order.shipCountry);
  } else {
    doc.text(order.address);
  }
  doc.text(order.email);
  doc.text(`Phone: ${order.phone}`);
  if (order.taxId) doc.text(`Tax/VAT id: ${order.taxId}`);

  // Taxed where the shop collects tax (decision 063): each line's rate, then the tax per rate.
  const taxed = order.taxTreatment !== 'none';
  // The lines, a row each, over as many pages as they need (an order holds up to 200).
  const columns = taxed ? [50, 250, 320, 390, 460] : [50, 300, 370, 460];
  const partWidth = taxed ? 190 : 240;
  const titles = taxed
    ? ['Part', 'Quantity', 'Unit price', 'Tax rate', 'Net amount']
    : ['Part', 'Quantity', 'Unit price', 'Amount'];
  const amountColumn = columns[columns.length - 1]!;
  const heading = () => {
    const top = doc.y;
    doc.font('Helvetica-Bold');
    titles.forEach((title, i) =>
      doc.text(title, columns[i], top, {
        width: i === 0 ? partWidth : taxed ? 70 : 90,
        align: i === 0 ? 'left' : 'right',
      }),
    );
    doc
      .moveTo(50, top + 15)
      .lineTo(545, top + 15)
      .strokeColor('#d1d5db')
      .stroke();
    doc.font('Helvetica');
    doc.y = top + 22;
  };
  doc.moveDown(1.5);
  heading();
  const bottom = doc.page.height - doc.page.margins.bottom - 40;
  for (const line of order.lines) {
    const name =
      `${line.partName} (${line.sku})` +
      (line.reference ? `, ref. ${line.reference}` : '') +
      (line.priceStep ? `, ${stepLabel(line.priceStep)}` : '') +
      (line.canceledAt ? ' (canceled)' : '');
    const height = doc.heightOfString(name, { width: partWidth });
    if (doc.y + height > bottom) {
      doc.addPage();
      heading();
    }
    const row = doc.y;
    const amount = formatMoney(fromCents(line.totalCents));
    const width = taxed ? 70 : 90;
    doc.text(name, columns[0], row, { width: partWidth });
    const after = doc.y;
    doc.text(String(line.quantity), columns[1], row, { width, align: 'right' });
    doc.text(formatMoney(fromCents(line.unitPriceCents)), columns[2], row, {
      width,
      align: 'right',
    });
    if (taxed) doc.text(formatRate(line.taxRateBp), columns[3], row, { width, align: 'right' });
    doc.text(line.canceledAt ? `(${amount})` : amount, amountColumn, row, {
      width,
      align: 'right',
    });
    doc.y = Math.max(after, doc.y) + 4;
    if (line.coreCents > 0) {
      // The core deposit is its own line (decision 069), untaxed, refunded when the core returns.
      const label = `${coreDepositLabel()} (not taxed)`;
      const coreRow = doc.y;
      doc.text(label, columns[0], coreRow, { width: partWidth });
      const below = doc.y;
      doc.text(String(line.quantity), columns[1], coreRow, { width, align: 'right' });
      doc.text(formatMoney(fromCents(line.coreChargeCents)), columns[2], coreRow, {
        width,
        align: 'right',
      });
      const core = formatMoney(fromCents(line.coreCents));
      doc.text(line.canceledAt ? `(${core})` : core, amountColumn, coreRow, {
        width,
        align: 'right',
      });
      doc.y = Math.max(below, doc.y) + 4;
    }
  }
  const amount = formatMoney(fromCents(order.totalCents));

  doc.moveDown(2);
  const totals: [string, string][] = taxed
    ? invoiceTaxTotals(order)
    : [
        ['Subtotal', formatMoney(fromCents(order.totalCents - order.coreCents))],
        ['Delivery', formatMoney(0)],
        ...coreTotals(order),
        ['Total', amount],
      ];
  for (const [label, value] of totals) {
    const y = doc.y;
    doc.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, 250, y, { width: 200, align: 'right' });
    doc.text(value, amountColumn, y, { width: 70, align: 'right' });
  }
  if (taxed) {
    doc.moveDown();
    for (const note of invoiceTaxNotes(order)) doc.text(note, 50);
  }

  doc.moveDown(2).font('Helvetica-Bold').text('Payment', 50).font('Helvetica');
  if (account) {
    const open = account.amountCents - account.paidCents - account.creditedCents;
    doc.text(
      account.voided
        ? 'The order was canceled before it shipped: this invoice is void and nothing is owed.'
        : `On account${account.termsDays ? `, ${account.termsDays} days` : ''}: please pay by bank transfer by ` +
            `${date(account.dueAt)}, quoting ${number}.`,
    );
    if (!account.voided) {
      if (account.paidCents > 0)
        doc.text(`Received so far: ${formatMoney(fromCents(account.paidCents))}.`);
      if (account.creditedCents > 0)
        doc.text(`Credited: ${formatMoney(fromCents(account.creditedCents))}.`);
      doc
        .font('Helvetica-Bold')
        .text(`Amount due: ${formatMoney(fromCents(open))}`)
        .font('Helvetica');
    }
  } else
    doc.text(
      order.paidAt
        ? `Paid by card on ${date(order.paidAt)}. Payment id: ${order.transactionId ?? ''}`
        : 'Not paid yet.',
    );
  const whole = order.status === 'canceled';
  if (order.refundStatus === 'succeeded')
    doc.text(
      `${whole ? 'Refunded in full' : 'Refunded for canceled or returned lines'}: ${formatMoney(fromCents(order.refundedCents))}.`,
    );
  else if (order.refundStatus === 'pending')
    doc.text(
      whole
        ? 'A full refund is on its way.'
        : 'A refund of canceled or returned lines is on its way.',
    );

  if (terms) {
    doc
      .moveDown()
      .fontSize(9)
      .text(`Sold under our Terms of sale of ${date(terms.createdAt)}, version ${terms.version}.`);
  }
  doc
    .moveDown(2)
    .fontSize(8)
    .fillColor('#4b5563')
    .text(`Thank you for your order. ${seller.name}.`);
  doc.end();
  return done;
}

/**
 * A taxed invoice's totals (decision 063): the live lines' net, delivery (free, untaxed), the tax
 * of each rate (the sum of its lines' taxes, each rounded half up), and the gross. The rows add up
 * to the total to the cent: the gross is the stored total, and it is the net plus these taxes.
 */
export function invoiceTaxTotals(order: OrderView): [string, string][] {
  const live = order.lines
    .filter((l) => l.canceledAt === null)
    .map((l) => ({ netCents: l.totalCents, rateBp: l.taxRateBp, taxCents: l.taxCents }));
  const rates = taxPerRate(live);
  const money = (cents: number) => formatMoney(fromCents(cents));
  return [
    ['Subtotal (net)', money(orderNetCents(order))],
    ['Delivery', money(0)],
    ...(rates.length > 0
      ? rates.map((r): [string, string] => [
          `Tax ${formatRate(r.rateBp)} on ${money(r.netCents)}`,
          money(r.taxCents),
        ])
      : [['Tax', money(0)] as [string, string]]),
    ...coreTotals(order),
    ['Total', money(order.totalCents)],
  ];
}

/** The order's core deposits as a row of the totals (decision 069), when it has any. */
const coreTotals = (order: OrderView): [string, string][] =>
  order.coreCents > 0
    ? [['Core deposits (refundable)', formatMoney(fromCents(order.coreCents))]]
    : [];

/** What the law asks an invoice to say about its tax, by how the order was taxed. */
export function invoiceTaxNotes(order: OrderView): string[] {
  const notes: string[] = [];
  if (order.taxRegion) notes.push(`Tax region: ${order.taxRegion}.`);
  if (order.taxTreatment === 'reverse_charge') {
    notes.push('Reverse charge');
    if (order.buyerVatId) notes.push(`Buyer's VAT id: ${order.buyerVatId}`);
    notes.push('VAT to be accounted for by the recipient.');
  }
  if (order.taxTreatment === 'exempt' && order.taxCertificate)
    notes.push(`Tax exempt: exemption certificate ${order.taxCertificate}.`);
  if (order.taxNote) notes.push(order.taxNote);
  return notes;
}

/**
 * A credit note as a PDF: what the shop gives back against the invoice of a shipped order on
 * account, to the company billed, with its number and reason.
 */
export function renderCreditNote(input: {
  note: CompanyCreditNoteRow;
  order: OrderView;
  company: CompanyRow;
  seller: Seller;
}): Promise<Buffer> {
  const { note, order, company, seller } = input;
  const number = `CN-${note.number}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Credit note ${number}`, Author: seller.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const navy = '#1e3a8a';
  doc.fillColor(navy).fontSize(22).font('Helvetica-Bold').text(seller.name);
  doc.fillColor('#1f2937').fontSize(9).font('Helvetica');
  if (seller.address) doc.text(seller.address);
  if (seller.taxId) doc.text(`Tax/VAT id: ${seller.taxId}`);
  doc.text(seller.publicUrl);
  doc
    .moveDown(1.5)
    .fontSize(18)
    .font('Helvetica-Bold')
    .fillColor(navy)
    .text(`Credit note ${number}`);
  doc.fillColor('#1f2937').fontSize(10).font('Helvetica');
  doc.text(`Date: ${date(note.issuedAt)}`);
  doc.text(`Against the invoice of order ${formatOrderNumber(order.number)}`);
  doc.moveDown().font('Helvetica-Bold').text('Credited to').font('Helvetica');
  doc.text(company.name);
  doc.text(company.billingStreet);
  doc.text(`${company.billingPostalCode} ${company.billingCity}`);
  doc.text(company.billingCountry);
  doc.text(`Tax/VAT id: ${company.taxId}`);
  doc.moveDown().font('Helvetica-Bold').text('Reason').font('Helvetica');
  doc.text(note.reason);
  doc
    .moveDown()
    .font('Helvetica-Bold')
    .text(`Amount credited: ${formatMoney(fromCents(note.amountCents))}`);
  if (order.taxTreatment !== 'none')
    doc
      .font('Helvetica')
      .text(
        `Of which tax: ${formatMoney(fromCents(note.taxCents))}; net ${formatMoney(fromCents(note.amountCents - note.taxCents))}.`,
      );
  doc
    .font('Helvetica')
    .text(`The order's invoice (${formatMoney(fromCents(order.totalCents))}) asks this much less.`);
  doc.end();
  return done;
}
