import type { ContactBody } from '@storefront/contract';
import { defused, defusedLines, quotedForSubject } from '../mail/caller-text.js';
import type { Mail } from '../mail/mailer.js';

/**
 * The message as the shop reads it, and the copy the sender gets. The sender's address is theirs
 * to choose, so the copy (which goes out under the shop's name) carries their words defused, and
 * no subject carries them verbatim (decision 057).
 */
export function contactMails(body: ContactBody, shop: string[], brandName: string): Mail[] {
  const details = (words: (text: string) => string) =>
    [
      `Name: ${words(body.name)}`,
      `Email: ${body.email}`,
      ...(body.company ? [`Company: ${words(body.company)}`] : []),
      ...(body.orderNumber ? [`Order: ${words(body.orderNumber)}`] : []),
      '',
      words(body.message),
    ].join('\n');
  const subject = `Contact form: ${quotedForSubject(body.name)}${body.orderNumber ? ` (order ${quotedForSubject(body.orderNumber, 20)})` : ''}`;
  return [
    ...shop.map((to) => ({
      to,
      subject,
      text: `A message from the contact form. Answer it by writing to ${body.email}.\n\n${details((t) => t)}\n`,
    })),
    {
      to: body.email,
      subject: `Your message to ${brandName}`,
      text: `Hello ${defused(body.name)},\n\nThank you for writing to ${brandName}. We will answer by email. This is a copy of your message:\n\n${details(defusedLines)}\n`,
    },
  ];
}
