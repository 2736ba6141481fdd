import { ApiError } from '../../../lib/api-client';

/**
 * A refused change in words: the message, then each field's problem ("Row 3: IC-1002 is listed
 * twice"), announced when it appears. Nothing when there is no error.
 */
export function Problems({ error, testId }: { error: unknown; testId?: string }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  const fields = error instanceof ApiError ? Object.values(error.fields) : [];
  return (
    <div role="alert" className="mt-2 text-sm text-error" data-testid={testId}>
      <p>{message}</p>
      {fields.length > 0 && (
        <ul className="list-disc pl-5">
          {fields.slice(0, 20).map((f) => (
            <li key={f}>{f}</li>
          ))}
          {fields.length > 20 && <li>and {fields.length - 20} more</li>}
        </ul>
      )}
    </div>
  );
}
