/**
 * Text for HTML or XML, as element content or a quoted attribute: the five characters that could
 * end either become numeric references. No imports: the web build renders part pages with it too.
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
