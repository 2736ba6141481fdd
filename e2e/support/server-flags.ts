import fs from 'node:fs';

/**
 * The node flags the server runs with in production (decision 075), for the tests and the bench
 * that start it as a process. `npm start`, the server's own start script and the systemd unit
 * write them out; `scripts/server-flags.test.ts` keeps all of them the same as this file.
 */
export const serverNodeFlags: readonly string[] = JSON.parse(
  fs.readFileSync(new URL('../../apps/server/node-flags.json', import.meta.url), 'utf8'),
) as string[];
