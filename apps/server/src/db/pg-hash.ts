/*
 * PostgreSQL's `hashtextextended(text, 0)` computed here, bit for bit: Bob Jenkins' lookup3 over
 * the text's UTF-8 bytes, as `hash_bytes_extended` in PostgreSQL's src/common/hashfn.c reads them
 * on a little-endian machine (the server's and the embedded database's). A value hashed in the
 * database and one hashed here can then be compared without either side sending its rows to the
 * other (decision 072). pg-hash.test.ts holds the two to each other on random text.
 */

const encoder = new TextEncoder();
let bytes = new Uint8Array(4096);

const rot = (x: number, k: number) => (x << k) | (x >>> (32 - k));

/** The hash as PostgreSQL's signed 64-bit result, split: `high * 2^32 + low`. */
export type Hash64 = { high: number; low: number };

export function hashTextExtended(text: string): Hash64 {
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (text.length * 3 > bytes.length) bytes = new Uint8Array(text.length * 3);
  const k = bytes;
  let len = encoder.encodeInto(text, k).written;
  let a = (0x9e3779b9 + len + 3923095) | 0;
  let b = a;
  let c = a;
  let i = 0;
  while (len >= 12) {
    a = (a + (k[i]! | (k[i + 1]! << 8) | (k[i + 2]! << 16) | (k[i + 3]! << 24))) | 0;
    b = (b + (k[i + 4]! | (k[i + 5]! << 8) | (k[i + 6]! << 16) | (k[i + 7]! << 24))) | 0;
    c = (c + (k[i + 8]! | (k[i + 9]! << 8) | (k[i + 10]! << 16) | (k[i + 11]! << 24))) | 0;
    // mix(a, b, c)
    a = (a - c) | 0;
    a ^= rot(c, 4);
    c = (c + b) | 0;
    b = (b - a) | 0;
    b ^= rot(a, 6);
    a = (a + c) | 0;
    c = (c - b) | 0;
    c ^= rot(b, 8);
    b = (b + a) | 0;
    a = (a - c) | 0;
    a ^= rot(c, 16);
    c = (c + b) | 0;
    b = (b - a) | 0;
    b ^= rot(a, 19);
    a = (a + c) | 0;
    c = (c - b) | 0;
    c ^= rot(b, 4);
    b = (b + a) | 0;
    i += 12;
    len -= 12;
  }
  // The last 11 bytes; the lowest byte of c is left for the length, as in lookup3.
  if (len >= 11) c = (c + (k[i + 10]! << 24)) | 0;
  if (len >= 10) c = (c + (k[i + 9]! << 16)) | 0;
  if (len >= 9) c = (c + (k[i + 8]! << 8)) | 0;
  if (len >= 8) b = (b + (k[i + 7]! << 24)) | 0;
  if (len >= 7) b = (b + (k[i + 6]! << 16)) | 0;
  if (len >= 6) b = (b + (k[i + 5]! << 8)) | 0;
  if (len >= 5) b = (b + k[i + 4]!) | 0;
  if (len >= 4) a = (a + (k[i + 3]! << 24)) | 0;
  if (len >= 3) a = (a + (k[i + 2]! << 16)) | 0;
  if (len >= 2) a = (a + (k[i + 1]! << 8)) | 0;
  if (len >= 1) a = (a + k[i]!) | 0;
  // final(a, b, c)
  c ^= b;
  c = (c - rot(b, 14)) | 0;
  a ^= c;
  a = (a - rot(c, 11)) | 0;
  b ^= a;
  b = (b - rot(a, 25)) | 0;
  c ^= b;
  c = (c - rot(b, 16)) | 0;
  a ^= c;
  a = (a - rot(c, 4)) | 0;
  b ^= a;
  b = (b - rot(a, 14)) | 0;
  c ^= b;
  c = (c - rot(b, 24)) | 0;
  return { high: b | 0, low: c >>> 0 };
}

/** A sum of hashes as PostgreSQL's `sum()` of them writes it. */
export const sumText = (highs: number, lows: number): string =>
  ((BigInt(highs) << 32n) + BigInt(lows)).toString();
