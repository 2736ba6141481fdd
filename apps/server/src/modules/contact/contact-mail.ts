import type { ContactBody } from '@storefront/contract';
import type { Mail } from '../mail/mailer.js';

/** The message as the shop reads it, and the copy the sender gets. */
export function contactMails(body: ContactBody, shop: string[], brandName: string): Mail[] {
  const details = [
    `Name: ${body.name}`,
    `Email: ${body.email}`,
    ...(body.company ? [`Company: ${body.company}`] : []),
    ...(body.orderNumber ? [`Order: ${body.orderNumber}`] : []),
    '',
    body.message,
  ].join('\n');
  const subject = `Contact form: ${body.name}${body.orderNumber ? ` (order ${body.orderNumber})` : ''}`;
  return [
    ...shop.map((to) => ({
      to,
      subject,
      text: `A message from the contact form. Answer it by writing to ${body.email}.\n\n${details}\n`,
    })),
    {
      to: body.email,
      subject: `Your message to ${brandName}`,
      text: `Hello ${body.name},\n\nThank you for writing to ${brandName}. We will answer by email. This is a copy of your message:\n\n${details}\n`,
    },
  ];
}
