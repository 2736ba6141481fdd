import { Spinner } from '../../../components/ui/spinner';
import { ErrorMessage } from '../../../components/ui/error-message';
import { useReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';

export function ReviewGrid() {
  const reviews = useReviews();
  if (reviews.isPending) return <Spinner label="Loading reviews…" />;
  if (reviews.isError)
    return (
      <ErrorMessage
        title="We could not load the reviews."
        error={reviews.error}
        onRetry={() => void reviews.refetch()}
      />
    );
  if (reviews.data.length === 0) return <p className="py-8 text-center">No reviews yet.</p>;
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-3" data-testid="review-grid">
      {reviews.data.map((review) => (
        <ReviewCard key={review._id} review={review} />
      ))}
    </div>
  );
}
