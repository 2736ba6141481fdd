import PDFDocument from 'pdfkit';
import { RETURN_REASON_LABELS, type ReturnResponse } from '@storefront/contract';
import type { Seller } from '../invoices/invoice.js';

/**
 * The printable return slip (pdfkit, as the invoice and credit note are drawn): the return's
 * number, its order, the lines and quantities, and where to send the parts. It goes in the box.
 */
export function renderReturnSlip(ret: ReturnResponse, seller: Seller): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Return slip ${ret.number}`, Author: seller.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const navy = '#1e3a8a';
  doc.fillColor(navy).fontSize(22).font('Helvetica-Bold').text(seller.name);
  doc.fillColor('#1f2937').fontSize(9).font('Helvetica').text(seller.publicUrl);
  doc
    .moveDown(1.5)
    .fontSize(20)
    .font('Helvetica-Bold')
    .fillColor(navy)
    .text(`Return slip ${ret.number}`);
  doc.fillColor('#1f2937').fontSize(10).font('Helvetica');
  doc.text(`Order ${ret.orderNumber}`);
  doc.text(`Reason: ${RETURN_REASON_LABELS[ret.reason]}`);
  if (ret.arriveBy) doc.text(`The parts must arrive by ${ret.arriveBy.slice(0, 10)}.`);
  else doc.text('Send the parts once the return is approved.');

  doc.moveDown().font('Helvetica-Bold').text('Send to').font('Helvetica');
  doc.text(`${seller.name}, Returns`);
  doc.text(seller.address || 'The address is on the shop’s contact page.');
  doc.text(`Write ${ret.number} on the parcel.`);

  doc.moveDown().font('Helvetica-Bold').text('Parts in this parcel').font('Helvetica');
  for (const line of ret.lines)
    doc.text(`${line.quantity} × ${line.partName} (SKU ${line.sku}), line ${line.lineNo}`);

  doc
    .moveDown()
    .fontSize(9)
    .text(
      `From: ${ret.customer.name}. Put this slip in the box with the parts, in their own packaging ` +
        'where you still have it.',
    );
  doc.end();
  return done;
}
