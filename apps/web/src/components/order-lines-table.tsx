import type { ReactNode } from 'react';
import { coreDepositLabel, formatMoney, stepLabel, type OrderLine } from '@storefront/contract';

/**
 * An order's lines: part number, name, the buyer's reference, quantity, unit price and line total;
 * a line staff canceled is struck through and says so. `action` adds a cell per line (staff).
 */
export function OrderLinesTable({
  lines,
  total,
  action,
}: {
  lines: OrderLine[];
  total: number;
  action?: (line: OrderLine) => ReactNode;
}) {
  return (
    <div className="overflow-x-auto" tabIndex={0}>
      <table className="table table-sm" data-testid="order-lines">
        <thead>
          <tr>
            <th scope="col">Part</th>
            <th scope="col" className="text-right">
              Quantity
            </th>
            <th scope="col" className="text-right">
              Unit price
            </th>
            <th scope="col" className="text-right">
              Line total
            </th>
            {action && (
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {lines.flatMap((line) => [
            <tr
              key={line.lineNo}
              data-testid="order-line"
              className={line.canceledAt ? 'text-base-content/60' : ''}
            >
              <td className="min-w-40">
                <span className={line.canceledAt ? 'line-through' : 'font-medium'}>
                  {line.partName}
                </span>
                <span className="block text-xs text-base-content/70">
                  {line.sku}
                  {line.reference ? ` · Ref. ${line.reference}` : ''}
                </span>
                {line.canceledAt && <span className="badge badge-ghost badge-sm">Canceled</span>}
              </td>
              <td className="text-right">{line.quantity}</td>
              <td className="text-right">
                {formatMoney(line.unitPrice)}
                {line.priceStep !== null && (
                  <span className="block text-xs text-base-content/70">
                    {stepLabel(line.priceStep)}
                  </span>
                )}
              </td>
              <td className="text-right">{formatMoney(line.total)}</td>
              {action && <td>{action(line)}</td>}
            </tr>,
            // The core deposit is its own line (decision 069), right under its part's.
            ...(line.coreDeposit !== undefined && line.coreCharge !== undefined
              ? [
                  <tr
                    key={`${line.lineNo}-core`}
                    data-testid="order-core-line"
                    className={line.canceledAt ? 'text-base-content/60' : ''}
                  >
                    <td className="min-w-40 text-sm">{coreDepositLabel()}</td>
                    <td className="text-right">{line.quantity}</td>
                    <td className="text-right">{formatMoney(line.coreCharge)}</td>
                    <td className="text-right">{formatMoney(line.coreDeposit)}</td>
                    {action && <td />}
                  </tr>,
                ]
              : []),
          ])}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="text-right">
              Total
            </th>
            <td className="text-right font-bold" data-testid="lines-total">
              {formatMoney(total)}
            </td>
            {action && <td />}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
