import { useState } from 'react';
import { PAGE_TITLES, type PageSlug } from '@storefront/contract';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/ui/page-title';
import { useStaffPages } from '../../../features/staff/api/staff-pages';
import { PageEditor } from '../../../features/staff/components/page-editor';

/** Staff: the shop's pages (terms, privacy notice, delivery, returns, legal notice). */
export default function StaffPagesRoute() {
  usePageTitle('Pages');
  const pages = useStaffPages();
  const [slug, setSlug] = useState<PageSlug>('terms');
  const current = pages.data?.find((p) => p.slug === slug);
  return (
    <>
      <h2 className="mb-4 text-xl font-semibold">Pages</h2>
      {pages.isPending ? (
        <Spinner label="Loading the pages…" />
      ) : pages.isError ? (
        <ErrorMessage
          title="We could not load the pages."
          error={pages.error}
          onRetry={() => void pages.refetch()}
        />
      ) : (
        <>
          <div role="group" aria-label="Page to edit" className="mb-4 flex flex-wrap gap-2">
            {pages.data.map((p) => (
              <button
                key={p.slug}
                type="button"
                aria-pressed={p.slug === slug}
                className={`btn btn-sm ${p.slug === slug ? 'btn-primary' : 'btn-outline'}`}
                onClick={() => setSlug(p.slug)}
              >
                {PAGE_TITLES[p.slug]}
                {p.current.isTemplate ? ' *' : ''}
              </button>
            ))}
          </div>
          {current && <PageEditor key={slug} slug={slug} current={current.current} />}
        </>
      )}
    </>
  );
}
