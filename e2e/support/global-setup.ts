import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import migrateOnce from '../../apps/server/src/test/global-setup.js';

export const webDistDir = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/** Browser tests drive the production build; migrate the database image they all start from. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(`${webDistDir}/index.html`)) {
    throw new Error(
      `The web app is not built (${webDistDir}). Run \`npm run build\` first; \`npm test\` does it for you.`,
    );
  }
  // Browser tests always run on the embedded engine: each file gets its own shop.
  delete process.env.TEST_DB;
  return migrateOnce(project);
}
