import { downloadCatalog, downloadTemplate } from '../api/downloads';
import { DownloadButton } from '../../../components/ui/download-button';

/** The template to start from, and the whole catalog in the same format. */
export function CatalogFiles() {
  return (
    <section
      aria-labelledby="catalog-files-heading"
      className="space-y-3 rounded-box bg-base-100 p-4 shadow"
    >
      <h3 id="catalog-files-heading" className="text-lg font-semibold">
        Template and export
      </h3>
      <div>
        <p className="mb-2 text-sm">
          The template has every column with an example row; the XLSX explains each column on a
          sheet of its own.
        </p>
        <div className="flex flex-wrap gap-2">
          <DownloadButton label="Template (XLSX)" download={() => downloadTemplate('xlsx')} />
          <DownloadButton label="Template (CSV)" download={() => downloadTemplate('csv')} />
        </div>
      </div>
      <div>
        <p className="mb-2 text-sm">
          The catalog in the same format: edit it and upload it again. The XLSX holds the parts and
          the vehicles as two sheets.
        </p>
        <div className="flex flex-wrap gap-2">
          <DownloadButton
            label="Export parts (CSV)"
            download={() => downloadCatalog('csv', 'parts')}
          />
          <DownloadButton
            label="Export vehicles (CSV)"
            download={() => downloadCatalog('csv', 'fitment')}
          />
          <DownloadButton
            label="Export parts and vehicles (XLSX)"
            download={() => downloadCatalog('xlsx')}
          />
        </div>
      </div>
    </section>
  );
}

/** The staff parts list's "Export": its current filter, in the import's format. */
export function ExportFilteredParts({
  filters,
}: {
  filters: Parameters<typeof downloadCatalog>[2];
}) {
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Export these parts">
      <DownloadButton
        label="Export CSV"
        download={() => downloadCatalog('csv', 'parts', filters)}
      />
      <DownloadButton
        label="Export XLSX"
        download={() => downloadCatalog('xlsx', 'parts', filters)}
      />
    </div>
  );
}
