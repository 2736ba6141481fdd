import MarkdownIt from 'markdown-it';

/** Links may go to web pages, mail and phone, or within the shop; nothing else (no `javascript:`). */
const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

const md = new MarkdownIt({
  // Raw HTML in the text is shown as text, never passed through: no script, no event handler.
  html: false,
  linkify: false,
  typographer: false,
});
// markdown-it already refuses javascript:, vbscript:, file: and most data: links; this narrows it
// to the schemes a shop page needs. Control characters and entities are decoded before the test.
md.validateLink = (url: string) => {
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  return SAFE_LINK.test(cleaned);
};

/** A staff-written page's Markdown as HTML that cannot run anything (decision 053). */
export function renderMarkdown(source: string): string {
  return md.render(source);
}
