import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { importKeys } from '../../../features/catalog-import/api/import-keys';
import { usePageTitle } from '../../../components/ui/page-title';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { useStartXmlImport } from '../../../features/industry-files/api/aces';
import { XmlUpload } from '../../../features/industry-files/components/xml-upload';
import type { UploadProgress } from '../../../lib/api-files';
import { VcdbPanel } from '../../../features/industry-files/components/vcdb-panel';

/** Staff: the VCdb releases and ACES files (decision 067). */
export default function IndustryFilesRoute() {
  usePageTitle('ACES and PIES files');
  const navigate = useNavigate();
  const startAces = useStartXmlImport('aces');
  const startPies = useStartXmlImport('pies');
  const queryClient = useQueryClient();
  const upload = (start: typeof startAces) => async (file: File, onProgress: UploadProgress) => {
    const job = await start.mutateAsync({ file, onProgress });
    await queryClient.invalidateQueries({ queryKey: importKeys.list() });
    await navigate(dashboardPaths.staffImport.href(job.id));
  };
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold">ACES and PIES files</h2>
        <p className="text-sm">
          Fitment (ACES) and product data (PIES) in the Auto Care Association’s formats, through the
          catalog import’s preview.
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
        <XmlUpload
          kind="ACES"
          about="ACES 4.x XML. Each application is mapped through the current VCdb to a part’s vehicles; the preview lists what did not map before anything changes."
          onUpload={upload(startAces)}
        />
      </section>
      <section aria-labelledby="pies-heading" className="space-y-3">
        <h3 id="pies-heading" className="text-lg font-semibold">
          PIES product data
        </h3>
        <XmlUpload
          kind="PIES"
          about="PIES 7.x XML. Each Item updates its part: names, descriptions, list price, pack size, OEM and superseded numbers, picture; other price types and the brand are kept. A field the Item leaves out stays as it is."
          onUpload={upload(startPies)}
        />
      </section>
    </div>
  );
}
