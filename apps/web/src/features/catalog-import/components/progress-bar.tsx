type Props = {
  label: string;
  /** Null while the end is not known: the bar then says so instead of a share. */
  value: number | null;
  max: number;
  text: string;
};

/**
 * A progress bar drawn with the page's own utilities (the native element needs daisyUI's
 * progress styles in the shop's one stylesheet), named and valued for screen readers.
 */
export function ProgressBar({ label, value, max, text }: Props) {
  const share = value === null ? null : Math.max(0, Math.min(1, value / Math.max(max, 1)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value ?? undefined}
      aria-valuetext={text}
      className="h-3 w-full overflow-hidden rounded-full bg-base-300"
    >
      <div
        className={`h-full rounded-full bg-primary ${share === null ? 'w-full opacity-40' : ''}`}
        style={share === null ? undefined : { width: `${(share * 100).toFixed(1)}%` }}
      />
    </div>
  );
}
