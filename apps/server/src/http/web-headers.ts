import type { IncomingHttpHeaders } from 'node:http';

/** Node's request headers as a web `Headers`, for libraries that speak the Fetch API. */
export function toWebHeaders(raw: IncomingHttpHeaders, skip: readonly string[] = []): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || skip.includes(name)) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, String(value));
  }
  return headers;
}
