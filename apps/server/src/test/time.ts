/**
 * A time limit scaled by TEST_TIME_SCALE (default 1), as vitest.config.ts scales every test's:
 * a busy machine waits longer for the same behaviour.
 */
export const scaled = (ms: number): number =>
  Math.round(ms * Math.max(1, Number(process.env.TEST_TIME_SCALE) || 1));
