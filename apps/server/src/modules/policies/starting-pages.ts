import { BROWSER_STORAGE, type PageSlug } from '@storefront/contract';

const ADAPT =
  '> **Template: adapt before opening the shop.** This starting text ships with the shop. Have it ' +
  'checked for your business and your market, then save it in the console (Pages).\n\n';

const storageLines = BROWSER_STORAGE.map(
  (item) => `- \`${item.name}\` (${item.where}): ${item.purpose}.`,
).join('\n');

/**
 * Shops started before it was dropped keep this sentence in their first legal notice: it promised
 * an address that is missing until SELLER_ADDRESS is set, so customers never read it.
 */
const LEGACY_PROMISE = "The seller's registered address and tax id are shown below. ";

/** A page's text as customers read it: a template's banner is for staff only. */
export function publicBody(body: string, isTemplate: boolean): string {
  if (!isTemplate) return body;
  return (body.startsWith(ADAPT) ? body.slice(ADAPT.length) : body).replace(LEGACY_PROMISE, '');
}

/**
 * The texts a new shop starts with, marked as templates (decision 053). The privacy notice names
 * every cookie and browser store the shop uses; it uses nothing beyond what it needs to work, so no
 * consent banner is needed. If that ever changes, this text and the shop must change with it.
 */
export const STARTING_PAGES: Record<PageSlug, { title: string; body: string }> = {
  terms: {
    title: 'Terms of sale',
    body: `${ADAPT}## Who sells

The seller is the company named on the [About and legal notice](/pages/legal) page.

## Orders

An order is placed when you press the order button after reviewing its lines and its total. Prices are in US dollars and exclude taxes unless stated. We confirm each order by email. Orders below a part's minimum quantity are not accepted.

## Payment

Orders are paid by card when placed, or, for companies with approved payment terms, on account within the days stated on the invoice. An unpaid card order is cancelled after a while and its stock released.

## Delivery and returns

See [Delivery](/pages/delivery) and [Returns](/pages/returns).

## Warranty and liability

Parts carry the statutory warranty of your market. Fitting must be done by a competent person following the vehicle maker's instructions.

## Law

These terms are governed by the law of the seller's place of business, without prejudice to the mandatory rights of consumers.
`,
  },
  privacy: {
    title: 'Privacy notice',
    body: `${ADAPT}## Who is responsible

The seller named on the [About and legal notice](/pages/legal) page is responsible for your data.

## What we keep and why

- **Your account**: name, email address, and the address, phone and vehicle you add to your profile, to run your account and your orders.
- **Your orders**: what you bought, the ship-to contact and address, payments and the mails we sent about them, to deliver and account for them.
- **Invoices**: the billing name, address, tax id and amounts, which the law requires us to keep for a number of years after the sale (the shop's setting, 10 years unless stated otherwise).
- **Reviews** you write, shown with the name you gave.
- **Messages** you send through the contact page, to answer them.

We do not sell your data or use it for advertising. Payment card details go to the payment provider, never to us.

## Cookies and storage in your browser

The shop sets only what it needs to work, so it asks for no consent:

${storageLines}

There are no analytics, advertising or third-party tracking cookies. If that ever changes, this notice will say so and the shop will ask before setting them.

## Your rights

In **My Profile** you can download a copy of everything we hold about you (**Download my data**) and delete your account (**Delete my account**). Deleting erases or anonymises your personal data everywhere, except the invoice fields the law makes us keep; reviews stay under a neutral name. For anything else, write to us through the [contact page](/contact).
`,
  },
  delivery: {
    title: 'Delivery',
    body: `${ADAPT}## Where and how

We ship from our warehouse to the address given with the order. Parts in stock leave within two working days of payment (or of confirmation, for orders on account).

## Tracking

When an order ships, we email the carrier and the tracking number; they are also on the order's page.

## Costs

Delivery costs, if any, are shown before you place the order.
`,
  },
  returns: {
    title: 'Returns',
    body: `${ADAPT}## Returning a part

Unused parts in their original packaging may be returned within 30 days of delivery. Write to us through the [contact page](/contact) with the order number.

## Refunds

We refund the price of returned parts to the original means of payment, or by a credit note on account, once the parts are back and checked.

## Faulty parts

A faulty part is replaced or refunded under the warranty of the [Terms of sale](/pages/terms).
`,
  },
  legal: {
    title: 'About and legal notice',
    body: `${ADAPT}## About us

We manufacture parts for cars and light commercial vehicles and sell them to workshops, fleets and drivers.

## Legal notice

Write to us through the [contact page](/contact).
`,
  },
};
