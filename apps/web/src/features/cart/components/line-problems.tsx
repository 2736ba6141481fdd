import type { CartLine } from '@storefront/contract';

type Problem = CartLine['problems'][number];

/**
 * A line's problems, each saying what to do and offering it as a button: the quantity its fix
 * sets, accepting today's price, or removing the line.
 */
export function LineProblems({
  problems,
  busy,
  onFix,
}: {
  problems: Problem[];
  busy: boolean;
  onFix: (problem: Problem) => void;
}) {
  if (problems.length === 0) return null;
  return (
    <ul className="space-y-1" data-testid="line-problems">
      {problems.map((p) => (
        <li
          key={p.code}
          className="flex flex-wrap items-center gap-2 text-sm text-warning-content"
          data-problem={p.code}
        >
          <span className="badge badge-warning badge-sm" aria-hidden="true">
            !
          </span>
          <span>{p.message}</span>
          <button
            type="button"
            className="btn btn-xs btn-outline"
            disabled={busy}
            onClick={() => onFix(p)}
          >
            {p.action}
          </button>
        </li>
      ))}
    </ul>
  );
}
