/** A secret the shop will not show again: in full, selectable, with a plain warning. */
export function SecretOnce({ label, secret }: { label: string; secret: string }) {
  return (
    <div
      role="status"
      className="alert alert-warning alert-soft my-4 block"
      data-testid="secret-once"
    >
      <p className="font-semibold">{label}</p>
      <p className="text-sm">Copy it now: it is shown this once, and the shop keeps only a hash.</p>
      <code
        className="mt-2 block break-all rounded bg-base-100 p-2 text-sm"
        data-testid="secret-value"
      >
        {secret}
      </code>
    </div>
  );
}
