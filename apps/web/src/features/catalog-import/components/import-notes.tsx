/** What the reader noticed in the file: its encoding, separator, columns it did not read. */
export function ImportNotes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby="import-notes-heading" className="rounded-box bg-base-100 p-4 shadow">
      <h3 id="import-notes-heading" className="mb-2 font-semibold">
        Noticed while reading
      </h3>
      <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="import-notes">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </section>
  );
}
