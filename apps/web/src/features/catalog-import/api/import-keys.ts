/** The catalog import's query keys, in one place: every query of this feature starts with them. */
export const importKeys = {
  all: ['staff', 'imports'] as const,
  list: () => [...importKeys.all, 'list'] as const,
  one: (id: string) => [...importKeys.all, 'one', id] as const,
  changes: (id: string, kind: ChangesKind) =>
    [...importKeys.all, 'one', id, 'changes', kind] as const,
};

/** Which changes a list shows: every new and changed part, or one kind. */
export type ChangesKind = 'all' | 'new' | 'changed' | 'archived';

export const importPath = (id: string) => `/staff/imports/${encodeURIComponent(id)}`;

/** Still working in the background: the page asks again until it is done. */
export const isRunning = (status: string | undefined) =>
  status === 'reading' || status === 'applying';
