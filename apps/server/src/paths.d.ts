/**
 * `apps/server/`, whether this runs from `src/` (tsx, tests) or from the bundle in `dist/`:
 * both sit one level below it, which is why this file lives directly in `src/`.
 */
export declare const serverRoot: string;
export declare const migrationsDir: string;
export declare const defaultWebDistDir: string;
