/** The Pay button and, under it, the provider's message when a payment fails (spec section 4). */
export function PayButton({
  disabled,
  busy,
  error,
  label,
}: {
  disabled: boolean;
  busy: boolean;
  error: string | null;
  label: string;
}) {
  return (
    <div className="mt-4">
      <button
        type="submit"
        className="btn btn-primary w-full"
        disabled={disabled || busy}
        aria-busy={busy}
      >
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {label}
      </button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-error" data-testid="payment-error">
          {error}
        </p>
      )}
    </div>
  );
}
