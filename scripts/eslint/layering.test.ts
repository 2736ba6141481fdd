import { RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { layering } from './layering.js';

// RuleTester reads its test functions from these static fields (typed loosely by ESLint).
Object.assign(RuleTester, { afterAll });
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const server = (file: string) => `/repo/apps/server/src/${file}`;
const web = (file: string) => `/repo/apps/web/src/${file}`;
const bad = [{ messageId: 'bad' as const }];

tester.run('layering', layering as unknown as Rule.RuleModule, {
  valid: [
    // A module reads its own tables.
    {
      filename: server('modules/orders/orders.service.ts'),
      code: "import { orders } from './orders.tables.js';",
    },
    // Another module's functions are the way in.
    {
      filename: server('modules/payments/payments.service.ts'),
      code: "import { findOrder } from '../orders/orders.service.js';",
    },
    // Foreign keys, Drizzle's table list, tests and test support may name any table.
    {
      filename: server('modules/payments/payments.tables.ts'),
      code: "import { orders } from '../orders/orders.tables.js';",
    },
    {
      filename: server('db/tables.ts'),
      code: "export * from '../modules/orders/orders.tables.js';",
    },
    {
      filename: server('modules/payments/payments.test.ts'),
      code: "import { orders } from '../orders/orders.tables.js';",
    },
    {
      filename: server('test/factories.ts'),
      code: "import { parts } from '../modules/parts/parts.tables.js';",
    },
    // Web: a route composes features.
    {
      filename: web('app/routes/home.tsx'),
      code: "import { PartCollection } from '../../features/catalog/components/part-collection';",
    },
  ],
  invalid: [
    // The deliberate cross-module table import the rule exists for.
    {
      filename: server('modules/payments/payments.service.ts'),
      code: "import { orders } from '../orders/orders.tables.js';",
      errors: bad,
    },
    {
      filename: server('db/seed.ts'),
      code: "import { parts } from '../modules/parts/parts.tables.js';",
      errors: bad,
    },
    {
      filename: server('modules/users/users.service.ts'),
      code: "export { users } from '../auth/auth.tables.js';",
      errors: bad,
    },
    {
      filename: web('features/orders/components/my-orders.tsx'),
      code: "import { PartCard } from '../../catalog/components/part-card';",
      errors: bad,
    },
    {
      filename: web('lib/api-client.ts'),
      code: "import { useAuth } from '../features/auth/use-auth';",
      errors: bad,
    },
  ],
});
