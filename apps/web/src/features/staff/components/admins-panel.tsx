import { useState, type FormEvent } from 'react';
import type { AdminEntry } from '@storefront/contract';
import { Field } from '../../../components/ui/field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { confirm } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useGrantAdmin, useRevokeAdmin } from '../api/staff-people';

const SOURCE: Record<AdminEntry['source'], string> = {
  env: 'ADMIN_EMAILS',
  command: 'admin command',
  staff: 'console',
  demo: 'demo data',
};

function GrantForm() {
  const grant = useGrantAdmin();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    grant.mutate(email, {
      onSuccess: (list) => {
        const entry = list.find((a) => a.email === email.trim().toLowerCase());
        setDone(
          entry?.pending
            ? `${email} becomes an admin once its owner confirms the address.`
            : `${email} is an admin.`,
        );
        setEmail('');
      },
    });
  };
  const error = grant.error instanceof ApiError ? grant.error : null;
  return (
    <form onSubmit={onSubmit} className="mb-6 max-w-lg" noValidate aria-labelledby="grant-heading">
      <h3 id="grant-heading" className="mb-2 font-semibold">
        Make someone an admin
      </h3>
      <Field
        label="Email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error?.fields.email ?? (grant.isError ? grant.error.message : undefined)}
        hint="Only the owner of the address gets the role, once they have confirmed it."
        autoComplete="off"
        required
      />
      <SubmitButton busy={grant.isPending}>Grant admin</SubmitButton>
      {done && (
        <p role="status" className="mt-2 text-sm text-success">
          {done}
        </p>
      )}
    </form>
  );
}

/** The shop's admins and pending grants, with granting and revoking. */
export function AdminsPanel({ admins, me }: { admins: AdminEntry[]; me: string }) {
  const revoke = useRevokeAdmin();
  // The server refuses to remove the last admin anyway; the button says so before it is tried.
  const lastOne = admins.filter((a) => !a.pending).length <= 1;
  const onRevoke = async (entry: AdminEntry) => {
    const yes = await confirm(
      entry.pending ? 'Withdraw this grant?' : 'Take the admin role away?',
      entry.email === me
        ? 'You will lose access to the staff pages yourself.'
        : `${entry.email} will be a customer from their next click.`,
      entry.pending ? 'Withdraw' : 'Revoke',
    );
    if (yes) revoke.mutate(entry.email);
  };
  return (
    <>
      <GrantForm />
      {revoke.isError && (
        <p role="alert" className="mb-3 text-sm text-error">
          {revoke.error.message}
        </p>
      )}
      <div className="overflow-x-auto rounded-box bg-base-100 shadow" tabIndex={0}>
        <table className="table" data-testid="admins-table">
          <caption className="sr-only">Admins</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Since</th>
              <th scope="col">Granted by</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {admins.map((entry) => (
              <tr key={entry.email} data-testid="admin-row">
                <td className="break-all">
                  {entry.email}
                  {entry.pending && (
                    <span className="badge badge-warning badge-sm ml-2">
                      waiting for confirmation
                    </span>
                  )}
                  {entry.email === me && (
                    <span className="badge badge-ghost badge-sm ml-2">you</span>
                  )}
                </td>
                <td className="whitespace-nowrap">{formatDate(entry.grantedAt)}</td>
                <td>{entry.grantedBy ?? SOURCE[entry.source]}</td>
                <td className="text-right">
                  <button
                    type="button"
                    className="btn btn-outline btn-error btn-xs"
                    onClick={() => void onRevoke(entry)}
                    disabled={
                      (revoke.isPending && revoke.variables === entry.email) ||
                      (!entry.pending && lastOne)
                    }
                    title={
                      !entry.pending && lastOne
                        ? 'The shop must keep at least one admin'
                        : undefined
                    }
                    aria-label={`${entry.pending ? 'Withdraw the grant to' : 'Revoke'} ${entry.email}`}
                  >
                    {entry.pending ? 'Withdraw' : 'Revoke'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
