import { useNavigate } from 'react-router';
import { alerts } from '@storefront/contract';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../features/auth/use-auth';
import { ReviewForm } from '../../../features/reviews/components/review-form';
import { showSuccess } from '../../../lib/alert';

export default function AddReviewRoute() {
  usePageTitle('Add a review');
  const auth = useAuth();
  const navigate = useNavigate();
  return (
    <>
      <h2 className="mb-4 text-xl font-semibold">Add A Review</h2>
      <ReviewForm
        authorName={auth.user?.name ?? ''}
        onPosted={async () => {
          await showSuccess(alerts.reviewThanks);
          await navigate(paths.home.href());
        }}
      />
    </>
  );
}
