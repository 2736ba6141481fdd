import type { ReturnResponse } from '@storefront/contract';

/** A return as the API answers it, for the returns screens' tests: a card return, `over` on top. */
export const returnFixture = (over: Partial<ReturnResponse> = {}): ReturnResponse => ({
  id: 'r1',
  number: 'R-10001',
  orderId: 'o1',
  orderNumber: 'A-10001',
  paymentMode: 'card',
  companyId: null,
  companyName: null,
  status: 'requested',
  reason: 'not_needed',
  note: '',
  feePercent: 15,
  coreDamagedPercent: null,
  lines: [],
  photos: [],
  arriveBy: null,
  settlement: null,
  customer: { name: 'Ann', email: 'ann@example.com' },
  history: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
