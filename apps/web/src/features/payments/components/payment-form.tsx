import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorMessage } from '../../../components/ui/error-message';
import { usePaymentIntent } from '../api/create-payment-intent';
import type { CardFormProps } from './card-form-props';
import { SandboxCardForm } from './sandbox-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

type PaymentFormProps = Omit<CardFormProps, 'clientSecret'> & {
  orderId: string;
  provider: 'sandbox' | 'stripe';
  publishableKey: string | null;
};

export function PaymentForm({ orderId, provider, publishableKey, ...rest }: PaymentFormProps) {
  const intent = usePaymentIntent(orderId, true);
  if (intent.isError)
    return (
      <ErrorMessage
        title="We could not start the payment."
        error={intent.error}
        onRetry={() => void intent.refetch()}
      />
    );
  const clientSecret = intent.data?.clientSecret ?? null;
  if (provider === 'stripe') {
    if (!publishableKey)
      return (
        <ErrorMessage
          title="Card payments are not set up on this shop."
          error={new Error('No Stripe publishable key is configured.')}
        />
      );
    return (
      <Suspense fallback={<Spinner label="Loading the card form…" />}>
        <StripeCardForm publishableKey={publishableKey} clientSecret={clientSecret} {...rest} />
      </Suspense>
    );
  }
  return <SandboxCardForm clientSecret={clientSecret} {...rest} />;
}
