/** Text a person typed, made literal inside a LIKE pattern (`%`, `_` and `\` match themselves). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
