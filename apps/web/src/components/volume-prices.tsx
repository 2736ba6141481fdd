import { formatMoney, type PriceStep, formatCount } from '@storefront/contract';

/**
 * A part's price ladder as a table a buyer can read before choosing a quantity: the part's own
 * price from its minimum, then each volume price from its quantity.
 */
export function VolumePrices({
  price,
  minimum,
  steps,
}: {
  price: number;
  minimum: number;
  steps: readonly PriceStep[];
}) {
  if (steps.length === 0) return null;
  return (
    <table className="table table-sm max-w-xs" data-testid="volume-prices">
      <caption className="text-left font-semibold">Volume prices</caption>
      <thead>
        <tr>
          <th scope="col">Quantity</th>
          <th scope="col" className="text-right">
            Price per piece
          </th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>From {formatCount(minimum)}</td>
          <td className="text-right">{formatMoney(price)}</td>
        </tr>
        {steps.map((s) => (
          <tr key={s.minQuantity}>
            <td>From {formatCount(s.minQuantity)}</td>
            <td className="text-right">{formatMoney(s.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
