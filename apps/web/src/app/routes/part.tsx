import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../components/ui/error-message';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/ui/page-title';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { useMyVehicle } from '../../features/catalog/api/my-vehicle';
import { usePartPage } from '../../features/catalog/api/search-catalog';
import { PartPageView } from '../../features/catalog/components/part-page-view';
import { ApiError } from '../../lib/api-client';
import { useHydrated } from '../../lib/use-hydrated';
import NotFoundRoute from './not-found';

/** A part's public page (`/parts/{id or part number}`); the server renders it with its data. */
export default function PartRoute() {
  const { idOrSku = '' } = useParams();
  const page = usePartPage(idOrSku);
  const auth = useAuth();
  // The server drew the page signed out; the session may be known before this route's chunk
  // hydrates (the navbar asked for it): signed in only once hydrated, or the text would differ.
  const signedIn = useHydrated() && auth.user !== null;
  const { vehicle } = useMyVehicle(auth.user !== null);
  usePageTitle(page.data ? `${page.data.part.name} (${page.data.part.sku})` : 'Part');

  if (page.isPending) return <Spinner label="Loading the part…" />;
  if (page.isError) {
    if (page.error instanceof ApiError && page.error.status === 404) return <NotFoundRoute />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <ErrorMessage
          title="We could not load this part."
          error={page.error}
          onRetry={() => void page.refetch()}
        />
        <Link className="link" to={paths.parts.href()}>
          Back to the parts
        </Link>
      </div>
    );
  }
  return (
    <PartPageView
      page={page.data}
      vehicle={vehicle}
      signedIn={signedIn}
      orderHref={paths.purchase.href(page.data.part._id)}
      browseHref={(search) => paths.parts.href(search)}
    />
  );
}
