import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeEml, quotedPrintable } from './eml.js';

/** Undoes quoted-printable as a mail reader does: soft breaks joined, =XX bytes decoded. */
const decodeQp = (text: string) =>
  Buffer.from(
    text
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const partsOf = (eml: string, boundary: string) =>
  eml
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => {
      const [head = '', ...body] = p.replace(/^\n/, '').split('\n\n');
      return { head, body: body.join('\n\n').replace(/\n$/, '') };
    });

describe('local outbox messages', () => {
  it('round-trips any text through quoted-printable, with no line over 76 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const encoded = quotedPrintable(text);
        for (const line of encoded.split('\n')) expect(line.length).toBeLessThanOrEqual(76);
        expect(decodeQp(encoded)).toBe(text.replace(/\r\n?/g, '\n'));
      }),
      { numRuns: 300 },
    );
  });

  it('escapes exactly the bytes a byte-by-byte encoder escapes, lone surrogates included', () => {
    const byByte = (line: string) => {
      let encoded = '';
      for (const byte of Buffer.from(line, 'utf8'))
        encoded +=
          (byte >= 33 && byte <= 126 && byte !== 61) || byte === 32 || byte === 9
            ? String.fromCharCode(byte)
            : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      return encoded;
    };
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (line) => {
        const oneLine = line.replace(/[\r\n]/g, '');
        const encoded = quotedPrintable(oneLine).replace(/=\n/g, '');
        expect(encoded.replace(/=20$|=09$/, (e) => (e === '=20' ? ' ' : '\t'))).toBe(
          byByte(oneLine),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('writes headers, text and HTML alternatives, and attachments a mail reader can take apart', () => {
    const pdf = Buffer.from('%PDF-1.4 fake invoice bytes \x00\x01\x02', 'latin1');
    const eml = composeEml(
      {
        to: 'buyer@example.com',
        subject: 'Order A-10001 paid: Bremsbeläge',
        text: 'Thank you.\nOpen https://shop.test/receipt?token=abc=def to see it.',
        html: '<p>Thank you, “Büyer”.</p>',
        attachments: [
          { filename: 'invoice-A-10001.pdf', content: pdf, contentType: 'application/pdf' },
        ],
      },
      '"Müller Parts, Ltd" <shop@example.com>',
      '<job-1@storefront.local>',
      new Date('2026-11-22T10:00:00Z'),
    );
    expect(eml).toContain('\nTo: buyer@example.com\n');
    expect(eml).toContain('Message-ID: <job-1@storefront.local>');
    expect(eml).toContain('Date: Sun, 22 Nov 2026 10:00:00 +0000');
    const subject = /^Subject: =\?UTF-8\?B\?(.+)\?=$/m.exec(eml)?.[1];
    expect(Buffer.from(subject ?? '', 'base64').toString('utf8')).toBe(
      'Order A-10001 paid: Bremsbeläge',
    );
    const from = /^From: =\?UTF-8\?B\?(.+)\?= <shop@example.com>$/m.exec(eml)?.[1];
    expect(Buffer.from(from ?? '', 'base64').toString('utf8')).toBe('Müller Parts, Ltd');

    const mixed = /multipart\/mixed; boundary="([^"]+)"/.exec(eml)?.[1] ?? '';
    const [body, attachment] = partsOf(eml, mixed);
    expect(attachment?.head).toContain('filename="invoice-A-10001.pdf"');
    expect(Buffer.from(attachment?.body.replace(/\n/g, '') ?? '', 'base64')).toEqual(pdf);
    const alternative = /multipart\/alternative; boundary="([^"]+)"/.exec(body?.head ?? '')?.[1];
    const [text, html] = partsOf(eml, alternative ?? '');
    expect(text?.head).toContain('text/plain; charset=utf-8');
    expect(decodeQp(text?.body ?? '')).toBe(
      'Thank you.\nOpen https://shop.test/receipt?token=abc=def to see it.',
    );
    expect(decodeQp(html?.body ?? '')).toBe('<p>Thank you, “Büyer”.</p>');
  });

  it('keeps a line break out of every header, whatever the subject holds', () => {
    const eml = composeEml(
      { to: 'a@example.com', subject: 'Hi\r\nBcc: victim@example.com', text: 'x' },
      'Shop <shop@example.com>',
      '<m@storefront.local>',
    );
    expect(eml).not.toMatch(/^Bcc:/m);
    expect(eml).toContain('Subject: Hi Bcc: victim@example.com');
  });
});
