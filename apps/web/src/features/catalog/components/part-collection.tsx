import { Spinner } from '../../../components/ui/spinner';
import { ErrorMessage } from '../../../components/ui/error-message';
import { useParts } from '../api/get-parts';
import { PartCard } from './part-card';

export function PartCollection() {
  const parts = useParts();
  if (parts.isPending) return <Spinner label="Loading parts…" />;
  if (parts.isError)
    return (
      <ErrorMessage
        title="We could not load the parts."
        error={parts.error}
        onRetry={() => void parts.refetch()}
      />
    );
  if (parts.data.length === 0)
    return <p className="py-8 text-center">No parts are on sale right now.</p>;
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-3" data-testid="part-grid">
      {/* Lazy, all of them: the hero above is the page's largest paint on every screen, and three
          eager pictures asked for at high priority shared its first bytes (issue 41). */}
      {parts.data.map((part) => (
        <PartCard key={part._id} part={part} />
      ))}
    </div>
  );
}
