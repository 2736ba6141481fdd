import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { useCreatePriceList, usePriceLists } from '../api/price-lists';
import { CustomerGroupsPanel } from './customer-groups-panel';
import { ListForm, listBody } from './list-form';
import { validity } from './validity';
import { formatCount } from '@storefront/contract';

/** Every price list, and the form that makes one (then opens it to add prices and companies). */
export function PriceListsPanel() {
  const lists = usePriceLists();
  const create = useCreatePriceList();
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(listBody(event.currentTarget), {
      onSuccess: (made) => void navigate(dashboardPaths.priceList.href(made.id)),
    });
  };

  return (
    <>
      <section aria-labelledby="lists-title" className="mb-8">
        <h2 id="lists-title" className="mb-4 text-xl font-semibold">
          Price lists
        </h2>
        {lists.isPending ? (
          <Spinner label="Loading price lists…" />
        ) : lists.isError ? (
          <ErrorMessage
            title="The price lists could not be loaded"
            error={lists.error}
            onRetry={() => void lists.refetch()}
          />
        ) : lists.data.length === 0 ? (
          <p data-testid="price-lists-empty">
            No price lists yet. Make one below, then add its prices and assign it to companies.
          </p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0}>
            <table className="table" data-testid="price-lists">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Valid</th>
                  <th scope="col">Percent off</th>
                  <th scope="col">Fixed prices</th>
                  <th scope="col">Companies</th>
                </tr>
              </thead>
              <tbody>
                {lists.data.map((l) => (
                  <tr key={l.id}>
                    <td>
                      <Link className="link" to={dashboardPaths.priceList.href(l.id)}>
                        {l.name}
                      </Link>
                    </td>
                    <td>{validity(l)}</td>
                    <td>
                      {l.percentOff === null ? '—' : `${l.percentOff}%`}
                      {l.categories.length > 0 &&
                        ` (${l.categories.length} ${l.categories.length === 1 ? 'category' : 'categories'} apart)`}
                    </td>
                    <td>{formatCount(l.entryCount)}</td>
                    <td>{formatCount(l.companyCount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="new-list-title">
        <h2 id="new-list-title" className="mb-4 text-xl font-semibold">
          Make a price list
        </h2>
        <ListForm
          busy={create.isPending}
          error={create.error}
          submit="Make the list"
          onSubmit={onSubmit}
        />
      </section>
      <CustomerGroupsPanel />
    </>
  );
}
