/**
 * Words a caller chose (their name, their company's name) in a mail the shop sends to somebody
 * else. Such a mail carries the shop's name, so it must not carry the caller's message as the
 * shop's: in the body the words are defused (nothing a mail program would turn into a link); in a
 * subject they are also cut short and quoted, so a reader sees where the shop's words end.
 */

/** A dot between two parts of a host name, a scheme's `://`, `www.`: what mail programs link. */
const HOST = /([\p{L}\p{N}-]+)\.(?=[\p{L}\p{N}-]+)/gu;

export function defused(text: string): string {
  return (
    text
      // Look-alike dots and slashes become the plain ones first, so they are defused too.
      .normalize('NFKC')
      .replace(/[\u2024\u3002\uFF0E\uFE52]/g, '.')
      // One line: no control characters, line or paragraph separators.
      .replace(/[\p{Cc}\p{Zl}\p{Zp}\u200B-\u200F\u202A-\u202E\u2066-\u2069]+/gu, ' ')
      .replace(/[a-z][a-z0-9+.-]*:\/\//gi, '')
      .replace(HOST, '$1[.]')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** For a subject line: defused, at most `max` characters (an ellipsis says it was cut), quoted. */
export function quotedForSubject(text: string, max = 40): string {
  const plain = defused(text);
  const cut =
    [...plain].length > max
      ? `${[...plain]
          .slice(0, max - 1)
          .join('')
          .trimEnd()}…`
      : plain;
  return `“${cut}”`;
}

/** Several lines of a caller's words (a message), each defused, the line breaks kept. */
export const defusedLines = (text: string): string => text.split(/\r?\n/).map(defused).join('\n');
