/** A secret the shop will not show again: in full, selectable, with a plain warning. */
export function SecretOnce({ label, secret }: { label: string; secret: string }) {
  return (
    <div
      role="status"
      className="my-4 block rounded-box border-2 border-warning bg-base-100 p-4"
      data-testid="secret-once"
    >
      <p className="font-semibold">{label}</p>
      <p className="text-sm">Copy it now: it is shown this once, and the shop keeps only a hash.</p>
      <code
        className="mt-2 block break-all rounded bg-base-200 p-2 text-sm"
        data-testid="secret-value"
      >
        {secret}
      </code>
    </div>
  );
}
