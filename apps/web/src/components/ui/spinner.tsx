type SpinnerProps = { label?: string; className?: string };

/** A visible spinner that screen readers announce as a status. */
export function Spinner({ label = 'Loading…', className = '' }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex items-center justify-center gap-3 py-10 ${className}`}
    >
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
