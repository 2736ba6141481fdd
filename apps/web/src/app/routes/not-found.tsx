import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../components/ui/page-title';

export default function NotFoundRoute() {
  usePageTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-12 text-center">
      <h1 className="sr-only">Page not found</h1>
      <img
        src="/images/not-found.svg"
        alt="Page not found"
        width={640}
        height={400}
        className="w-full max-w-lg"
        data-testid="not-found-image"
      />
      <p className="mt-6 text-lg">We could not find that page.</p>
      <Link to={paths.home.href()} className="btn btn-primary mt-4">
        Back to the shop
      </Link>
    </div>
  );
}
