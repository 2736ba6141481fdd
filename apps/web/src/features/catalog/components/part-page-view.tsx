import { Link } from 'react-router';
import {
  categoryLabel,
  CORE_RETURN_DAYS,
  formatMoney,
  type PartPageResponse,
  type Vehicle,
} from '@storefront/contract';
import { FitBadge } from './fit-badge';
import { PartImage } from './part-image';
import { VehicleFitment } from './vehicle-fitment';
import { AddToCart } from '../../../components/add-to-cart-slot';
import { VolumePrices } from '../../../components/volume-prices';

type Props = {
  page: PartPageResponse;
  vehicle: Vehicle | null;
  signedIn: boolean;
  orderHref: string;
  browseHref: (search: string) => string;
};

/** A part's public page: everything a buyer needs to decide, readable before any script runs. */
export function PartPageView({ page, vehicle, signedIn, orderHref, browseHref }: Props) {
  const { part, reviews } = page;
  const soldOut = part.availableQuantity < part.mOrderQuantity;
  const onVehicle = vehicle
    ? part.fitment.filter(
        (f) =>
          f.make === vehicle.make &&
          f.model === vehicle.model &&
          f.yearFrom <= vehicle.year &&
          f.yearTo >= vehicle.year,
      )
    : null;
  const fits = onVehicle ? onVehicle.length > 0 : null;
  // Position and note get columns of their own only when some vehicle has one (part-html.ts too).
  const detailed = part.fitment.some((f) => f.position || f.note);
  return (
    <article className="mx-auto max-w-6xl px-4 py-10" data-testid="part-page">
      <nav aria-label="Breadcrumb" className="breadcrumbs mb-4 text-sm">
        <ul>
          <li>
            <Link to={browseHref('')}>Parts</Link>
          </li>
          <li>
            <Link to={browseHref(`?category=${part.category}`)}>
              {categoryLabel(part.category)}
            </Link>
          </li>
          <li aria-current="page">{part.sku}</li>
        </ul>
      </nav>
      <div className="grid gap-8 md:grid-cols-2">
        <div className="card bg-base-100 shadow">
          <PartImage src={part.url} alt={part.name} eager={true} />
        </div>
        <div className="space-y-3">
          <h1 className="text-3xl font-bold">{part.name}</h1>
          <p className="text-sm" data-testid="part-sku">
            Part number <strong>{part.sku}</strong>
          </p>
          {part.supersededNumbers.length > 0 && (
            <p className="text-sm" data-testid="part-replaces">
              Replaces {part.supersededNumbers.join(', ')}
            </p>
          )}
          <FitBadge fits={fits} />
          <VehicleFitment rows={onVehicle ?? undefined} />
          <p className="text-2xl font-bold" data-testid="part-price">
            {part.listPrice === undefined ? '' : 'Your price '}
            {formatMoney(part.price)} <span className="text-base font-normal">per piece</span>
            {part.listPrice === undefined ? null : (
              <s className="ml-2 text-base font-normal">List price {formatMoney(part.listPrice)}</s>
            )}
          </p>
          <p>Minimum order quantity: {part.mOrderQuantity} piece</p>
          <p>Available: {part.availableQuantity} piece</p>
          {part.packSize > 1 && (
            <p data-testid="part-pack-size">Sold in packs of {part.packSize}</p>
          )}
          {part.maxOrderQuantity !== null && (
            <p data-testid="part-maximum">At most {part.maxOrderQuantity} pieces per order</p>
          )}
          {part.coreCharge !== undefined && (
            <p data-testid="part-core-charge">
              Plus a core deposit of {formatMoney(part.coreCharge)} a piece, refunded when the old
              part is returned within {CORE_RETURN_DAYS} days
            </p>
          )}
          <VolumePrices price={part.price} minimum={part.mOrderQuantity} steps={part.priceTiers} />
          {soldOut ? (
            <span className="badge badge-ghost">Out of stock</span>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              {signedIn ? (
                <Link to={orderHref} className="btn btn-primary">
                  Order now
                </Link>
              ) : (
                // The purchase page keeps its guard: it sends a signed-out visitor to sign in, then back.
                <Link to={orderHref} className="btn btn-primary">
                  Sign in to order
                </Link>
              )}
              <AddToCart
                name={part.name}
                line={{ partId: part._id, quantity: part.mOrderQuantity, unitPrice: part.price }}
              />
            </div>
          )}
          <p className="leading-relaxed">{part.description}</p>
        </div>
      </div>

      {part.specs.length > 0 ? (
        <section aria-labelledby="specs-heading" className="mt-10">
          <h2 id="specs-heading" className="mb-3 text-xl font-bold">
            Specifications
          </h2>
          <table className="table max-w-xl">
            <tbody>
              {part.specs.map((s) => (
                <tr key={s.name}>
                  <th scope="row">{s.name}</th>
                  <td>{s.value}</td>
                </tr>
              ))}
              {part.oemNumbers.length > 0 ? (
                <tr>
                  <th scope="row">OEM numbers</th>
                  <td>{part.oemNumbers.join(', ')}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </section>
      ) : null}

      <section aria-labelledby="fitment-heading" className="mt-10">
        <h2 id="fitment-heading" className="mb-3 text-xl font-bold">
          Vehicle fitment
        </h2>
        {part.fitment.length === 0 ? (
          <p>No vehicle list for this part: check the specifications or ask us.</p>
        ) : (
          // The cells' markup is the server's plain part page's too (part-html.ts): a browser test
          // reads both. Header cells in the table's head are column headers without a scope.
          <div className="max-w-xl overflow-x-auto">
            <table className="table" data-testid="fitment-table">
              <thead>
                <tr>
                  <th>Make</th>
                  <th>Model</th>
                  <th>Years</th>
                  {detailed && (
                    <>
                      <th>Position</th>
                      <th>Note</th>
                    </>
                  )}
                </tr>
              </thead>
              <tbody>
                {part.fitment.map((f, i) => (
                  // One vehicle may come twice, front and rear: the row's place is its key.
                  <tr key={i}>
                    <td>{f.make}</td>
                    <td>{f.model}</td>
                    <td>{`${f.yearFrom}–${f.yearTo}`}</td>
                    {detailed && (
                      <>
                        <td>{f.position}</td>
                        <td>{f.note}</td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {reviews.length > 0 ? (
        <section aria-labelledby="part-reviews-heading" className="mt-10">
          <h2 id="part-reviews-heading" className="mb-3 text-xl font-bold">
            Reviews
          </h2>
          <ul className="space-y-4">
            {reviews.map((r) => (
              <li key={r._id} className="rounded-box bg-base-100 p-4 shadow">
                <p className="font-semibold">
                  {r.name}{' '}
                  <span aria-label={`Rated ${r.rating} out of 5`}>{'★'.repeat(r.rating)}</span>
                </p>
                <p>{r.description}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
