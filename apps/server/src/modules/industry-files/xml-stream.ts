import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { SaxesParser } from 'saxes';
import { AppError } from '../../http/errors.js';

/**
 * What an industry XML file may hold (decision 067). Far above a real ACES or PIES file (a value
 * is a part number, an id, a note), low enough that a hostile file is refused before it costs
 * memory: saxes holds one name, attribute or text in memory while reading it.
 */
export const XML_LIMITS = {
  /** Elements inside one another (ACES nests 4 deep, PIES 6). */
  maxDepth: 16,
  /** Characters of one attribute value or one element's text. */
  maxValueChars: 20_000,
  /** Characters read without the parser finishing a tag or a text: a value too long. */
  maxPendingChars: 1_048_576,
  /** Attributes on one element. */
  maxAttributes: 32,
} as const;

const refuse = (name: string, message: string) =>
  new AppError(400, 'UNREADABLE_FILE', `${name}: ${message}. Nothing was changed.`);

export type XmlEvent =
  | { kind: 'open'; name: string; attributes: Record<string, string>; depth: number; line: number }
  | { kind: 'text'; text: string }
  | { kind: 'close'; name: string; depth: number };

/**
 * Checks a file's first bytes before a job exists: UTF-8 (declared or not: UTF-16 and other
 * declared encodings are refused), no DTD and no entity declarations (no XXE, no "billion
 * laughs"), and the root element `expectRoot` with its attributes, which it returns.
 */
export async function inspectXml(
  file: { path: string; name: string },
  expectRoot: string,
): Promise<Record<string, string>> {
  const handle = await fs.open(file.path, 'r');
  let head: Buffer;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(65_536), 0, 65_536, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (head.length === 0) throw refuse(file.name, 'the file is empty');
  if (
    (head[0] === 0xfe && head[1] === 0xff) ||
    (head[0] === 0xff && head[1] === 0xfe) ||
    head.subarray(0, 64).includes(0)
  )
    throw refuse(file.name, 'the file is UTF-16: save it as UTF-8');
  // The head may end inside a character: decoded leniently here, strictly while reading.
  const text = head.toString('utf8');
  const declared = /^\uFEFF?<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/.exec(text)?.[1];
  if (declared && !/^utf-?8$/i.test(declared))
    throw refuse(file.name, `it declares the encoding "${declared}": save it as UTF-8`);
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text))
    throw refuse(file.name, 'it declares a DTD or entities, which are not read');
  const root = /<([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/.exec(
    text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''),
  );
  if (!root || root[1] !== expectRoot)
    throw refuse(
      file.name,
      `it is not ${/^[AEIOU]/.test(expectRoot) ? 'an' : 'a'} ${expectRoot} file (its first element must be <${expectRoot}>)`,
    );
  const attributes: Record<string, string> = {};
  for (const m of (root[2] ?? '').matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    attributes[m[1]!] = m[2] ?? m[3] ?? '';
  return attributes;
}

/**
 * An XML file as a stream of events, read with saxes 64 KB at a time: strict UTF-8, no DTD (its
 * event refuses the file), entities other than XML's five undefined (saxes refuses them), depth,
 * attributes and every value capped. Memory follows one chunk and one value.
 */
export async function* xmlEvents(file: { path: string; name: string }): AsyncGenerator<XmlEvent> {
  const parser = new SaxesParser({ position: true, xmlns: false });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let queue: XmlEvent[] = [];
  let depth = 0;
  let failure: AppError | null = null;
  let pending = 0;
  let text = '';
  const fail = (message: string) => {
    failure ??= refuse(file.name, `${message} (line ${parser.line})`);
  };
  const flushText = () => {
    if (text.trim()) queue.push({ kind: 'text', text });
    text = '';
  };
  parser.on('xmldecl', (decl) => {
    if (decl.encoding && !/^utf-?8$/i.test(decl.encoding))
      fail(`it declares the encoding "${decl.encoding}": save it as UTF-8`);
  });
  parser.on('doctype', () => fail('it declares a DTD, which is not read'));
  parser.on('processinginstruction', () => undefined);
  parser.on('opentag', (tag) => {
    pending = 0;
    flushText();
    depth += 1;
    if (depth > XML_LIMITS.maxDepth)
      return fail(`elements nest deeper than ${XML_LIMITS.maxDepth}`);
    const attributes = tag.attributes as Record<string, string>;
    const names = Object.keys(attributes);
    if (names.length > XML_LIMITS.maxAttributes)
      return fail(`<${tag.name}> has too many attributes`);
    for (const n of names)
      if (attributes[n]!.length > XML_LIMITS.maxValueChars)
        return fail(
          `an attribute of <${tag.name}> is longer than ${XML_LIMITS.maxValueChars} characters`,
        );
    queue.push({ kind: 'open', name: tag.name, attributes, depth, line: parser.line });
  });
  parser.on('text', (t) => {
    pending = 0;
    text += t;
    if (text.length > XML_LIMITS.maxValueChars)
      fail(`a text is longer than ${XML_LIMITS.maxValueChars} characters`);
  });
  parser.on('cdata', (t) => {
    pending = 0;
    text += t;
    if (text.length > XML_LIMITS.maxValueChars)
      fail(`a text is longer than ${XML_LIMITS.maxValueChars} characters`);
  });
  parser.on('closetag', (tag) => {
    pending = 0;
    flushText();
    queue.push({ kind: 'close', name: tag.name, depth });
    depth -= 1;
  });
  parser.on('error', (err) =>
    fail(`it is not well-formed XML: ${err.message.replace(/^.*?:\d+:\d+: /, '')}`),
  );
  const feed = (slice: string) => {
    pending += slice.length;
    parser.write(slice);
    if (pending > XML_LIMITS.maxPendingChars)
      fail(
        `a value is longer than ${XML_LIMITS.maxPendingChars.toLocaleString('en-US')} characters`,
      );
  };
  const drain = function* (): Generator<XmlEvent> {
    if (failure) throw failure;
    const events = queue;
    queue = [];
    yield* events;
  };
  // Each slice's events are handed on before the next slice is parsed. A whole 64 KB chunk's
  // events (and the tags and attributes saxes made for them) lived while the reader and the
  // database worked through them, long enough for V8 to move them to the old generation: a
  // hundred thousand applications left hundreds of MB of garbage there before a full collection.
  // A small slice's events die young. (Small slices also refuse a value that never ends after
  // 1 MB, not after the whole file.)
  const SLICE = 4_096;
  try {
    for await (const chunk of createReadStream(file.path, { highWaterMark: 65_536 })) {
      let decoded: string;
      try {
        decoded = decoder.decode(chunk as Buffer, { stream: true });
      } catch {
        throw refuse(file.name, 'it is not UTF-8 text: save it as UTF-8');
      }
      for (let i = 0; i < decoded.length && !failure; i += SLICE) {
        feed(decoded.slice(i, i + SLICE));
        yield* drain();
      }
      yield* drain();
    }
    feed(decoder.decode());
    if (!failure) parser.close();
    yield* drain();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw failure ?? refuse(file.name, 'it is not well-formed XML');
  }
}
