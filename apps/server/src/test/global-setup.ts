import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, wrapPglite } from '../db/database.js';
import { PgliteThread } from '../db/pglite-thread.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplateUrl: string;
  }
}

/**
 * Migrates one database per run, once: a PGlite data directory dumped to a file that every
 * test file loads, or, on PostgreSQL, a template database that every test file copies.
 */
export default async function setup(project: TestProject) {
  // The project's own `env` (api-postgres sets TEST_DB=postgres) reaches its test workers but
  // not this process: read it from the project, or every project would get PGlite.
  if ((project.config.env?.TEST_DB ?? process.env.TEST_DB) === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const templateName = `storefront_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database "${templateName}"`);
    const templateUrl = withDatabase(baseUrl, templateName);
    const database = await openPostgres(templateUrl, 1);
    await database.migrate();
    await database.close();
    project.provide('postgresTemplateUrl', templateUrl);
    project.provide('pgliteDumpPath', '');
    return async () => {
      // Test files drop their own copies; drop any left by a crashed file, then the template.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${templateName}%`],
      );
      for (const row of rows.filter((r) => r.datname !== templateName)) {
        await admin.query(`drop database if exists "${row.datname}" with (force)`);
      }
      await admin.query(`drop database if exists "${templateName}" with (force)`);
      await admin.end();
    };
  }

  const client = await PgliteThread.start();
  const database = wrapPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-pglite-'));
  const dumpPath = path.join(dir, 'migrated.tar');
  await fs.writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpPath', dumpPath);
  project.provide('postgresTemplateUrl', '');
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
