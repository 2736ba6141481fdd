import { describe, expect, it } from 'vitest';
import {
  CreateOrderBody,
  CreatePartBody,
  CreateReviewBody,
  ProfileUpdateBody,
  SignUpBody,
  Email,
  formatMoney,
  messages,
  toCents,
} from './index.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('money', () => {
  it('formats dollars with a $ sign and two decimals', () => {
    expect(formatMoney(34.5)).toBe('$34.50');
    expect(formatMoney(1234)).toBe('$1,234.00');
  });
  it('turns dollars into whole cents without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
  });
});

describe('email', () => {
  it.each([
    ['', messages.emailRequired],
    ['not-an-email', messages.emailInvalid],
    ['a@b', messages.emailInvalid],
    ['a b@c.com', messages.emailInvalid],
  ])('rejects %j with the spec message', (value, message) => {
    expect(firstMessage(Email.safeParse(value))).toBe(message);
  });
  it('accepts letters, digits and _ . + - before @ and lower-cases', () => {
    expect(Email.parse('Jo_h.n+shop-1@Example.co.uk')).toBe('jo_h.n+shop-1@example.co.uk');
  });
});

describe('add part body', () => {
  const valid = {
    name: 'Pad',
    description: 'Good',
    mOrderQuantity: '10',
    availableQuantity: '100',
    price: '12.50',
    url: 'https://img.example.com/a.png',
  };

  it('coerces form text into numbers', () => {
    expect(CreatePartBody.parse(valid)).toMatchObject({
      mOrderQuantity: 10,
      availableQuantity: 100,
      price: 12.5,
    });
  });
  it.each([
    ['name', '', messages.partNameRequired],
    ['description', '', messages.descriptionRequired],
    ['mOrderQuantity', '', messages.minimumOrderQuantityRequired],
    ['availableQuantity', '', messages.availableQuantityRequired],
    ['price', '', messages.priceRequired],
    ['url', '', messages.imageUrlRequired],
  ])('requires %s with the spec message', (field, value, message) => {
    expect(firstMessage(CreatePartBody.safeParse({ ...valid, [field]: value }))).toBe(message);
  });
  it.each([
    ['a fractional quantity', { mOrderQuantity: '1.5' }],
    ['a zero quantity', { mOrderQuantity: '0' }],
    ['a negative price', { price: '-1' }],
    ['three decimals', { price: '1.999' }],
    ['minimum above available', { mOrderQuantity: '200' }],
    ['a javascript: URL', { url: 'javascript:alert(1)' }],
  ])('rejects %s', (_label, patch) => {
    expect(CreatePartBody.safeParse({ ...valid, ...patch }).success).toBe(false);
  });
});

describe('review body', () => {
  it('requires a description and a rating with the spec messages', () => {
    expect(firstMessage(CreateReviewBody.safeParse({ description: '', rating: '5' }))).toBe(
      messages.reviewRequired,
    );
    expect(firstMessage(CreateReviewBody.safeParse({ description: 'ok', rating: '' }))).toBe(
      messages.ratingRequired,
    );
  });
  it('keeps the rating as text from 1 to 5', () => {
    expect(CreateReviewBody.parse({ description: 'ok', rating: 4 }).rating).toBe('4');
    expect(CreateReviewBody.safeParse({ description: 'ok', rating: '6' }).success).toBe(false);
    expect(CreateReviewBody.safeParse({ description: 'ok', rating: '2.5' }).success).toBe(false);
  });
});

describe('messages say what is wrong', () => {
  const part = {
    name: 'Pad',
    description: 'Good',
    mOrderQuantity: '10',
    availableQuantity: '100',
    price: '12.50',
    url: 'https://img.example.com/a.png',
  };
  const order = { partId: 'p', minimum: 10, address: '1 Road', phone: '0123456789' };
  it.each([
    [
      CreateOrderBody,
      { ...order, address: 'x'.repeat(301) },
      'Address must be at most 300 characters',
    ],
    [CreateOrderBody, { ...order, address: { a: 1 } }, 'Address must be text'],
    [CreateOrderBody, { ...order, phone: { a: 1 } }, 'Phone number must be text'],
    [CreatePartBody, { ...part, price: 'abc' }, 'Price must be a number'],
    [CreatePartBody, { ...part, mOrderQuantity: 'ten' }, 'Minimum order quantity must be a number'],
    [
      CreatePartBody,
      { ...part, name: 'x'.repeat(201) },
      'Part name must be at most 200 characters',
    ],
    [
      CreateReviewBody,
      { description: 'x'.repeat(2001), rating: '5' },
      'Review must be at most 2000 characters',
    ],
    [
      CreateReviewBody,
      { description: 'ok', rating: { a: 1 } },
      'Rating must be a number from 1 to 5',
    ],
    [ProfileUpdateBody, { address: 'x'.repeat(301) }, 'Address must be at most 300 characters'],
    [ProfileUpdateBody, { name: { first: 'x' } }, 'Username must be text'],
    [SignUpBody, { name: {}, email: 'a@b.co', password: 'secret1' }, 'Username must be text'],
  ] as const)('%#: %j', (schema, value, message) => {
    expect(firstMessage(schema.safeParse(value))).toBe(message);
  });
});
