import type { Fitment } from '@storefront/contract';

/** "Toyota Corolla 2014–2019 · Front — Not for sport suspension". */
export const fitmentLabel = (f: Fitment): string =>
  `${f.make} ${f.model} ${f.yearFrom}–${f.yearTo}${f.position ? ` · ${f.position}` : ''}${
    f.note ? ` — ${f.note}` : ''
  }`;

/**
 * Where a part goes on the buyer's vehicle and what to watch for: its rows for that vehicle that
 * say a position or a note (a bare "fits" is the badge's job).
 */
export function VehicleFitment({ rows }: { rows: readonly Fitment[] | undefined }) {
  const telling = rows?.filter((f) => f.position || f.note) ?? [];
  if (telling.length === 0) return null;
  return (
    <ul className="text-sm" data-testid="vehicle-fitment" aria-label="On your vehicle">
      {telling.map((f, i) => (
        <li key={i}>{fitmentLabel(f)}</li>
      ))}
    </ul>
  );
}
