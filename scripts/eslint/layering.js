// One-way layering of the web app (bulletproof-react): app -> features -> shared folders, and a
// feature never imports another feature. Checked on relative imports, resolved against the file.
import path from 'node:path';

const where = (file) => {
  const m = file
    .split(path.sep)
    .join('/')
    .match(/apps\/web\/src\/([^/]+)(?:\/([^/]+))?/);
  if (!m) return null;
  return { layer: m[1], feature: m[1] === 'features' ? m[2] : undefined };
};

const SHARED = new Set(['components', 'lib', 'config', 'styles', 'content', 'test']);

export const layering = {
  meta: { type: 'problem', schema: [], messages: { bad: '{{why}}' } },
  create(context) {
    const from = where(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = where(path.resolve(path.dirname(context.filename), source));
      if (!to) return;
      let why;
      if (from.layer === 'features' && to.layer === 'app')
        why = 'A feature must not import from src/app.';
      else if (from.layer === 'features' && to.layer === 'features' && to.feature !== from.feature)
        why = `Feature "${from.feature}" must not import feature "${to.feature}": compose them in src/app.`;
      else if (SHARED.has(from.layer) && (to.layer === 'features' || to.layer === 'app'))
        why = `Shared code in src/${from.layer} must not import from src/${to.layer}.`;
      if (why) context.report({ node, messageId: 'bad', data: { why } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { layering } };
