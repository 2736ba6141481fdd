import { useLocation, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/ui/page-title';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { useMyVehicle } from '../../features/catalog/api/my-vehicle';
import { useCatalog } from '../../features/catalog/api/search-catalog';
import { CatalogBrowser } from '../../features/catalog/components/catalog-browser';
import { VehiclePicker } from '../../features/catalog/components/vehicle-picker';

/** `/parts`: search results and the browsable catalog; every filter lives in the address. */
export default function PartsRoute() {
  const [params] = useSearchParams();
  const location = useLocation();
  const auth = useAuth();
  const { vehicle, setVehicle } = useMyVehicle(auth.user !== null);
  const q = params.get('q') ?? '';
  usePageTitle(q ? `Parts for “${q}”` : 'All parts');

  // The API gets the page's own filters, plus the vehicle to mark each card against.
  const apiParams = new URLSearchParams(params);
  if (vehicle) {
    apiParams.set('fitsMake', vehicle.make);
    apiParams.set('fitsModel', vehicle.model);
    apiParams.set('fitsYear', String(vehicle.year));
  }
  const apiSearch = apiParams.size > 0 ? `?${apiParams.toString()}` : '';
  const catalog = useCatalog(apiSearch);

  const hrefWith = (changes: Record<string, string | null>, keepPage = false) => {
    const next = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!keepPage) next.delete('page');
    if (next.get('page') === '1') next.delete('page');
    const search = next.toString();
    return paths.parts.href(search ? `?${search}` : '');
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">{q ? `Search: ${q}` : 'All parts'}</h1>
      <div className="mb-8 max-w-md">
        <VehiclePicker key={JSON.stringify(vehicle)} vehicle={vehicle} onChange={setVehicle} />
      </div>
      <CatalogBrowser
        params={params}
        data={catalog.data}
        isPending={catalog.isPending}
        error={catalog.error}
        onRetry={() => void catalog.refetch()}
        hrefWith={hrefWith}
        vehicle={vehicle}
      />
    </div>
  );
}
