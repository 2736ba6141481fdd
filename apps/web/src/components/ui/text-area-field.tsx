import { useId, type TextareaHTMLAttributes } from 'react';
import { useFocusFirstError } from './field';

type TextAreaFieldProps = {
  label: string;
  error?: string | undefined;
} & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextAreaField({ label, error, id, ...textarea }: TextAreaFieldProps) {
  const autoId = useId();
  useFocusFirstError();
  const fieldId = id ?? autoId;
  const errorId = `${fieldId}-error`;
  return (
    <div className="form-control mb-3 w-full">
      <label htmlFor={fieldId} className="label mb-1">
        <span className="label-text font-medium text-base-content">{label}</span>
      </label>
      <textarea
        id={fieldId}
        className={`textarea textarea-bordered min-h-28 w-full ${error ? 'textarea-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...textarea}
      />
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
