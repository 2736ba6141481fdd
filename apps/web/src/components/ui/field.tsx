import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useFocusFirstError } from '../../lib/focus-first-error';

// Re-exported for the other fields: one chunk with Field's, not one more for every form's page.
export { useFocusFirstError };

type FieldProps = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered under the input, e.g. the provider's error (spec section 8). */
  after?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input whose error is announced and tied to it for screen readers. */
export function Field({ label, error, hint, after, id, className = '', ...input }: FieldProps) {
  const autoId = useId();
  useFocusFirstError();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-control mb-3 w-full">
      <label htmlFor={inputId} className="label mb-1">
        <span className="label-text font-medium text-base-content">{label}</span>
      </label>
      <input
        id={inputId}
        className={`input input-bordered w-full ${error ? 'input-error' : ''} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
      {after}
    </div>
  );
}
