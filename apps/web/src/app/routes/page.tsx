import { useParams } from 'react-router';
import { ErrorMessage } from '../../components/ui/error-message';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/ui/page-title';
import { usePage } from '../../features/pages/api/get-page';
import { PolicyPageView } from '../../features/pages/components/policy-page-view';
import { useConfig } from '../../features/site/api/get-config';
import { ApiError } from '../../lib/api-client';
import NotFound from './not-found';

/** `/pages/{slug}`: terms of sale, privacy notice, delivery, returns, legal notice. */
export default function PageRoute() {
  const { slug = '' } = useParams();
  const page = usePage(slug);
  const brand = useConfig().data?.brandName ?? '';
  usePageTitle(page.data ? `${page.data.title} | ${brand}` : brand);
  if (page.isError && page.error instanceof ApiError && page.error.status === 404)
    return <NotFound />;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      {page.isPending ? (
        <Spinner label="Loading the page…" />
      ) : page.isError ? (
        <ErrorMessage
          title="We could not load this page."
          error={page.error}
          onRetry={() => void page.refetch()}
        />
      ) : (
        <PolicyPageView page={page.data} brandName={brand} />
      )}
    </main>
  );
}
