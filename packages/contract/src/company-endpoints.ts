import { z } from 'zod';
import {
  AcceptedInvite,
  AcceptInviteBody,
  CompanyBody,
  CompanyInvite,
  CompanyInviteList,
  CompanyInviteParams,
  CompanyMemberParams,
  CompanyParams,
  CompanyResponse,
  InviteBody,
  MemberRoleBody,
  MyCompanies,
} from './companies.js';
import { json, type Endpoint } from './endpoint.js';

const outsiders =
  'Anyone outside the company, and a member whose role may not do this, gets 404: a company id ' +
  'tells them nothing.';

/** Companies as their members see and run them (staff have their own, in the console). */
export const companyEndpoints = {
  createCompany: {
    method: 'POST',
    path: '/api/companies',
    tag: 'Companies',
    summary:
      'Create a company (name, tax/VAT id, billing and delivery addresses); the caller owns it',
    access: 'customer',
    body: CompanyBody,
    errors: [400],
    answers: { 201: json('The company', CompanyResponse) },
  },
  myCompanies: {
    method: 'GET',
    path: '/api/companies',
    tag: 'Companies',
    summary: "The caller's companies and role in each",
    access: 'customer',
    answers: { 200: json('The companies', MyCompanies) },
  },
  getCompany: {
    method: 'GET',
    path: '/api/companies/{id}',
    tag: 'Companies',
    summary: 'A company, its members, delivery addresses and standing (members only)',
    description: outsiders,
    access: 'customer',
    params: CompanyParams,
    errors: [404],
    answers: { 200: json('The company', CompanyResponse) },
  },
  updateCompany: {
    method: 'PUT',
    path: '/api/companies/{id}',
    tag: 'Companies',
    summary: "Change the company's details and delivery addresses (owners and admins)",
    description: outsiders,
    access: 'customer',
    params: CompanyParams,
    body: CompanyBody,
    errors: [400, 404],
    answers: { 200: json('The company', CompanyResponse) },
  },
  inviteMember: {
    method: 'POST',
    path: '/api/companies/{id}/invites',
    tag: 'Companies',
    summary: 'Invite an address as admin or buyer (owners and admins); the link goes by mail',
    description:
      'The invitation can be accepted once, within 7 days, only by an account whose proved ' +
      `address is the invited one. ${outsiders}`,
    access: 'customer',
    params: CompanyParams,
    body: InviteBody,
    errors: [400, 404, 409],
    answers: { 201: json('The invitation (without its link)', CompanyInvite) },
  },
  listInvites: {
    method: 'GET',
    path: '/api/companies/{id}/invites',
    tag: 'Companies',
    summary: 'Open invitations (owners and admins)',
    description: outsiders,
    access: 'customer',
    params: CompanyParams,
    errors: [404],
    answers: { 200: json('The invitations', CompanyInviteList) },
  },
  revokeInvite: {
    method: 'DELETE',
    path: '/api/companies/{id}/invites/{inviteId}',
    tag: 'Companies',
    summary: 'Revoke an open invitation (owners and admins)',
    description: outsiders,
    access: 'customer',
    params: CompanyInviteParams,
    errors: [404],
    answers: { 200: json('The open invitations', CompanyInviteList) },
  },
  acceptInvite: {
    method: 'POST',
    path: '/api/company-invites/accept',
    tag: 'Companies',
    summary: 'Accept an invitation with the code from its link',
    description:
      "The caller's address must be the invited one and proved. 404 for a code that names " +
      'nothing or an invitation for another address, 403 for an unproved address, 409 once used, ' +
      '410 once expired.',
    access: 'customer',
    body: AcceptInviteBody,
    errors: [400, 403, 404, 409, 410],
    answers: { 200: json('The company joined', AcceptedInvite) },
  },
  changeMemberRole: {
    method: 'PUT',
    path: '/api/companies/{id}/members/{userId}',
    tag: 'Companies',
    summary: "Change a member's role (owners: anyone; admins: admins and buyers, never to owner)",
    description: `The last owner cannot step down (409). ${outsiders}`,
    access: 'customer',
    params: CompanyMemberParams,
    body: MemberRoleBody,
    errors: [400, 404, 409],
    answers: { 200: json('The company', CompanyResponse) },
  },
  removeMember: {
    method: 'DELETE',
    path: '/api/companies/{id}/members/{userId}',
    tag: 'Companies',
    summary: 'Remove a member, or leave (the last owner cannot)',
    description: outsiders,
    access: 'customer',
    params: CompanyMemberParams,
    errors: [404, 409],
    answers: { 200: json('Removed', z.object({ removed: z.literal(true) })) },
  },
} as const satisfies Record<string, Endpoint>;
