/** "Fits your vehicle" / "Does not fit": null (no vehicle chosen) shows nothing. */
export function FitBadge({ fits }: { fits: boolean | null }) {
  if (fits === null) return null;
  return fits ? (
    <span className="badge badge-success" data-testid="fit-badge">
      Fits your vehicle
    </span>
  ) : (
    <span className="badge badge-warning" data-testid="fit-badge">
      Does not fit
    </span>
  );
}
