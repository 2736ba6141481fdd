import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { importKeys } from '../../../features/catalog-import/api/import-keys';
import { usePageTitle } from '../../../components/ui/page-title';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { useStartAces } from '../../../features/industry-files/api/aces';
import { AcesUpload } from '../../../features/industry-files/components/aces-upload';
import { VcdbPanel } from '../../../features/industry-files/components/vcdb-panel';

/** Staff: the VCdb releases and ACES files (decision 067). */
export default function IndustryFilesRoute() {
  usePageTitle('ACES and PIES files');
  const navigate = useNavigate();
  const start = useStartAces();
  const queryClient = useQueryClient();
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold">ACES and PIES files</h2>
        <p className="text-sm">
          Fitment in the Auto Care Association’s ACES format, mapped through the VCdb you upload.
        </p>
      </div>
      <section aria-labelledby="vcdb-heading" className="space-y-3">
        <h3 id="vcdb-heading" className="text-lg font-semibold">
          VCdb
        </h3>
        <VcdbPanel />
      </section>
      <section aria-labelledby="aces-heading" className="space-y-3">
        <h3 id="aces-heading" className="text-lg font-semibold">
          ACES fitment
        </h3>
        <AcesUpload
          onUpload={async (file, onProgress) => {
            const job = await start.mutateAsync({ file, onProgress });
            await queryClient.invalidateQueries({ queryKey: importKeys.list() });
            await navigate(dashboardPaths.staffImport.href(job.id));
          }}
        />
      </section>
    </div>
  );
}
