import { useState, type FormEvent } from 'react';
import {
  COMPANY_ROLES,
  formatMoney,
  type CompanyResponse,
  type CompanyRole,
} from '@storefront/contract';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { confirm, showError } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { CompanyForm } from './company-form';
import {
  useChangeRole,
  useCompanyInvites,
  useInviteMember,
  useRemoveMember,
  useRevokeInvite,
  useUpdateCompany,
} from '../api/companies';

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : 'Please try again.');

/** What the company's standing says about paying on account. */
function Standing({ company }: { company: CompanyResponse }) {
  const s = company.standing;
  return (
    <div className="rounded-box bg-base-100 p-4 shadow" data-testid="company-standing">
      <h3 className="font-semibold">Payment</h3>
      {s.terms === 'approved' ? (
        <p>
          On account, {s.termsDays} days after the invoice. Credit limit{' '}
          {formatMoney(s.creditLimit)}; in use {formatMoney(s.creditUsed)}; available{' '}
          <strong>{formatMoney(s.creditAvailable)}</strong>
          {s.overdue > 0 ? `; overdue ${formatMoney(s.overdue)}` : ''}.
          {s.creditBalance
            ? ` Credit balance ${formatMoney(s.creditBalance)}: it pays your next invoice.`
            : ''}
        </p>
      ) : s.terms === 'suspended' ? (
        <p>Payment on account is suspended: orders are paid by card.</p>
      ) : (
        <p>Orders are paid by card. Ask us to approve payment on account.</p>
      )}
    </div>
  );
}

/**
 * A company as its members see it: details, standing, delivery addresses and members. Owners and
 * admins also invite, change roles and remove; the server decides what each may do, this page
 * only leaves out what the role cannot.
 */
export function CompanyPanel({
  company,
  myUserId,
}: {
  company: CompanyResponse;
  myUserId: string;
}) {
  const manager = company.role === 'owner' || company.role === 'admin';
  const invites = useCompanyInvites(company.id, manager);
  const invite = useInviteMember(company.id);
  const revoke = useRevokeInvite(company.id);
  const changeRole = useChangeRole(company.id);
  const remove = useRemoveMember(company.id);
  const [inviteError, setInviteError] = useState<string | null>(null);
  const [invited, setInvited] = useState<string | null>(null);
  const update = useUpdateCompany(company.id);
  const [editing, setEditing] = useState(false);

  const onInvite = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setInviteError(null);
    setInvited(null);
    try {
      const sent = await invite.mutateAsync({
        email: String(form.get('email') ?? ''),
        role: form.get('role') === 'admin' ? 'admin' : 'buyer',
      });
      setInvited(`Invitation sent to ${sent.email}.`);
      formElement.reset();
    } catch (err) {
      setInviteError(errorText(err));
    }
  };

  const mayChange = (role: CompanyRole) =>
    company.role === 'owner' || (company.role === 'admin' && role !== 'owner');

  return (
    <div className="space-y-6">
      <div className="rounded-box bg-base-100 p-4 shadow">
        <h3 className="text-lg font-semibold" data-testid="company-name">
          {company.name}
        </h3>
        <p>Tax/VAT id: {company.taxId}</p>
        <p>
          Billing: {company.billingAddress.street}, {company.billingAddress.postalCode}{' '}
          {company.billingAddress.city}, {company.billingAddress.country}
        </p>
        <p>Your role: {company.role}</p>
        {manager && !editing && (
          <button
            type="button"
            className="btn btn-outline btn-sm mt-2 w-fit"
            onClick={() => setEditing(true)}
          >
            Edit details and addresses
          </button>
        )}
      </div>
      {editing && (
        <CompanyForm
          company={company}
          title="Edit the company"
          submitLabel="Save"
          busy={update.isPending}
          send={async (body) => {
            await update.mutateAsync(body);
            setEditing(false);
          }}
        />
      )}
      <Standing company={company} />
      <div className="rounded-box bg-base-100 p-4 shadow">
        <h3 className="font-semibold">Delivery addresses</h3>
        {company.deliveryAddresses.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <ul className="list-disc pl-6">
            {company.deliveryAddresses.map((a) => (
              <li key={a.id}>
                {a.label ? `${a.label}: ` : ''}
                {a.street}, {a.postalCode} {a.city}, {a.country}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="overflow-x-auto rounded-box bg-base-100 shadow">
        <table className="table" aria-label="Members">
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Role</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {company.members.map((m) => (
              <tr key={m.userId} data-testid="company-member">
                <td>{m.name}</td>
                <td>{m.email}</td>
                <td>
                  {manager && mayChange(m.role) ? (
                    <select
                      className="select select-bordered select-sm"
                      aria-label={`Role of ${m.email}`}
                      value={m.role}
                      disabled={changeRole.isPending}
                      onChange={(e) =>
                        void changeRole
                          .mutateAsync({ userId: m.userId, role: e.target.value as CompanyRole })
                          .catch((err: unknown) => showError('Role not changed', errorText(err)))
                      }
                    >
                      {COMPANY_ROLES.filter((r) => company.role === 'owner' || r !== 'owner').map(
                        (r) => (
                          <option key={r} value={r}>
                            {r}
                          </option>
                        ),
                      )}
                    </select>
                  ) : (
                    m.role
                  )}
                </td>
                <td>
                  {(m.userId === myUserId || (manager && mayChange(m.role))) && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      disabled={remove.isPending}
                      onClick={() =>
                        void (async () => {
                          const self = m.userId === myUserId;
                          if (
                            !(await confirm(
                              self ? 'Leave the company?' : `Remove ${m.email}?`,
                              self
                                ? 'You will no longer see its orders or buy for it.'
                                : 'They will no longer see its orders or buy for it.',
                            ))
                          )
                            return;
                          await remove
                            .mutateAsync(m.userId)
                            .catch((err: unknown) => showError('Not removed', errorText(err)));
                        })()
                      }
                    >
                      {m.userId === myUserId ? 'Leave' : 'Remove'}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {manager && (
        <form
          onSubmit={(e) => void onInvite(e)}
          noValidate
          className="rounded-box bg-base-100 p-4 shadow"
          aria-label="Invite a colleague"
        >
          <h3 className="mb-2 font-semibold">Invite a colleague</h3>
          <Field label="Colleague's email" name="email" type="email" autoComplete="off" />
          <label className="form-control mb-3 w-full">
            <span className="label-text mb-1 font-medium">Role</span>
            <select name="role" className="select select-bordered" defaultValue="buyer">
              <option value="buyer">buyer</option>
              <option value="admin">admin</option>
            </select>
          </label>
          <FormError message={inviteError} testId="invite-error" />
          {invited && (
            <p role="status" className="text-success-content" data-testid="invite-sent">
              {invited}
            </p>
          )}
          <SubmitButton busy={invite.isPending}>Send invitation</SubmitButton>
          {invites.data && invites.data.length > 0 && (
            <ul className="mt-4 space-y-1" aria-label="Open invitations">
              {invites.data.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center gap-2">
                  <span>
                    {i.email} as {i.role}, until {formatDate(i.expiresAt)}
                  </span>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    onClick={() => void revoke.mutateAsync(i.id).catch(() => undefined)}
                  >
                    Revoke
                  </button>
                </li>
              ))}
            </ul>
          )}
        </form>
      )}
    </div>
  );
}
