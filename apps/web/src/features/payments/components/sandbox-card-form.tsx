import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { confirmSandboxCard } from '../api/confirm-payment';
import { PayButton } from './pay-button';
import type { CardFormProps } from './card-form-props';

/** Our own card fields for the sandbox provider: they behave like Stripe's test mode. */
export function SandboxCardForm({ clientSecret, billing, payLabel, onSucceeded }: CardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!clientSecret) return;
    const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
    if (!match) {
      setError("Your card's expiration date is incomplete.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await confirmSandboxCard({
        clientSecret,
        card: { number, expMonth: Number(match[1]), expYear: Number(match[2]), cvc: cvc.trim() },
        billingDetails: billing,
      });
      if (answer.error) setError(answer.error.message);
      else await onSucceeded(answer.paymentIntent.id);
    } catch (err) {
      setError(
        err instanceof ApiError
          ? err.message
          : 'The payment could not be completed. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Card payment">
      <Field
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={number}
        onChange={(e) => setNumber(e.target.value)}
      />
      <div className="grid grid-cols-2 gap-4">
        <Field
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12/30"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
        />
        <Field
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={cvc}
          onChange={(e) => setCvc(e.target.value)}
        />
      </div>
      <p className="text-sm text-base-content/70">
        Sandbox payments: use the test card 4242 4242 4242 4242, any future date and any CVC.
      </p>
      <PayButton disabled={!clientSecret} busy={busy} error={error} label={payLabel} />
    </form>
  );
}
