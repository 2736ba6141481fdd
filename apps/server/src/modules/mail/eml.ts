import { randomBytes } from 'node:crypto';
import type { Mail } from './mailer.js';

/**
 * A message as an RFC 5322 / MIME file, for the local outbox: plain text and HTML as alternatives,
 * attachments beside them. Written by hand because composing through nodemailer's stream pipeline
 * cost more CPU than placing the order the mail tells of; SMTP still goes through nodemailer.
 */
export function composeEml(mail: Mail, from: string, messageId: string, date = new Date()): string {
  const headers = [
    `From: ${encodeAddressList(from)}`,
    `To: ${encodeAddressList(mail.to)}`,
    `Subject: ${encodeHeaderText(mail.subject)}`,
    `Message-ID: ${messageId}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    'MIME-Version: 1.0',
  ];
  const text = textPart('text/plain', mail.text);
  const body = mail.html
    ? multipart('alternative', [text, textPart('text/html', mail.html)])
    : text;
  const parts = mail.attachments?.length
    ? multipart('mixed', [body, ...mail.attachments.map(attachmentPart)])
    : body;
  return `${headers.join('\n')}\n${parts.headers.join('\n')}\n\n${parts.content}\n`;
}

type Part = { headers: string[]; content: string };

const boundary = () => `----=_storefront_${randomBytes(12).toString('hex')}`;

function multipart(kind: 'alternative' | 'mixed', parts: Part[]): Part {
  const b = boundary();
  const content = parts
    .map((p) => `--${b}\n${p.headers.join('\n')}\n\n${p.content}`)
    .concat(`--${b}--`)
    .join('\n');
  return { headers: [`Content-Type: multipart/${kind}; boundary="${b}"`], content };
}

const textPart = (type: string, text: string): Part => ({
  headers: [`Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: quoted-printable'],
  content: quotedPrintable(text),
});

function attachmentPart(file: NonNullable<Mail['attachments']>[number]): Part {
  const name = file.filename.replace(/["\\\r\n]/g, '_');
  return {
    headers: [
      `Content-Type: ${file.contentType}; name="${name}"`,
      `Content-Disposition: attachment; filename="${name}"`,
      'Content-Transfer-Encoding: base64',
    ],
    content: (file.content.toString('base64').match(/.{1,76}/g) ?? []).join('\n'),
  };
}

/**
 * Quoted-printable (RFC 2045): printable ASCII as it is, every other byte as =XX, lines kept, and
 * soft breaks (`=` at the end of a line) so no line is longer than 76 characters.
 */
export function quotedPrintable(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      // Printable ASCII but `=` stays; anything else is its UTF-8 bytes as =XX (a lone surrogate
      // as U+FFFD, as Buffer.from writes it).
      let encoded = line.replace(/[^\t\x20-\x3c\x3e-\x7e]/gu, (char) => {
        let escaped = '';
        for (const byte of Buffer.from(char, 'utf8'))
          escaped += `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
        return escaped;
      });
      // Spaces at the end of a line may be dropped on the way: encode the last one.
      encoded = encoded.replace(/[ \t]$/, (c) => (c === ' ' ? '=20' : '=09'));
      const lines: string[] = [];
      while (encoded.length > 76) {
        let cut = 75;
        // Never split an =XX escape.
        const escape = encoded.lastIndexOf('=', cut);
        if (escape > cut - 3) cut = escape;
        lines.push(`${encoded.slice(0, cut)}=`);
        encoded = encoded.slice(cut);
      }
      lines.push(encoded);
      return lines.join('\n');
    })
    .join('\n');
}

/** Header text with anything beyond printable ASCII as one RFC 2047 encoded word. */
const encodeHeaderText = (text: string): string => {
  const clean = text.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(clean)
    ? clean
    : `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
};

/** `Name <a@b>, c@d`: display names encoded when they need it, addresses as they are. */
const encodeAddressList = (list: string): string =>
  list
    .replace(/[\r\n]+/g, ' ')
    // Commas inside a quoted display name do not separate addresses.
    .match(/(?:[^,"]|"[^"]*")+/g)
    ?.map((entry) => {
      const match = /^\s*(.*?)\s*<([^>]*)>\s*$/.exec(entry);
      if (!match) return entry.trim();
      const name = (match[1] ?? '').replace(/^"|"$/g, '');
      if (!name) return `<${match[2]}>`;
      const shown = /^[\x20-\x7e]*$/.test(name)
        ? `"${name.replace(/["\\]/g, '\\$&')}"`
        : encodeHeaderText(name);
      return `${shown} <${match[2]}>`;
    })
    .join(', ') ?? '';
