import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import type { CardFormProps } from './card-form-props';
import { PayButton } from './pay-button';

const stripeByKey = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string) => {
  let promise = stripeByKey.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, promise);
  }
  return promise;
};

function StripeCardFields({ clientSecret, billing, payLabel, onSucceeded }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    setBusy(true);
    setError(null);
    // Spec: creating the payment method first; its errors are only logged.
    const created = await stripe.createPaymentMethod({
      type: 'card',
      card,
      billing_details: billing,
    });
    if (created.error) console.warn('payment method', created.error.message);
    const result = await stripe.confirmCardPayment(clientSecret, {
      payment_method: created.paymentMethod?.id ?? { card, billing_details: billing },
    });
    if (result.error) {
      setError(result.error.message ?? 'The payment failed.');
      setBusy(false);
      return;
    }
    try {
      await onSucceeded(result.paymentIntent.id);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Card payment">
      <div className="rounded-box border border-base-300 bg-base-100 p-4">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
      <PayButton
        disabled={!stripe || !elements || !clientSecret}
        busy={busy}
        error={error}
        label={payLabel}
      />
    </form>
  );
}

/** Stripe's card element; Stripe.js is loaded only here, on the payment page. */
export default function StripeCardForm(props: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(props.publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
