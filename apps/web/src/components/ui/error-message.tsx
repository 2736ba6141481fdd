type ErrorMessageProps = { title: string; error: unknown; onRetry?: () => void };

/** A failed load, said plainly, with a way to try again. */
export function ErrorMessage({ title, error, onRetry }: ErrorMessageProps) {
  const detail = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <div role="alert" className="alert alert-error alert-soft my-6 flex flex-wrap justify-between">
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{detail}</p>
      </div>
      {onRetry && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
