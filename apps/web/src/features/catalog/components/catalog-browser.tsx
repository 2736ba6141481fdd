import { useState } from 'react';
import { Link } from 'react-router';
import { CATALOG_SORTS, type CatalogPage, type Vehicle, formatCount } from '@storefront/contract';
import { ErrorMessage } from '../../../components/ui/error-message';
import { HydrateWhenNear } from '../../../lib/hydrate-when-near';
import { Spinner } from '../../../components/ui/spinner';
import { PartCard } from './part-card';
import { VehicleFitment } from './vehicle-fitment';

const SORT_LABELS: Record<(typeof CATALOG_SORTS)[number], string> = {
  relevance: 'Relevance',
  'price-asc': 'Price, lowest first',
  'price-desc': 'Price, highest first',
  newest: 'Newest',
};

/** The address parameters the filter column sets. */
const FILTER_KEYS = ['category', 'make', 'model', 'year', 'minPrice', 'inStock'];

type Props = {
  params: URLSearchParams;
  data: CatalogPage | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  /** The address with these parameters changed (`null` removes one); the page goes back to 1. */
  hrefWith: (changes: Record<string, string | null>, keepPage?: boolean) => string;
  vehicle: Vehicle | null;
};

/** `/parts`: filters with their counts, sort, results and page links, all from the address. */
export function CatalogBrowser({
  params,
  data,
  isPending,
  error,
  onRetry,
  hrefWith,
  vehicle,
}: Props) {
  const q = params.get('q') ?? '';
  const filterCount = FILTER_KEYS.filter((k) => params.has(k)).length;
  // On a phone the filters sit above the results: folded behind one button, they neither push the
  // results down the screen nor move them when their counts arrive.
  const [filtersOpen, setFiltersOpen] = useState(false);

  return (
    <div className="grid gap-4 lg:grid-cols-[16rem_1fr] lg:gap-8">
      <aside aria-label="Filters">
        <button
          type="button"
          className="btn btn-sm btn-outline w-full lg:hidden"
          aria-expanded={filtersOpen}
          aria-controls="catalog-filters"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {filtersOpen ? 'Hide filters' : 'Filters'}
          {filterCount > 0 ? ` (${filterCount})` : ''}
        </button>
        <div
          id="catalog-filters"
          className={`lg:mt-0 lg:block ${filtersOpen ? 'mt-4 block' : 'hidden'}`}
        >
          {/* Folded on a phone until the first tap or key: React does not walk its links before. */}
          <HydrateWhenNear>
            {(nearId) => (
              <FilterColumn
                nearId={nearId}
                params={params}
                data={data}
                hrefWith={hrefWith}
                vehicle={vehicle}
              />
            )}
          </HydrateWhenNear>
        </div>
      </aside>

      <section aria-labelledby="results-heading">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
          <h2 id="results-heading" className="text-lg font-semibold" aria-live="polite">
            {data
              ? `${formatCount(data.total)} ${data.total === 1 ? 'part' : 'parts'}${q ? ` for “${q}”` : ''}`
              : 'Parts'}
          </h2>
          <nav aria-label="Sort" className="flex flex-wrap gap-1">
            {CATALOG_SORTS.filter((s) => s !== 'relevance' || q).map((s) => {
              const current = (params.get('sort') ?? (q ? 'relevance' : 'newest')) === s;
              return (
                <Link
                  key={s}
                  to={hrefWith({ sort: s })}
                  aria-current={current ? 'true' : undefined}
                  className={`btn btn-xs ${current ? 'btn-primary' : 'btn-ghost'}`}
                >
                  {SORT_LABELS[s]}
                </Link>
              );
            })}
          </nav>
        </div>
        {isPending && !data ? (
          <Spinner label="Loading parts…" />
        ) : error && !data ? (
          <ErrorMessage title="We could not load the parts." error={error} onRetry={onRetry} />
        ) : data && data.items.length === 0 ? (
          <div className="py-12 text-center" data-testid="no-results">
            <p className="text-lg font-semibold">No parts match{q ? ` “${q}”` : ''}.</p>
            <p className="mt-2">Check the spelling, try fewer words, or clear the filters.</p>
            <Link className="btn btn-primary mt-4" to="/parts">
              See every part
            </Link>
          </div>
        ) : data ? (
          <>
            <div className="grid grid-cols-1 gap-6 md:grid-cols-3" data-testid="part-grid">
              {data.items.map((part, i) => (
                <PartCard key={part._id} part={part} eager={i < 3}>
                  <VehicleFitment rows={part.vehicleFitment} />
                </PartCard>
              ))}
            </div>
            <Pagination
              page={data.page}
              pageCount={data.pageCount}
              hrefFor={(p) => hrefWith({ page: String(p) }, true)}
            />
          </>
        ) : null}
      </section>
    </div>
  );
}

/** The filter column's links, from the address: the vehicle, facets with counts, price, stock. */
function FilterColumn({
  nearId,
  params,
  data,
  hrefWith,
  vehicle,
}: Pick<Props, 'params' | 'data' | 'hrefWith' | 'vehicle'> & { nearId: string }) {
  const category = params.get('category');
  const make = params.get('make');
  const inStock = params.get('inStock') === 'true';
  const vehicleOn =
    vehicle !== null &&
    make === vehicle.make &&
    params.get('model') === vehicle.model &&
    params.get('year') === String(vehicle.year);
  const filtersActive = [...params.keys()].some((k) => k !== 'page' && k !== 'sort');
  return (
    <div className="space-y-6" data-near={nearId}>
      {vehicle ? (
        <Link
          className={`btn btn-sm w-full ${vehicleOn ? 'btn-primary' : 'btn-outline'}`}
          aria-current={vehicleOn ? 'true' : undefined}
          to={hrefWith(
            vehicleOn
              ? { make: null, model: null, year: null }
              : { make: vehicle.make, model: vehicle.model, year: String(vehicle.year) },
          )}
        >
          {vehicleOn ? 'Showing' : 'Show'} parts for my {vehicle.make} {vehicle.model}{' '}
          {vehicle.year}
        </Link>
      ) : null}
      <FacetList
        title="Category"
        values={data?.facets.categories ?? []}
        selected={category}
        hrefFor={(v) => hrefWith({ category: v === category ? null : v })}
      />
      <FacetList
        title="Make"
        values={data?.facets.makes ?? []}
        selected={make}
        hrefFor={(v) => hrefWith({ make: v === make ? null : v, model: null, year: null })}
      />
      {make ? (
        <FacetList
          title="Model"
          values={data?.facets.models ?? []}
          selected={params.get('model')}
          hrefFor={(v) => hrefWith({ model: v === params.get('model') ? null : v })}
        />
      ) : null}
      <section aria-labelledby="facet-price">
        <h2 id="facet-price" className="mb-2 font-semibold">
          Price
        </h2>
        <ul className="menu menu-sm p-0">
          {(data?.facets.prices ?? []).map((band) => {
            const on =
              params.get('minPrice') === String(band.min) &&
              (params.get('maxPrice') ?? '') === (band.max === null ? '' : String(band.max - 0.01));
            return (
              <li key={band.label}>
                <Link
                  to={hrefWith(
                    on
                      ? { minPrice: null, maxPrice: null }
                      : {
                          minPrice: String(band.min),
                          maxPrice: band.max === null ? null : String(band.max - 0.01),
                        },
                  )}
                  aria-current={on ? 'true' : undefined}
                  className={on ? 'menu-active' : ''}
                >
                  {band.label} <span className="badge badge-sm">{band.count}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
      <Link
        className={`btn btn-sm w-full ${inStock ? 'btn-primary' : 'btn-outline'}`}
        aria-current={inStock ? 'true' : undefined}
        to={hrefWith({ inStock: inStock ? null : 'true' })}
      >
        In stock only{data ? ` (${data.facets.inStock})` : ''}
      </Link>
      {filtersActive ? (
        <Link className="link block text-sm" to="/parts">
          Clear all filters
        </Link>
      ) : null}
    </div>
  );
}

function FacetList({
  title,
  values,
  selected,
  hrefFor,
}: {
  title: string;
  values: { value: string; label: string; count: number }[];
  selected: string | null;
  hrefFor: (value: string) => string;
}) {
  const id = `facet-${title.toLowerCase()}`;
  if (values.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 font-semibold">
        {title}
      </h2>
      <ul className="menu menu-sm max-h-72 flex-nowrap overflow-y-auto p-0">
        {values.map((v) => (
          <li key={v.value}>
            <Link
              to={hrefFor(v.value)}
              aria-current={v.value === selected ? 'true' : undefined}
              className={v.value === selected ? 'menu-active' : ''}
            >
              {v.label} <span className="badge badge-sm">{v.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Page links that are real addresses: first, previous, a window round the current, next, last. */
function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const pages = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])]
    .filter((p) => p >= 1 && p <= pageCount)
    .sort((a, b) => a - b);
  return (
    <nav aria-label="Pages" className="join mt-8 flex justify-center">
      {page > 1 ? (
        <Link className="btn join-item btn-sm" to={hrefFor(page - 1)} rel="prev">
          Previous
        </Link>
      ) : null}
      {pages.map((p) => (
        <Link
          key={p}
          className={`btn join-item btn-sm ${p === page ? 'btn-primary' : ''}`}
          to={hrefFor(p)}
          aria-current={p === page ? 'page' : undefined}
          aria-label={`Page ${p}`}
        >
          {p}
        </Link>
      ))}
      {page < pageCount ? (
        <Link className="btn join-item btn-sm" to={hrefFor(page + 1)} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
