import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney, previewDescription, type PartResponse } from '@storefront/contract';
import { FitBadge } from './fit-badge';
import { paths } from '../../../config/paths';

import { PartImage } from './part-image';
import { AddToCart } from '../../../components/add-to-cart-slot';
import { HydrateWhenNear } from '../../../lib/hydrate-when-near';

type PartCardProps = {
  // A catalog card carries no pack size: its minimum is always a whole number of packs.
  part: Omit<PartResponse, 'packSize' | 'maxOrderQuantity' | 'priceTiers'> & {
    sku?: string;
    fits?: boolean | null;
  };
  eager?: boolean;
  /** Under the fit badge: where the part goes on the buyer's vehicle (search results). */
  children?: ReactNode;
};

/** A part's card; drawn by the server, it is hydrated when it comes near the screen. */
export function PartCard(props: PartCardProps) {
  return <HydrateWhenNear>{(nearId) => <Card {...props} nearId={nearId} />}</HydrateWhenNear>;
}

function Card({ part, eager = false, children, nearId }: PartCardProps & { nearId: string }) {
  const soldOut = part.availableQuantity < part.mOrderQuantity;
  const nameId = useId();
  return (
    // `part-card`: a row on a phone (index.css), drawn the same by the server's /parts cards.
    <article
      className="card part-card bg-base-100 shadow-md"
      data-testid="part-card"
      data-near={nearId}
    >
      <PartImage src={part.url} alt={part.name} eager={eager} />
      <div className="card-body">
        <h3 className="card-title text-lg" id={nameId}>
          <Link to={paths.part.href(part._id)} className="link-hover">
            {part.name}
          </Link>
        </h3>
        {part.sku ? (
          <p className="text-xs text-base-content/70" data-testid="part-sku">
            Part number {part.sku}
          </p>
        ) : null}
        <FitBadge fits={part.fits ?? null} />
        {children}
        <p className="part-description text-sm text-base-content/80" data-testid="part-description">
          {previewDescription(part.description)}
        </p>
        <p className="text-xl font-bold" data-testid="part-price">
          {part.listPrice === undefined ? '' : 'Your price '}
          {formatMoney(part.price)}
          {part.listPrice === undefined ? null : (
            <s className="ml-2 text-sm font-normal">List price {formatMoney(part.listPrice)}</s>
          )}
        </p>
        <p data-testid="part-minimum">Minimum order quantity: {part.mOrderQuantity} piece</p>
        <p data-testid="part-available">Available: {part.availableQuantity} piece</p>
        <div className="card-actions mt-2 justify-end">
          {soldOut ? (
            <span className="badge badge-ghost">Out of stock</span>
          ) : (
            <>
              <AddToCart
                name={part.name}
                line={{ partId: part._id, quantity: part.mOrderQuantity, unitPrice: part.price }}
              />
              {/* Named by its words (voice control: "click Order now"); the part is its description. */}
              <Link
                to={paths.purchase.href(part._id)}
                className="btn btn-primary"
                aria-describedby={nameId}
              >
                Order now
              </Link>
            </>
          )}
        </div>
      </div>
    </article>
  );
}
