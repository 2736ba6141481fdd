/**
 * Counter keys are `scope:subject:rest`. The scopes below put an email address second (addresses
 * are lower-case and hold no `:`), so the counters of one address are found by reading that part
 * exactly, never by searching the key for the address (decision 057).
 */
export const ADDRESS_SCOPES = ['account', 'account-ip', 'address', 'device', 'contact'] as const;
export type AddressScope = (typeof ADDRESS_SCOPES)[number];

/** The key of a counter about one address. */
export const addressKey = (scope: AddressScope, email: string, ...rest: string[]): string =>
  [scope, email, ...rest].join(':');

/** The key of a counter about one account (its user id) or one client address. */
export const subjectKey = (scope: string, subject: string, ...rest: string[]): string =>
  [scope, subject, ...rest].join(':');
