import { RATING_MAX } from '@storefront/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * Rating as 1 to 5 stars: a radio group, so arrow keys move between stars and screen readers
 * hear "3 stars, 3 of 5".
 */
export function StarInput({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  return (
    <fieldset className="mb-3" aria-describedby={error ? 'rating-error' : undefined}>
      <legend className="mb-1 font-medium">Rating</legend>
      <div className="rating rating-lg">
        {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((value) => (
          <input
            key={value}
            type="radio"
            value={String(value)}
            className="mask mask-star-2 bg-accent"
            aria-label={`${value} star${value > 1 ? 's' : ''}`}
            {...registration}
          />
        ))}
      </div>
      {error && (
        <p id="rating-error" role="alert" className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
