import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { QuoteResponse } from '@storefront/contract';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { ApiError } from '../../../lib/api-client';
import { useAcceptQuote, useAnswerQuote, useMyCompanyChoices } from '../api/quotes';

const EMPTY = { street: '', city: '', postalCode: '', country: '', phone: '' };

/** A refusal's message, with every line that could not be ordered when there are some. */
function refusalText(error: Error | null): string | null {
  if (!error) return null;
  const problems =
    error instanceof ApiError ? (error.body as { problems?: unknown })?.problems : null;
  if (!Array.isArray(problems)) return error.message;
  return [error.message, ...problems.map((p: { message?: string }) => p.message ?? '')].join(' ');
}

/**
 * The buyer's answer to the offer on screen: accept (an order at the quoted prices, then payment
 * or, for a company on account, its terms), reject, or ask for a revision with a message. The
 * version shown goes with the answer; an offer changed since is refused and shown anew.
 */
export function QuoteAnswer({
  quote,
  onStale,
}: {
  quote: QuoteResponse;
  /** The answer was refused (409): the quote changed, closed or expired (`code` says which). */
  onStale: (code: string) => void;
}) {
  const [shipTo, setShipTo] = useState(EMPTY);
  const [payment, setPayment] = useState<'card' | 'account'>('card');
  const [message, setMessage] = useState('');
  const accept = useAcceptQuote(quote.id);
  const answer = useAnswerQuote(quote.id);
  const companies = useMyCompanyChoices();
  const navigate = useNavigate();
  const onAccount =
    quote.companyId !== null &&
    companies.data?.some((c) => c.id === quote.companyId && c.terms === 'approved');
  const stale = (err: Error) => {
    if (err instanceof ApiError && err.status === 409 && err.code.startsWith('QUOTE_'))
      onStale(err.code);
  };
  // A second click lands before the button is drawn disabled: it must not send a second
  // acceptance, whose refusal (the quote is accepted now) would replace the first one's answer
  // and keep the buyer here instead of taking them to the payment.
  const sending = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    const { phone, ...address } = shipTo;
    try {
      const order = await accept.mutateAsync({
        version: quote.version,
        shipTo: address,
        phone,
        ...(onAccount ? { payment } : {}),
      });
      await navigate(
        order.status === 'unpaid'
          ? dashboardPaths.payment.href(order._id)
          : dashboardPaths.order.href(order._id),
      );
    } catch (err) {
      if (err instanceof Error) stale(err);
    } finally {
      sending.current = false;
    }
  };
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setShipTo({ ...shipTo, [key]: e.target.value });
  const fields = accept.error instanceof ApiError ? accept.error.fields : {};

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <form
        onSubmit={(e) => void submit(e)}
        className="rounded-box bg-base-100 p-4 shadow"
        aria-label="Accept the offer"
      >
        <h2 className="mb-2 text-lg font-semibold">Accept version {quote.version}</h2>
        <p className="mb-3 text-sm text-base-content/80">
          Accepting places the order at these prices and reserves the stock.
        </p>
        <Field
          label="Address"
          value={shipTo.street}
          onChange={set('street')}
          required
          error={fields['shipTo.street']}
        />
        <div className="grid gap-x-3 sm:grid-cols-2">
          <Field
            label="City"
            value={shipTo.city}
            onChange={set('city')}
            required
            error={fields['shipTo.city']}
          />
          <Field
            label="Postal code"
            value={shipTo.postalCode}
            onChange={set('postalCode')}
            required
            error={fields['shipTo.postalCode']}
          />
        </div>
        <Field
          label="Country"
          value={shipTo.country}
          onChange={set('country')}
          required
          error={fields['shipTo.country']}
        />
        <Field
          label="Phone"
          type="tel"
          value={shipTo.phone}
          onChange={set('phone')}
          required
          error={fields.phone}
        />
        {onAccount && (
          <fieldset className="mb-3">
            <legend className="mb-1 font-medium">Payment</legend>
            {(['card', 'account'] as const).map((p) => (
              <label key={p} className="mr-4 inline-flex items-center gap-2">
                <input
                  type="radio"
                  className="radio radio-sm"
                  name="payment"
                  checked={payment === p}
                  onChange={() => setPayment(p)}
                />
                {p === 'card' ? 'Card' : "On the company's account"}
              </label>
            ))}
          </fieldset>
        )}
        <FormError message={refusalText(accept.error)} testId="accept-error" />
        <button type="submit" className="btn btn-primary mt-2" disabled={accept.isPending}>
          Accept and order
        </button>
      </form>
      <div className="rounded-box bg-base-100 p-4 shadow">
        <h2 className="mb-2 text-lg font-semibold">Not right?</h2>
        <TextAreaField
          label="Message to our sales team"
          value={message}
          maxLength={2000}
          onChange={(e) => setMessage(e.target.value)}
        />
        <FormError message={answer.error?.message} />
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline"
            disabled={answer.isPending}
            onClick={() =>
              answer.mutate({ to: 'revision', version: quote.version, message }, { onError: stale })
            }
          >
            Ask for a revision
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={answer.isPending}
            onClick={() =>
              answer.mutate({ to: 'reject', version: quote.version, message }, { onError: stale })
            }
          >
            Reject
          </button>
        </div>
      </div>
    </div>
  );
}
