import { useId } from 'react';

type Props = {
  label: string;
  hint: string;
  accept: string;
  name: string;
  disabled: boolean;
  error?: string | undefined;
  onChange: (file: File | null) => void;
};

/** One labelled file input with its hint and error, read by screen readers with the field. */
export function FileInput({ label, hint, accept, name, disabled, error, onChange }: Props) {
  const id = useId();
  return (
    <div className="w-full">
      <label htmlFor={id} className="mb-1 block font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        disabled={disabled}
        className={`block w-full max-w-full cursor-pointer rounded-box border bg-base-100 text-sm file:mr-3 file:cursor-pointer file:border-0 file:bg-base-200 file:px-4 file:py-2.5 file:font-semibold ${error ? 'border-error' : 'border-base-300'}`}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-base-content/80">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
