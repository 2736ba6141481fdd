import type { TestProject } from 'vitest/node';
declare module 'vitest' {
  interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplateUrl: string;
  }
}
/**
 * Migrates one database per run, once: a PGlite data directory dumped to a file that every
 * test file loads, or, on PostgreSQL, a template database that every test file copies.
 */
export default function setup(project: TestProject): Promise<() => Promise<void>>;
export declare function withDatabase(url: string, database: string): string;
