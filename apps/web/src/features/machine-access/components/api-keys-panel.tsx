import { useState, type FormEvent } from 'react';
import { COMPANY_SCOPES, STAFF_SCOPES, type ApiScope } from '@storefront/contract';
import { ErrorMessage } from '../../../components/ui/error-message';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { formatDateTime } from '../../../lib/dates';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, type KeyOwner } from '../api/api-keys';
import { SecretOnce } from './secret-once';

const SCOPE_TEXT: Record<ApiScope, string> = {
  'catalog:write': 'Import the catalog',
  'stock:write': 'Set and adjust stock',
  'prices:write': 'Set prices and volume ladders',
  'orders:read': 'Read orders (the orders feed)',
  'fulfilment:write': 'Mark orders shipped and delivered',
  'orders:write': "Place the company's orders",
  'catalog:read': 'Read parts, prices and availability',
};

/** Make, list and revoke API keys: the shop's (staff) or one company's (its owners). */
export function ApiKeysPanel({ owner }: { owner: KeyOwner }) {
  const keys = useApiKeys(owner);
  const create = useCreateApiKey(owner);
  const revoke = useRevokeApiKey(owner);
  const [secret, setSecret] = useState<string | null>(null);
  const scopes: readonly ApiScope[] = owner.companyId === null ? STAFF_SCOPES : COMPANY_SCOPES;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expires = String(form.get('expires') ?? '');
    create.mutate(
      {
        name: String(form.get('name') ?? ''),
        scopes: form.getAll('scopes').map(String) as never,
        expiresAt: expires ? new Date(`${expires}T23:59:59`).toISOString() : null,
      },
      {
        onSuccess: (made) => {
          setSecret(made.secret);
          (event.target as HTMLFormElement).reset();
        },
      },
    );
  };

  return (
    <section aria-labelledby="api-keys-title" className="mb-10">
      <h2 id="api-keys-title" className="mb-4 text-xl font-semibold">
        API keys
      </h2>
      <form
        onSubmit={onSubmit}
        className="mb-4 rounded-box bg-base-100 p-4 shadow"
        data-testid="api-key-form"
      >
        <label className="form-control mb-2 block">
          <span className="label-text">Name</span>
          <input
            name="name"
            required
            maxLength={80}
            className="input input-bordered w-full"
            placeholder="Warehouse ERP"
          />
        </label>
        <fieldset className="mb-2">
          <legend className="label-text">Scopes</legend>
          {scopes.map((scope) => (
            <label key={scope} className="label cursor-pointer justify-start gap-2">
              <input type="checkbox" name="scopes" value={scope} className="checkbox checkbox-sm" />
              <span>
                <code>{scope}</code> {SCOPE_TEXT[scope]}
              </span>
            </label>
          ))}
        </fieldset>
        <label className="form-control mb-2 block">
          <span className="label-text">Expires (optional)</span>
          <input name="expires" type="date" className="input input-bordered" />
        </label>
        <FormError message={create.error?.message} />
        <SubmitButton busy={create.isPending}>Make key</SubmitButton>
      </form>
      {secret && <SecretOnce label="Your new API key" secret={secret} />}
      {keys.isPending ? (
        <Spinner label="Loading keys…" />
      ) : keys.isError ? (
        <ErrorMessage
          title="We could not load the keys."
          error={keys.error}
          onRetry={() => void keys.refetch()}
        />
      ) : keys.data.length === 0 ? (
        <p>No keys yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-box bg-base-100 shadow">
          <table className="table table-sm" data-testid="api-keys-table">
            <caption className="sr-only">API keys, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Scopes</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.id} data-testid="api-key-row">
                  <td>{key.name}</td>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>{key.scopes.join(', ')}</td>
                  <td>{formatDateTime(key.lastUsedAt) ?? 'Never'}</td>
                  <td>{formatDateTime(key.expiresAt) ?? 'Never'}</td>
                  <td>
                    {key.revokedAt ? (
                      <span className="badge badge-ghost">Revoked</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-outline btn-error btn-xs"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate(key.id)}
                      >
                        Revoke <span className="sr-only">{key.name}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
