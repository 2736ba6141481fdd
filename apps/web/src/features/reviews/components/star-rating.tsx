import { RATING_MAX } from '@storefront/contract';

/** Read-only stars; screen readers hear "Rated 4 out of 5". */
export function StarRating({ value }: { value: number }) {
  return (
    <span
      className="flex gap-0.5 text-accent"
      role="img"
      aria-label={`Rated ${value} out of ${RATING_MAX}`}
    >
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <svg
          key={i}
          viewBox="0 0 20 20"
          width="18"
          height="18"
          aria-hidden="true"
          fill={i < value ? 'currentColor' : 'none'}
          stroke="currentColor"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.2 4.1 1 5.8L10 14.8l-5.3 2.8 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}
