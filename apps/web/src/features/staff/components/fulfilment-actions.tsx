import { useState, type FormEvent } from 'react';
import { formatMoney, type StaffOrderDetails } from '@storefront/contract';
import { Field } from '../../../components/ui/field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { confirm } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { useDeliverOrder, useShipOrder, useStaffCancelOrder } from '../api/staff-orders';

const problem = (err: unknown) =>
  err instanceof ApiError ? err.message : 'That did not work. Try again.';

function ShipForm({ orderId }: { orderId: string }) {
  const ship = useShipOrder(orderId);
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const fields = ship.error instanceof ApiError ? ship.error.fields : {};
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    ship.mutate({ carrier, trackingNumber });
  };
  return (
    <form onSubmit={onSubmit} aria-labelledby="ship-heading" noValidate>
      <h4 id="ship-heading" className="mb-2 font-semibold">
        Ship it
      </h4>
      <div className="grid gap-x-3 sm:grid-cols-2">
        <Field
          label="Carrier"
          value={carrier}
          onChange={(e) => setCarrier(e.target.value)}
          error={fields.carrier}
          maxLength={60}
          required
          placeholder="DHL, UPS, a pallet haulier…"
        />
        <Field
          label="Tracking number"
          value={trackingNumber}
          onChange={(e) => setTrackingNumber(e.target.value)}
          error={fields.trackingNumber}
          maxLength={100}
          required
        />
      </div>
      {ship.isError && !fields.carrier && !fields.trackingNumber && (
        <p role="alert" className="mb-2 text-sm text-error">
          {problem(ship.error)}
        </p>
      )}
      <SubmitButton busy={ship.isPending}>Mark shipped</SubmitButton>
    </form>
  );
}

function CancelForm({ details }: { details: StaffOrderDetails }) {
  const cancel = useStaffCancelOrder(details.order._id);
  const [reason, setReason] = useState('');
  const paid = details.order.status === 'paid';
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const yes = await confirm(
      paid ? 'Cancel and refund this order?' : 'Cancel this order?',
      paid
        ? `${formatMoney(details.order.partPrice)} goes back to the customer's card and the stock returns to the shelf.`
        : 'The stock returns to the shelf and the customer can no longer pay for it.',
      paid ? 'Cancel and refund' : 'Cancel the order',
    );
    if (yes) cancel.mutate(reason.trim());
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-labelledby="cancel-heading">
      <h4 id="cancel-heading" className="mb-2 font-semibold">
        Cancel it
      </h4>
      <Field
        label="Reason (the customer sees it)"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={300}
      />
      {cancel.isError && (
        <p role="alert" className="mb-2 text-sm text-error">
          {problem(cancel.error)}
        </p>
      )}
      <button type="submit" className="btn btn-outline btn-error" disabled={cancel.isPending}>
        {paid ? 'Cancel and refund' : 'Cancel the order'}
      </button>
    </form>
  );
}

function DeliverButton({ orderId }: { orderId: string }) {
  const deliver = useDeliverOrder(orderId);
  return (
    <div>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => deliver.mutate()}
        disabled={deliver.isPending}
      >
        Mark delivered
      </button>
      {deliver.isError && (
        <p role="alert" className="mt-2 text-sm text-error">
          {problem(deliver.error)}
        </p>
      )}
    </div>
  );
}

/** What staff can do next with the order, given where it stands. */
export function FulfilmentActions({ details }: { details: StaffOrderDetails }) {
  const { status, _id } = details.order;
  if (status === 'delivered' || status === 'canceled') return null;
  return (
    <section className="card bg-base-100 shadow" aria-labelledby="actions-heading">
      <div className="card-body gap-6">
        <h3 id="actions-heading" className="card-title">
          Next steps
        </h3>
        {status === 'paid' && <ShipForm orderId={_id} />}
        {status === 'shipped' && <DeliverButton orderId={_id} />}
        {status !== 'shipped' && <CancelForm details={details} />}
      </div>
    </section>
  );
}
