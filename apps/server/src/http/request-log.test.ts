import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestDatabase } from '../test/test-database.js';
import { testConfig } from '../test/test-app.js';

describe('request logging', () => {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('writes one info line per request with method, route pattern, status and duration', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger });
    closers.push(
      () => database.close(),
      () => app.close(),
    );
    await app.ready();
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/parts/some-id?x=secret' });
    await app.inject({ method: 'GET', url: '/api/health' });
    // The app logs other things at info meanwhile (the search index ready, in its own time).
    const requestLines = lines.filter((l) => l.level === 30 && l.msg === 'request');
    expect(requestLines).toHaveLength(2);
    expect(requestLines[0]).toMatchObject({ method: 'GET', route: '/api/parts/:id', status: 404 });
    expect(requestLines[0]?.ms).toEqual(expect.any(Number));
    expect(JSON.stringify(requestLines)).not.toContain('secret');
  });
});
