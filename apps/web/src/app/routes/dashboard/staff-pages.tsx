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
          <div role="tablist" className="tabs tabs-box mb-4 flex-wrap">
            {pages.data.map((p) => (
              <button
                key={p.slug}
                type="button"
                role="tab"
                aria-selected={p.slug === slug}
                className={`tab ${p.slug === slug ? 'tab-active' : ''}`}
                onClick={() => setSlug(p.slug)}
              >
                {PAGE_TITLES[p.slug]}
                {p.current.isTemplate ? ' *' : ''}
              </button>
            ))}
          </div>
          {current && (
            <PageEditor
              key={`${slug}:${current.current.id}`}
              slug={slug}
              current={current.current}
            />
          )}
        </>
      )}
    </>
  );
}
