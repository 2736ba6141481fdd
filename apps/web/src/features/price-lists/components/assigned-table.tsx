import type { ReactNode } from 'react';

export type Assigned = { id: string; name: ReactNode; label: string; priority: number };

/** Who buys at a list (companies or customer groups), each with its priority and "Take off". */
export function AssignedTable({
  rows,
  heading,
  testId,
  busy,
  onTakeOff,
}: {
  rows: Assigned[];
  heading: string;
  testId: string;
  busy: boolean;
  onTakeOff: (id: string) => void;
}) {
  return (
    <div className="overflow-x-auto" tabIndex={0}>
      <table className="table table-sm mb-2" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col">Priority</th>
            <th scope="col">
              <span className="sr-only">Take off</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{r.name}</td>
              <td>{r.priority}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  disabled={busy}
                  onClick={() => onTakeOff(r.id)}
                >
                  Take off<span className="sr-only"> {r.label}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The priority field of the assign forms, and what it means. */
export function PriorityField() {
  return (
    <label className="form-control">
      <span className="label-text">Priority</span>
      <input
        name="priority"
        type="number"
        step="1"
        required
        defaultValue={0}
        className="input input-bordered w-full"
      />
    </label>
  );
}
