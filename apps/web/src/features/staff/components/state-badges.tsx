import type { StaffOrderRow } from '@storefront/contract';

const payment: Record<StaffOrderRow['payment'], string> = {
  unpaid: 'badge-error',
  pending: 'badge-warning',
  paid: 'badge-success',
  'on account': 'badge-success badge-outline',
  'refund pending': 'badge-warning badge-outline',
  refunded: 'badge-info badge-outline',
  voided: 'badge-ghost',
};

const fulfilment: Record<StaffOrderRow['fulfilment'], string> = {
  'not shipped': 'badge-ghost',
  shipped: 'badge-info',
  delivered: 'badge-neutral',
  canceled: 'badge-ghost',
};

export function PaymentBadge({ state }: { state: StaffOrderRow['payment'] }) {
  return (
    <span
      className={`badge badge-sm whitespace-nowrap ${payment[state]}`}
      data-testid="payment-state"
    >
      {state}
    </span>
  );
}

export function FulfilmentBadge({ state }: { state: StaffOrderRow['fulfilment'] }) {
  return (
    <span
      className={`badge badge-sm whitespace-nowrap ${fulfilment[state]}`}
      data-testid="fulfilment-state"
    >
      {state}
    </span>
  );
}
