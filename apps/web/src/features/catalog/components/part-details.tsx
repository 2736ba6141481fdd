import { formatMoney, type PartResponse } from '@storefront/contract';
import { PartImage } from './part-image';

/** The purchase page's view of a part (spec: image, name, description, price and quantities). */
export function PartDetails({ part }: { part: PartResponse }) {
  return (
    <article className="card bg-base-100 shadow" data-testid="part-details">
      <PartImage src={part.url} alt={part.name} eager={true} />
      <div className="card-body">
        <h1 className="card-title text-2xl">{part.name}</h1>
        <p className="leading-relaxed">{part.description}</p>
        <p className="text-2xl font-bold">
          {part.listPrice === undefined ? '' : 'Your price '}
          {formatMoney(part.price)} <span className="text-base font-normal">per piece</span>
          {part.listPrice === undefined ? null : (
            <s className="ml-2 text-base font-normal">List price {formatMoney(part.listPrice)}</s>
          )}
        </p>
        <p>Minimum order quantity: {part.mOrderQuantity} piece</p>
        <p>Available: {part.availableQuantity} piece</p>
      </div>
    </article>
  );
}
