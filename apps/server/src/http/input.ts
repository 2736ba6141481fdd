import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/**
 * Text the database cannot store, found once at the boundary: PostgreSQL refuses U+0000 in text
 * (500 on every route that wrote it), and a lone UTF-16 surrogate is not valid UTF-8 (500 on the
 * embedded database). Both are a 400 naming the field, before any route sees them.
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** How deep a JSON body may nest: far beyond any body this API takes. */
export const MAX_DEPTH = 32;

export const hasUnstorableText = (text: string): boolean => UNSTORABLE.test(text);

const invalid = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, { [field]: message });

/**
 * Walks a parsed value (iteratively: a hostile body must not exhaust the stack) and throws a 400
 * naming the first field whose text, or key, cannot be stored.
 */
export function assertStorable(value: unknown, root = '_'): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    const field = path || root;
    if (typeof current === 'string') {
      if (hasUnstorableText(current))
        throw invalid(field, 'This field contains characters that are not allowed');
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_DEPTH) throw invalid(field, 'The request is nested too deeply');
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (hasUnstorableText(key))
        throw invalid(root, 'A field name contains characters that are not allowed');
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
}

/**
 * Parses a JSON body as every route receives it: a byte-order mark is ignored (as RFC 8259
 * allows parsers to), anything that is not JSON is a 400, and the result is checked by
 * `assertStorable`. Prototype keys are dropped by the reviver, as Fastify's parser does.
 */
export function parseJsonBody(text: string): unknown {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (source.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(source, (key, value: unknown) =>
      key === '__proto__' || key === 'constructor' ? undefined : value,
    );
  } catch {
    throw new AppError(400, 'INVALID_JSON', 'The request body is not valid JSON');
  }
  assertStorable(parsed);
  return parsed;
}

/**
 * Registers the checks on every request: the address (path and query) once decoded, and JSON
 * bodies through `parseJsonBody`. Routes that read their body raw (the identity provider's bridge,
 * Stripe's webhook) parse it themselves with the same functions.
 */
export function checkInputs(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(request.url);
    } catch {
      return done(new AppError(400, 'BAD_URL', 'The address is not valid'));
    }
    if (hasUnstorableText(decoded))
      return done(
        new AppError(400, 'BAD_URL', 'The address contains characters that are not allowed'),
      );
    done();
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
