/** "Nov 22, 2026, 04:05 PM": when something happened, in the reader's time zone. */
export const formatDateTime = (iso: string | null): string | null =>
  iso
    ? new Date(iso).toLocaleString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : null;

/** "Nov 22, 2026". */
export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** "Nov 22, 2026, 4:05 PM", in the reader's own locale and time zone. */
export const formatLocalDateTime = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
