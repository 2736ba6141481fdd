// Import boundaries, checked on relative imports resolved against the importing file.
//
// Web app (bulletproof-react's one-way layering): app -> features -> shared folders, and a feature
// never imports another feature.
//
// Server (Medusa's "modules own their tables"): a module's Drizzle tables (`*.tables.ts`) are
// imported only inside that module. Other modules call its functions. Exceptions: another
// module's tables file (foreign keys), `db/tables.ts` (the list Drizzle and drizzle-kit read),
// tests and test support (they may look at any stored state to assert it).
import path from 'node:path';

const posix = (file) => file.split(path.sep).join('/');

const webPlace = (file) => {
  const m = posix(file).match(/apps\/web\/src\/([^/]+)(?:\/([^/]+))?/);
  if (!m) return null;
  return { layer: m[1], feature: m[1] === 'features' ? m[2] : undefined };
};

const SHARED = new Set(['components', 'lib', 'config', 'styles', 'content', 'test']);

function webViolation(from, to) {
  if (from.layer === 'features' && to.layer === 'app')
    return 'A feature must not import from src/app.';
  if (from.layer === 'features' && to.layer === 'features' && to.feature !== from.feature)
    return `Feature "${from.feature}" must not import feature "${to.feature}": compose them in src/app.`;
  if (SHARED.has(from.layer) && (to.layer === 'features' || to.layer === 'app'))
    return `Shared code in src/${from.layer} must not import from src/${to.layer}.`;
  return undefined;
}

const serverModule = (file) => posix(file).match(/apps\/server\/src\/modules\/([^/]+)\//)?.[1];
const tablesModule = (file) =>
  posix(file).match(/apps\/server\/src\/modules\/([^/]+)\/[^/]+\.tables(\.[jt]s)?$/)?.[1];

function serverViolation(fromFile, toFile) {
  const owner = tablesModule(toFile);
  if (!owner) return undefined;
  const file = posix(fromFile);
  if (!/apps\/server\/src\//.test(file)) return undefined;
  if (serverModule(fromFile) === owner) return undefined;
  if (/\.tables\.ts$/.test(file)) return undefined; // foreign keys
  if (/apps\/server\/src\/db\/tables\.ts$/.test(file)) return undefined;
  if (/\.test\.tsx?$/.test(file) || /apps\/server\/src\/test\//.test(file)) return undefined;
  return `The "${owner}" module owns these tables: call its functions instead of importing its tables.`;
}

export const layering = {
  meta: { type: 'problem', schema: [], messages: { bad: '{{why}}' } },
  create(context) {
    const fromFile = context.filename;
    const from = webPlace(fromFile);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const toFile = path.resolve(path.dirname(fromFile), source);
      const to = webPlace(toFile);
      const why =
        (from && to ? webViolation(from, to) : undefined) ?? serverViolation(fromFile, toFile);
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
