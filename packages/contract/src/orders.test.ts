import { describe, expect, it } from 'vitest';
import { CreateOrderBody, MAX_QUANTITY, messages, orderQuantityIssue } from './index.js';

const valid = {
  partId: 'c0ffee00-0000-4000-8000-000000000000',
  minimum: '25',
  address: '12 Dock Road',
  phone: '5550100',
};
const firstMessage = (value: unknown) => CreateOrderBody.safeParse(value).error?.issues[0]?.message;

describe('order body', () => {
  it('coerces the quantity and phone of a number field and drops what the server sets', () => {
    expect(
      CreateOrderBody.parse({
        ...valid,
        phone: 5550100,
        name: 'Forged',
        email: 'forged@example.com',
        partName: 'Forged',
        partPrice: 0.01,
        status: 'paid',
      }),
    ).toEqual({ ...valid, minimum: 25, phone: '5550100' });
  });

  it.each([
    ['minimum', '', messages.quantityRequired],
    ['minimum', '  ', messages.quantityRequired],
    ['minimum', null, messages.quantityRequired],
    ['minimum', undefined, messages.quantityRequired],
    ['address', '', messages.addressRequired],
    ['address', undefined, messages.addressRequired],
    ['phone', '', messages.phoneRequired],
    ['phone', undefined, messages.phoneRequired],
  ])('requires %s (%j) with the spec message', (field, value, message) => {
    expect(firstMessage({ ...valid, [field]: value })).toBe(message);
  });

  it.each([
    ['zero', 0, messages.quantityBelowMinimum],
    ['negative', '-5', messages.quantityBelowMinimum],
    ['fractional', '2.5', 'Minimum order amount must be a whole number'],
    ['non-numeric', 'ten', 'Minimum order amount must be a number'],
    ['a boolean', true, 'Minimum order amount must be a number'],
    ['infinite', '1e400', 'Minimum order amount must be a number'],
    ['huge', MAX_QUANTITY + 1, messages.quantityAboveAvailable],
  ])('refuses a %s quantity with a clear message', (_label, minimum, message) => {
    expect(firstMessage({ ...valid, minimum })).toBe(message);
  });

  it('refuses a phone that is not a phone number', () => {
    expect(firstMessage({ ...valid, phone: 'call me' })).toBe('Please enter a valid phone number');
  });
});

describe('order quantity against the part', () => {
  const part = { mOrderQuantity: 10, availableQuantity: 100 };
  it.each([
    [9, messages.quantityBelowMinimum],
    [10, null],
    [100, null],
    [101, messages.quantityAboveAvailable],
  ])('%i gives %j', (quantity, issue) => {
    expect(orderQuantityIssue(quantity, part)).toBe(issue);
  });
});
