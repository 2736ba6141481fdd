import type { ReactNode } from 'react';

/** A form's submit button: disabled and spinning while the form is busy. */
export function SubmitButton({
  busy,
  disabled = false,
  className = 'mt-2',
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={`btn btn-primary ${className}`}
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
