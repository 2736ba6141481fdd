import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../components/ui/page-title';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { ImportDetails } from '../../../features/catalog-import/components/import-details';
import { AcesUnmapped } from '../../../features/industry-files/components/aces-unmapped';

/** Staff: one import, its progress, its preview to apply or discard, its outcome. */
export default function ImportRoute() {
  usePageTitle('Catalog import');
  const { id = '' } = useParams();
  return (
    <>
      <Link to={dashboardPaths.imports.href()} className="link mb-4 inline-block">
        ← Import catalog
      </Link>
      <ImportDetails
        // A new import starts with its own state (the changes' filter, a refusal shown).
        key={id}
        id={id}
        uploadHref={dashboardPaths.imports.href()}
        partsHref={dashboardPaths.parts.href()}
        // An ACES or PIES file (decision 067): what did not map, by reason.
        extra={(job) =>
          job.notes.some((n) => n.startsWith('ACES ')) ? (
            <AcesUnmapped importId={job.id} />
          ) : job.notes.some((n) => n.startsWith('PIES ')) ? (
            <AcesUnmapped importId={job.id} noun={['Item value', 'Item values']} />
          ) : null
        }
      />
    </>
  );
}
