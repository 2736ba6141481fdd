import { z } from 'zod';
import { Email, optionalText, PathId, requiredText } from './common.js';
import { TAX_ID } from './orders.js';

/**
 * A company's roles. The owner may do everything (and only an owner makes or unmakes owners);
 * an admin invites, changes the roles of admins and buyers and removes them, and edits the
 * company; a buyer orders for the company and sees its orders.
 */
export const COMPANY_ROLES = ['owner', 'admin', 'buyer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
/** The roles an invitation may offer: an owner is made by an owner, from a member. */
export const INVITE_ROLES = ['admin', 'buyer'] as const;

/** How long an invitation can be accepted, and how many a company may have open at once. */
export const INVITE_TTL_DAYS = 7;
export const MAX_OPEN_INVITES = 50;
export const MAX_DELIVERY_ADDRESSES = 20;

/** Payment on account: terms in days after the invoice, and the most credit staff may grant. */
export const MAX_TERMS_DAYS = 120;
export const MAX_CREDIT_LIMIT = 10_000_000;

export const CompanyAddress = z.object({
  street: requiredText('Street', 'Street is required', 200),
  city: requiredText('City', 'City is required', 100),
  postalCode: requiredText('Postal code', 'Postal code is required', 20),
  country: requiredText('Country', 'Country is required', 60),
});
export type CompanyAddress = z.infer<typeof CompanyAddress>;

export const DeliveryAddress = CompanyAddress.extend({
  label: optionalText('Label', 60),
});

const TaxId = requiredText('Tax/VAT id', 'Tax/VAT id is required', 40).refine(
  (v) => TAX_ID.test(v),
  'Tax/VAT id may hold only letters, digits, spaces, dots, dashes and slashes',
);

/**
 * A company as its creator or an admin describes it. Strict: roles, terms, limits and ids are
 * never taken from this body, and a body that tries is refused rather than half-read.
 */
export const CompanyBody = z.strictObject(
  {
    name: requiredText('Company name', 'Company name is required', 200),
    taxId: TaxId,
    billingAddress: CompanyAddress,
    deliveryAddresses: z
      .array(DeliveryAddress, { error: 'Delivery addresses must be a list' })
      .max(MAX_DELIVERY_ADDRESSES, `A company keeps at most ${MAX_DELIVERY_ADDRESSES} addresses`)
      .default([]),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown field' : undefined) },
);
export type CompanyBody = z.input<typeof CompanyBody>;

export const CompanyParams = z.object({ id: PathId });
export const CompanyMemberParams = z.object({ id: PathId, userId: PathId });
export const CompanyInviteParams = z.object({ id: PathId, inviteId: PathId });

export const InviteBody = z.strictObject({
  email: Email,
  role: z.enum(INVITE_ROLES, { error: 'Role is admin or buyer' }),
});
export const AcceptInviteBody = z.strictObject({
  token: z.string({ error: 'The invitation code is missing' }).min(1).max(200),
});
export const MemberRoleBody = z.strictObject({
  role: z.enum(COMPANY_ROLES, { error: 'Role is owner, admin or buyer' }),
});

/** What the company may buy on account: approved by staff, or suspended (cards still work). */
export const TERMS_STATUSES = ['none', 'approved', 'suspended'] as const;
export type TermsStatus = (typeof TERMS_STATUSES)[number];

export const CompanyStanding = z.object({
  terms: z.enum(TERMS_STATUSES),
  /** Days after the invoice it is due (null until staff approve terms). */
  termsDays: z.number().int().nullable(),
  creditLimit: z.number(),
  /** The total of the company's unpaid invoices. */
  creditUsed: z.number(),
  /** What an order on account may still add (0 when terms are not approved). */
  creditAvailable: z.number(),
  overdue: z.number(),
  /**
   * Credit notes' money beyond what their invoices still asked (a return on a paid invoice,
   * decision 065): it pays the company's next invoice. On a company's own page, not in lists.
   */
  creditBalance: z.number().optional(),
});
export type CompanyStanding = z.infer<typeof CompanyStanding>;

export const CompanyMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  joinedAt: z.string(),
});
export type CompanyMember = z.infer<typeof CompanyMember>;

export const CompanyInvite = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITE_ROLES),
  expiresAt: z.string(),
  invitedBy: z.string(),
});
export type CompanyInvite = z.infer<typeof CompanyInvite>;

export const CompanyResponse = z.object({
  id: z.string(),
  name: z.string(),
  taxId: z.string(),
  billingAddress: CompanyAddress,
  deliveryAddresses: z.array(DeliveryAddress.extend({ id: z.string() })),
  /** The caller's role in it. */
  role: z.enum(COMPANY_ROLES),
  members: z.array(CompanyMember),
  standing: CompanyStanding,
});
export type CompanyResponse = z.infer<typeof CompanyResponse>;

/** The caller's companies, for the checkout's choice and the navbar. */
export const MyCompanies = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    role: z.enum(COMPANY_ROLES),
    terms: z.enum(TERMS_STATUSES),
  }),
);
export type MyCompanies = z.infer<typeof MyCompanies>;

/**
 * "Buying for": the company whose prices a signed-in buyer sees and pays (decision 061, "Whose
 * prices a request sees"). `companyId` null: buying for themselves, at the public price.
 * `chosen` false: nothing was chosen, so the default applies (their one company, else none).
 */
export const BuyingForResponse = z.object({
  companyId: z.string().nullable(),
  chosen: z.boolean(),
  companies: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type BuyingForResponse = z.infer<typeof BuyingForResponse>;
export const BuyingForBody = z.strictObject({
  companyId: PathId.nullable(),
});
export type BuyingForBody = z.infer<typeof BuyingForBody>;

export const AcceptedInvite = z.object({ companyId: z.string(), role: z.enum(COMPANY_ROLES) });
export const CompanyInviteList = z.array(CompanyInvite);

/** Staff approve payment on account: days after the invoice, and the credit limit in dollars. */
export const TermsBody = z.strictObject({
  termsDays: z
    .number({ error: 'Terms are a number of days' })
    .int('Terms are whole days')
    .min(1, 'Terms are at least 1 day')
    .max(MAX_TERMS_DAYS, `Terms are at most ${MAX_TERMS_DAYS} days`),
  creditLimit: z
    .number({ error: 'The credit limit is a number' })
    .min(0, 'The credit limit cannot be negative')
    .max(MAX_CREDIT_LIMIT, `The credit limit is at most ${MAX_CREDIT_LIMIT}`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimals'),
});

const YMD = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const Amount = z
  .number({ error: 'The amount is a number' })
  .positive('The amount must be more than 0')
  .max(MAX_CREDIT_LIMIT, `The amount is at most ${MAX_CREDIT_LIMIT}`)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimals');

/** A payment received against an invoice (bank transfer). */
export const RecordPaymentBody = z.strictObject({
  amount: Amount,
  receivedOn: z
    .string({ error: 'The date is YYYY-MM-DD' })
    .regex(YMD, 'The date is YYYY-MM-DD')
    .refine(isRealDay, 'No such day'),
  reference: requiredText('Reference', 'Reference is required', 100),
});
export const CreditNoteBody = z.strictObject({
  amount: Amount,
  reason: requiredText('Reason', 'Reason is required', 300),
});

export const InvoiceParams = z.object({ id: PathId });

export const AccountInvoice = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  amount: z.number(),
  paid: z.number(),
  credited: z.number(),
  /** What is still due (0 once paid, credited or void). */
  open: z.number(),
  issuedAt: z.string(),
  dueAt: z.string(),
  overdue: z.boolean(),
  voided: z.boolean(),
  reminderSentAt: z.string().nullable(),
  payments: z.array(
    z.object({
      amount: z.number(),
      receivedOn: z.string(),
      reference: z.string(),
      recordedAt: z.string(),
    }),
  ),
  creditNotes: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      amount: z.number(),
      reason: z.string(),
      issuedAt: z.string(),
    }),
  ),
});
export type AccountInvoice = z.infer<typeof AccountInvoice>;
export const AccountInvoiceList = z.object({
  overdue: z.array(AccountInvoice),
  due: z.array(AccountInvoice),
});
export type AccountInvoiceList = z.infer<typeof AccountInvoiceList>;

export const StaffCompanyRow = z.object({
  id: z.string(),
  name: z.string(),
  taxId: z.string(),
  members: z.number().int(),
  createdAt: z.string(),
  standing: CompanyStanding,
});
export type StaffCompanyRow = z.infer<typeof StaffCompanyRow>;
export const StaffCompanyList = z.array(StaffCompanyRow);

export const StaffCompanyDetails = CompanyResponse.omit({ role: true }).extend({
  invoices: z.array(AccountInvoice),
});
export type StaffCompanyDetails = z.infer<typeof StaffCompanyDetails>;
export const CreditNoteResponse = z.object({
  id: z.string(),
  number: z.string(),
  amount: z.number(),
});
