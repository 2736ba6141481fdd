import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../e2e/support/server-flags.js';

const read = (file: string) => fs.readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
const startScript = (file: string) =>
  (JSON.parse(read(file)) as { scripts: Record<string, string> }).scripts.start ?? '';

/*
 * The server's node flags (decision 075: the JavaScript heap's ceiling) are written out wherever
 * the server is started for real; the bench and the process tests read them from
 * apps/server/node-flags.json. A start command that lost them would run a server whose memory
 * the bench no longer measures.
 */
describe('the server starts with its node flags everywhere', () => {
  it('holds at least the heap ceiling', () => {
    expect(serverNodeFlags).toContainEqual(expect.stringMatching(/^--max-old-space-size=\d+$/));
  });

  it.each([
    ['npm start', () => startScript('package.json'), 'apps/server/dist/server.js'],
    ['the server package', () => startScript('apps/server/package.json'), 'dist/server.js'],
    [
      'the systemd unit',
      () => /^ExecStart=(.*)$/m.exec(read('deploy/storefront.service'))?.[1] ?? '',
      'apps/server/dist/server.js',
    ],
  ])('%s', (_where, command, entry) => {
    const line = command();
    const node = line.lastIndexOf('node ');
    expect(node).toBeGreaterThanOrEqual(0);
    expect(line.slice(node + 'node '.length)).toBe(`${serverNodeFlags.join(' ')} ${entry}`);
  });
});
