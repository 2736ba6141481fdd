import zlib from 'node:zlib';

export type Encoded = { br: Buffer; gzip: Buffer };

/** Compressed once when the catalog is cached, never per request. */
export const encode = (body: string): Encoded => ({
  br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: zlib.gzipSync(body, { level: 6 }),
});

/** One body in one encoding, for a page rendered per request. */
export const encodeAs = (body: string, encoding: keyof Encoded): Buffer =>
  encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : zlib.gzipSync(body, { level: 6 });

/** The best encoding the client accepts, or null for plain. */
export function pickEncoding(acceptEncoding: string | undefined): keyof Encoded | null {
  if (!acceptEncoding) return null;
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return null;
}
