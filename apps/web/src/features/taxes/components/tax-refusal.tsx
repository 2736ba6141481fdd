import { ApiError } from '../../../lib/api-client';

/** A refused change in words: the message, then each field's problem. */
export function Refusal({ error }: { error: unknown }) {
  if (!error) return null;
  const fields = error instanceof ApiError ? Object.values(error.fields) : [];
  return (
    <div role="alert" className="mt-2 text-sm text-error" data-testid="tax-region-error">
      <p>{error instanceof Error ? error.message : 'Something went wrong.'}</p>
      {fields.length > 0 && (
        <ul className="list-disc pl-5">
          {fields.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
