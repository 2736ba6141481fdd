import { Link } from 'react-router';
import { pagePath } from '@storefront/contract';

/** Above an order button: placing the order accepts the terms of sale (no box to tick). */
export function TermsAcceptance() {
  return (
    <p className="mt-2 text-sm" data-testid="terms-acceptance">
      By placing the order you accept the{' '}
      <Link className="link" to={pagePath('terms')} target="_blank">
        terms of sale
      </Link>
      .
    </p>
  );
}
