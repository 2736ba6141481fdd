import { FITMENT_COLUMNS, PART_COLUMNS, type ImportColumn } from '@storefront/contract';
import { TableFrame } from './table-frame';

const NEEDED: Record<ImportColumn['required'], string> = {
  always: 'Always',
  new: 'For a new part',
  no: 'No: blank leaves it',
};

function Columns({ title, columns }: { title: string; columns: readonly ImportColumn[] }) {
  return (
    <TableFrame label={title}>
      <table className="table table-sm">
        <caption className="p-2 text-left font-semibold">{title}</caption>
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Needed</th>
            <th scope="col">What it holds</th>
            <th scope="col">Example</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((c) => (
            <tr key={c.key}>
              <th scope="row" className="whitespace-nowrap">
                {c.header}
              </th>
              <td className="min-w-28">{NEEDED[c.required]}</td>
              <td className="min-w-64">{c.help}</td>
              <td className="font-mono text-xs [overflow-wrap:anywhere]">{c.example}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

/** Every column of both files, matched by header in any order (the template explains the same). */
export function ColumnReference() {
  return (
    <details className="rounded-box bg-base-100 p-4 shadow">
      <summary className="cursor-pointer font-semibold">The columns, and what each holds</summary>
      <div className="mt-3 space-y-4">
        <p className="text-sm">
          Columns are matched by their header, in any order; a column the shop does not know is
          reported, not read.
        </p>
        <Columns title="Parts file" columns={PART_COLUMNS} />
        <Columns title="Vehicles file (or sheet)" columns={FITMENT_COLUMNS} />
      </div>
    </details>
  );
}
