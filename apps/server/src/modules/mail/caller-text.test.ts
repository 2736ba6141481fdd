import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defused, quotedForSubject } from './caller-text.js';

/** What a mail program would make a link of: a scheme, or a host name with a dot. */
const LINKABLE = /[a-z][a-z0-9+.-]*:\/\/|[\p{L}\p{N}-]\.[\p{L}\p{N}]/iu;

describe('words a caller chose, in a mail to someone else', () => {
  it('keeps links out and says where they end', () => {
    expect(quotedForSubject('Your bank: verify at evil.example')).toBe(
      '“Your bank: verify at evil[.]example”',
    );
    expect(defused('see https://evil.example/login now')).toBe('see evil[.]example/login now');
    expect(defused('Smith & Co. Ltd')).toBe('Smith & Co. Ltd');
    expect(defused('evil．example\nSubject: x')).toBe('evil[.]example Subject: x');
    const long = quotedForSubject('URGENT account locked '.repeat(5), 30);
    expect(long.length).toBeLessThanOrEqual(32);
    expect(long).toMatch(/^“URGENT account locked URGENT.*…”$/);
  });

  it('never leaves anything linkable, a line break or more than the limit, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const subject = quotedForSubject(text, 40);
        expect(subject).not.toMatch(LINKABLE);
        expect(subject).not.toMatch(/[\r\n\u2028\u2029]/);
        expect([...subject].length).toBeLessThanOrEqual(42);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.webUrl(), fc.string({ maxLength: 20 }), (url, around) => {
        expect(defused(`${around}${url}${around}`)).not.toMatch(LINKABLE);
      }),
      { numRuns: 300 },
    );
  });
});
