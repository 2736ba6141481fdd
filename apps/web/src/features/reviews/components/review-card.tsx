import type { ReviewResponse } from '@storefront/contract';
import { HydrateWhenNear } from '../../../lib/hydrate-when-near';
import { StarRating } from './star-rating';

/** A review; drawn by the server (the home page), it is hydrated when it comes near the screen. */
export function ReviewCard({ review }: { review: ReviewResponse }) {
  return <HydrateWhenNear>{(nearId) => <Card review={review} nearId={nearId} />}</HydrateWhenNear>;
}

function Card({ review, nearId }: { review: ReviewResponse; nearId: string }) {
  const rating = Number(review.rating);
  return (
    <article className="card bg-base-100 shadow-md" data-testid="review-card" data-near={nearId}>
      <div className="card-body">
        <div className="flex items-center gap-4">
          <img
            src="/images/avatar.svg"
            alt=""
            width={56}
            height={56}
            loading="lazy"
            className="rounded-full"
          />
          <div>
            <h3 className="font-semibold">{review.name}</h3>
            <StarRating value={rating} />
            {review.verifiedBuyer && (
              <span className="badge badge-success badge-sm mt-1">Verified buyer</span>
            )}
          </div>
        </div>
        <p className="mt-2 text-base-content/80">{review.description}</p>
      </div>
    </article>
  );
}
