import { z } from 'zod';
import { Email, optionalText, requiredText } from './common.js';
import { json, type Endpoint } from './endpoint.js';
import { PAGE_SLUGS, type PageSlug } from './page-constants.js';

export const PAGE_BODY_MAX = 100_000;

/** Any other name is a page that does not exist: a 404, as an unknown id is. */
export const PageParams = z.object({ slug: z.string().max(40) });
export const isPageSlug = (slug: string): slug is PageSlug =>
  (PAGE_SLUGS as readonly string[]).includes(slug);

/** A page as the public reads it: its Markdown already rendered to safe HTML by the server. */
export const PageResponse = z.object({
  slug: z.enum(PAGE_SLUGS),
  title: z.string(),
  version: z.number().int(),
  /** When this version was saved. */
  updatedAt: z.string(),
  /** Rendered from the Markdown with raw HTML off and unsafe links refused. */
  html: z.string(),
  /** A starting text the shop has not adapted yet. */
  isTemplate: z.boolean(),
  /** The shop's postal address and tax id (on the legal notice). */
  seller: z.object({ address: z.string(), taxId: z.string().nullable() }).nullable(),
});
export type PageResponse = z.infer<typeof PageResponse>;

export const PageVersion = z.object({
  id: z.string(),
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  isTemplate: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type PageVersion = z.infer<typeof PageVersion>;

export const StaffPageList = z.array(
  z.object({ slug: z.enum(PAGE_SLUGS), current: PageVersion, versions: z.number().int() }),
);
export type StaffPageList = z.infer<typeof StaffPageList>;

export const StaffPageHistory = z.array(PageVersion);

export const PageBody = z.object({
  title: requiredText('Title', 'Title is required', 120),
  body: requiredText('Text', 'Text is required', PAGE_BODY_MAX),
});
export type PageBody = z.infer<typeof PageBody>;

/** The contact form. `website` is a field people never see: a bot that fills it is ignored. */
export const ContactBody = z.object({
  name: requiredText('Name', 'Name is required', 100),
  email: Email,
  company: optionalText('Company', 120),
  message: requiredText('Message', 'Message is required', 5000),
  orderNumber: optionalText('Order number', 20),
  website: z.string().max(200).optional(),
});
export type ContactBody = z.infer<typeof ContactBody>;
export const ContactResponse = z.object({ sent: z.literal(true) });

export const policyEndpoints = {
  getPage: {
    method: 'GET',
    path: '/api/pages/{slug}',
    tag: 'Pages',
    summary: "One of the shop's pages (terms, privacy, delivery, returns, legal), rendered",
    access: 'public',
    params: PageParams,
    errors: [404],
    answers: { 200: json('The page', PageResponse) },
  },
  sendContact: {
    method: 'POST',
    path: '/api/contact',
    tag: 'Pages',
    summary: 'The contact form: a mail to the shop and a copy to the sender, through the outbox',
    description: 'Limited per sender address and per client address (429 with Retry-After).',
    access: 'public',
    body: ContactBody,
    errors: [400, 429],
    answers: { 200: json('Queued', ContactResponse) },
  },
  staffPages: {
    method: 'GET',
    path: '/api/staff/pages',
    tag: 'Staff',
    summary: "The shop's pages, each with its current version",
    access: 'admin',
    answers: { 200: json('The pages', StaffPageList) },
  },
  staffPageHistory: {
    method: 'GET',
    path: '/api/staff/pages/{slug}',
    tag: 'Staff',
    summary: "A page's versions, newest first",
    access: 'admin',
    params: PageParams,
    errors: [404],
    answers: { 200: json('The versions', StaffPageHistory) },
  },
  staffSavePage: {
    method: 'PUT',
    path: '/api/staff/pages/{slug}',
    tag: 'Staff',
    summary: 'Save a new version of a page (Markdown)',
    access: 'admin',
    params: PageParams,
    body: PageBody,
    errors: [400, 404],
    answers: { 200: json('The new version', PageVersion) },
  },
} as const satisfies Record<string, Endpoint>;
