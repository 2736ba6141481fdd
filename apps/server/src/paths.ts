import { fileURLToPath } from 'node:url';

/*
 * Paths from `apps/server/`, whether this runs from `src/` (tsx, tests) or from the bundle in
 * `dist/`: both sit one level below it, which is why this file lives directly in `src/`.
 */
export const migrationsDir = fileURLToPath(new URL('../drizzle', import.meta.url));
export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const serverPackageJson = fileURLToPath(new URL('../package.json', import.meta.url));
