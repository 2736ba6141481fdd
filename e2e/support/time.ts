/**
 * Test time limits, scaled by TEST_TIME_SCALE (default 1): a machine busy with other work sets
 * it higher (`TEST_TIME_SCALE=3`) and the same tests wait longer, asserting the same behaviour.
 * Limits guard against hangs; they are not what a test asserts.
 */
export const TIME_SCALE = Math.max(1, Number(process.env.TEST_TIME_SCALE) || 1);

export const scaled = (ms: number): number => Math.round(ms * TIME_SCALE);
