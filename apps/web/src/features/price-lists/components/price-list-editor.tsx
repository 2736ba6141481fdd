import type { FormEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { dashboardPaths } from '../../../config/dashboard-paths';
import {
  useCustomerGroups,
  useDeletePriceList,
  usePriceList,
  useUpdatePriceList,
} from '../api/price-lists';
import { CategoriesForm } from './categories-form';
import { CompaniesForm } from './companies-form';
import type { CompanyOption } from './company-option';
import { EntriesFile } from './entries-file';
import { ExplainForm } from './explain-form';
import { FixedPrices } from './fixed-prices';
import { GroupsForm } from './groups-form';
import { ListForm, listBody } from './list-form';
import { Problems } from './problems';
import { validity } from './validity';
import { formatCount } from '@storefront/contract';

/** One price list: its terms, percentages by category, fixed prices, companies, and explain. */
export function PriceListEditor({
  id,
  companies,
}: {
  id: string;
  companies: CompanyOption[] | undefined;
}) {
  const list = usePriceList(id);
  const groups = useCustomerGroups();
  const groupOptions = groups.data?.map((g) => ({ id: g.id, name: g.name }));
  const update = useUpdatePriceList(id);
  const remove = useDeletePriceList(id);
  const navigate = useNavigate();

  if (list.isPending) return <Spinner label="Loading the price list…" />;
  if (list.isError)
    return (
      <ErrorMessage
        title="The price list could not be loaded"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  const l = list.data;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(listBody(event.currentTarget));
  };
  const onDelete = () => {
    if (
      !window.confirm(`Delete the price list "${l.name}"? Its companies go back to public prices.`)
    )
      return;
    remove.mutate(undefined, { onSuccess: () => void navigate(dashboardPaths.priceLists.href()) });
  };
  const section = (id: string, title: string, body: ReactNode) => (
    <section aria-labelledby={id} className="mb-8">
      <h3 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h3>
      {body}
    </section>
  );

  return (
    <>
      <h2 className="mb-1 text-xl font-semibold" data-testid="price-list-name">
        {l.name}
      </h2>
      <p className="mb-6 text-sm" data-testid="price-list-validity">
        {validity(l)} · {formatCount(l.entryCount)} fixed prices · {formatCount(l.companyCount)}{' '}
        companies
      </p>
      {section(
        'terms-title',
        'Name, dates and percent off',
        <>
          <ListForm
            list={l}
            busy={update.isPending}
            error={update.error}
            submit="Save the list"
            onSubmit={onSubmit}
          />
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm mt-3"
            onClick={onDelete}
          >
            Delete the list
          </button>
          <Problems error={remove.error} />
        </>,
      )}
      {section('categories-title', 'Percent off by category', <CategoriesForm list={l} />)}
      {section(
        'fixed-title',
        'Fixed prices',
        <>
          <EntriesFile listId={l.id} />
          <FixedPrices listId={l.id} />
        </>,
      )}
      {section('companies-title', 'Companies', <CompaniesForm list={l} companies={companies} />)}
      {section('groups-title', 'Customer groups', <GroupsForm list={l} />)}
      {section(
        'explain-title',
        'Explain a price',
        <ExplainForm companies={companies} groups={groupOptions} />,
      )}
    </>
  );
}
