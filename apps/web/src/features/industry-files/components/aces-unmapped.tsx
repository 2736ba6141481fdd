import { DownloadButton } from '../../../components/ui/download-button';
import { downloadUnmapped, useAcesUnmapped } from '../api/aces';
import { formatCount } from '@storefront/contract';

/** On an ACES or PIES import's page: what did not map, by reason, and the full list. */
export function AcesUnmapped({
  importId,
  noun = ['application', 'applications'],
}: {
  importId: string;
  noun?: [string, string];
}) {
  const report = useAcesUnmapped(importId);
  if (!report.data || report.data.total === 0) return null;
  const { total, reasons, items } = report.data;
  return (
    <section
      aria-labelledby="aces-unmapped-heading"
      className="space-y-3 rounded-box bg-base-100 p-4 shadow"
    >
      <h3 id="aces-unmapped-heading" className="font-semibold">
        {formatCount(total)} {total === 1 ? noun[0] : noun[1]} not mapped
      </h3>
      <ul className="list-disc pl-5 text-sm" data-testid="aces-unmapped-reasons">
        {reasons.map((r) => (
          <li key={r.reason}>
            {r.reason}: {formatCount(r.count)}
          </li>
        ))}
      </ul>
      <div className="overflow-x-auto">
        <table className="table table-sm">
          <caption className="sr-only">The first applications that did not map</caption>
          <thead>
            <tr>
              <th scope="col">Reason</th>
              <th scope="col">App</th>
              <th scope="col">Part number</th>
              <th scope="col">Vehicle</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {items.map((i, n) => (
              <tr key={n}>
                <td>{i.reason}</td>
                <td>{i.appId}</td>
                <td>{i.part}</td>
                <td>{i.vehicle}</td>
                <td>{i.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DownloadButton
        label={`Download every ${noun[0]} not mapped`}
        download={() => downloadUnmapped(importId)}
      />
    </section>
  );
}
