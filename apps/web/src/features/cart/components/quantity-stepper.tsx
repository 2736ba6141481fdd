import { useId, useState } from 'react';

type Props = {
  label: string;
  value: number;
  step: number;
  min: number;
  busy: boolean;
  onChange: (quantity: number) => void;
};

/**
 * A quantity with − and + a pack at a time, and a field to type any number: the typed value is sent
 * when the buyer leaves the field or presses Enter, so every keystroke is not a request. Text that
 * is not a whole number stays in the field with its error; nothing is sent. The parent keys it by
 * the value, so a new quantity from the server starts it afresh.
 */
export function QuantityStepper({ label, value, step, min, busy, onChange }: Props) {
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const commit = () => {
    const trimmed = text.trim();
    const n = Number(trimmed);
    if (trimmed === '' || !Number.isInteger(n) || n < 1) {
      setError('Enter a whole number of pieces, at least 1.');
      return;
    }
    setError(null);
    if (n !== value) onChange(n);
  };

  return (
    <div>
      <div className="join" role="group" aria-label={label}>
        <button
          type="button"
          className="btn join-item btn-sm"
          aria-label={`${label}: ${step} fewer`}
          disabled={busy || value - step < Math.max(min, 1)}
          onClick={() => onChange(value - step)}
        >
          −
        </button>
        <input
          className={`input join-item input-sm w-20 text-center ${error ? 'input-error' : ''}`}
          inputMode="numeric"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
        <button
          type="button"
          className="btn join-item btn-sm"
          aria-label={`${label}: ${step} more`}
          disabled={busy}
          onClick={() => onChange(value + step)}
        >
          +
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-xs text-error">
          {error}
        </p>
      )}
    </div>
  );
}
