import { useCallback, useRef, useState } from 'react';
import {
  cleanPastedText,
  type LocalCartBody,
  type QuickOrderBody,
  type QuickOrderCells,
  type QuickOrderResponse,
  type QuickOrderRow,
} from '@storefront/contract';
import { resolveQuickOrder } from './api';

/** A row as the grid holds it: its cells (what the buyer can change) and the server's verdict. */
export type GridRow = {
  key: number;
  cells: QuickOrderCells & { line: number };
  result: QuickOrderRow;
};

const cellsOf = (row: QuickOrderRow): GridRow['cells'] => ({
  line: row.line,
  partNumber: row.partNumber,
  quantity: row.quantity === null ? row.quantityText : String(row.quantity),
  reference: row.reference,
});

/**
 * The quick order's state: the rows of the grid, every change checked again by the server (one
 * request for the whole grid, nothing written), and adding the ready rows to the cart through the
 * cart's merge (`addToCart`, given by the page). The rows that need attention stay.
 */
export function useQuickOrder(addToCart: (lines: LocalCartBody['lines']) => Promise<void>) {
  const [rows, setRows] = useState<GridRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [added, setAdded] = useState<number | null>(null);
  const nextKey = useRef(1);
  const latest = useRef(0);

  const check = useCallback(async (body: QuickOrderBody, keys?: number[]) => {
    const ticket = ++latest.current;
    setBusy(true);
    setError(null);
    try {
      const answer: QuickOrderResponse = await resolveQuickOrder(body);
      if (ticket !== latest.current) return;
      setRows(
        answer.rows.map((result, i) => ({
          key: keys?.[i] ?? nextKey.current++,
          cells: cellsOf(result),
          result,
        })),
      );
    } catch (err) {
      if (ticket === latest.current) setError(err);
    } finally {
      if (ticket === latest.current) setBusy(false);
    }
  }, []);

  /** Pasted text or an uploaded file: a new grid. */
  const read = (text: string) => {
    setAdded(null);
    return check({ text: cleanPastedText(text) });
  };

  /** The grid once more after a change (rows as cells, in order; none left: an empty grid). */
  const recheck = (next: Pick<GridRow, 'key' | 'cells'>[]) => {
    if (next.length === 0) {
      latest.current += 1;
      setRows([]);
      return Promise.resolve();
    }
    return check(
      { rows: next.map((r) => r.cells) },
      next.map((r) => r.key),
    );
  };

  const setCells = (key: number, change: Partial<QuickOrderCells>) =>
    recheck(rows.map((r) => (r.key === key ? { ...r, cells: { ...r.cells, ...change } } : r)));

  const remove = (key: number) => recheck(rows.filter((r) => r.key !== key));

  /** Every fix that sets a quantity, at once (removing rows stays the buyer's call). */
  const applyAll = () =>
    recheck(
      rows.map((r) =>
        r.result.fix?.kind === 'quantity' && r.result.fix.quantity !== null
          ? { ...r, cells: { ...r.cells, quantity: String(r.result.fix.quantity) } }
          : r,
      ),
    );

  /**
   * The ready rows into the cart (quantities added, checked again there); the others stay.
   * Resolves whether they were added.
   */
  const addReady = async (): Promise<boolean> => {
    const ready = rows.filter((r) => r.result.status === 'FOUND' && r.result.part);
    if (ready.length === 0) return false;
    setBusy(true);
    setError(null);
    try {
      await addToCart(
        ready.map((r) => ({
          partId: r.result.part?.partId ?? '',
          quantity: r.result.quantity ?? 0,
          ...(r.result.reference ? { reference: r.result.reference } : {}),
        })),
      );
      setAdded(ready.length);
      await recheck(rows.filter((r) => r.result.status !== 'FOUND'));
      return true;
    } catch (err) {
      setError(err);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const ready = rows.filter((r) => r.result.status === 'FOUND').length;
  return {
    rows,
    busy,
    error,
    added,
    ready,
    attention: rows.length - ready,
    read,
    setCells,
    remove,
    applyAll,
    addReady,
  };
}
