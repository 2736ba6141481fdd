import { useState, type FormEvent } from 'react';
import {
  COMPANY_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '@storefront/contract';
import { ErrorMessage } from '../../../components/ui/error-message';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { formatDateTime } from '../../../lib/dates';
import type { KeyOwner } from '../api/api-keys';
import {
  useCreateWebhook,
  useResendDelivery,
  useWebhookAction,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks';
import { SecretOnce } from './secret-once';

function DeliveryLog({ owner, endpointId }: { owner: KeyOwner; endpointId: string }) {
  const log = useWebhookDeliveries(owner, endpointId);
  const resend = useResendDelivery(owner, endpointId);
  if (log.isPending) return <Spinner label="Loading deliveries…" />;
  if (log.isError)
    return (
      <ErrorMessage
        title="We could not load the deliveries."
        error={log.error}
        onRetry={() => void log.refetch()}
      />
    );
  if (log.data.length === 0) return <p className="text-sm">No deliveries yet.</p>;
  return (
    <table className="table table-xs" data-testid="delivery-log">
      <caption className="sr-only">Deliveries, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Status</th>
          <th scope="col">Answer</th>
          <th scope="col">Attempts</th>
          <th scope="col">Last attempt</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {log.data.map((d) => (
          <tr key={d.id} data-testid="delivery-row">
            <td>
              <code>{d.eventType}</code>
            </td>
            <td data-testid="delivery-status">{d.status}</td>
            <td>{d.responseStatus ?? d.error ?? '—'}</td>
            <td>{d.attempts}</td>
            <td>{formatDateTime(d.lastAttemptAt) ?? '—'}</td>
            <td>
              <button
                type="button"
                className="btn btn-outline btn-xs"
                disabled={resend.isPending}
                onClick={() => resend.mutate(d.id)}
              >
                Send again
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Webhook endpoints: the shop's (staff) or one company's (its owners), with their logs. */
export function WebhooksPanel({ owner }: { owner: KeyOwner }) {
  const list = useWebhookEndpoints(owner);
  const create = useCreateWebhook(owner);
  const action = useWebhookAction(owner);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const types: readonly WebhookEventType[] =
    owner.companyId === null ? WEBHOOK_EVENT_TYPES : COMPANY_EVENT_TYPES;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.mutate(
      {
        url: String(form.get('url') ?? ''),
        description: String(form.get('description') ?? ''),
        eventTypes: form.getAll('eventTypes').map(String) as WebhookEventType[],
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
    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title" className="mb-4 text-xl font-semibold">
        Webhook endpoints
      </h2>
      <form
        onSubmit={onSubmit}
        className="mb-4 rounded-box bg-base-100 p-4 shadow"
        data-testid="webhook-form"
      >
        <label className="form-control mb-2 block">
          <span className="label-text">Address (https)</span>
          <input
            name="url"
            type="url"
            required
            className="input input-bordered w-full"
            placeholder="https://erp.example.com/hooks/shop"
          />
        </label>
        <label className="form-control mb-2 block">
          <span className="label-text">Description (optional)</span>
          <input name="description" maxLength={200} className="input input-bordered w-full" />
        </label>
        <details className="mb-2">
          <summary className="cursor-pointer">Events (none chosen: every event)</summary>
          {types.map((type) => (
            <label key={type} className="label cursor-pointer justify-start gap-2">
              <input
                type="checkbox"
                name="eventTypes"
                value={type}
                className="checkbox checkbox-sm"
              />
              <code>{type}</code>
            </label>
          ))}
        </details>
        <FormError message={create.error?.message} />
        <SubmitButton busy={create.isPending}>Add endpoint</SubmitButton>
      </form>
      {secret && <SecretOnce label="The endpoint's signing secret" secret={secret} />}
      <FormError message={action.error?.message} />
      {list.isPending ? (
        <Spinner label="Loading endpoints…" />
      ) : list.isError ? (
        <ErrorMessage
          title="We could not load the endpoints."
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <p>No endpoints yet.</p>
      ) : (
        <ul className="space-y-4">
          {list.data.map((e) => (
            <li
              key={e.id}
              className="rounded-box bg-base-100 p-4 shadow"
              data-testid="webhook-endpoint"
            >
              <p className="break-all font-mono text-sm">{e.url}</p>
              <p className="text-sm">
                {e.enabled ? (
                  <span className="badge badge-success badge-sm">On</span>
                ) : (
                  <span className="badge badge-error badge-sm">Off</span>
                )}{' '}
                {e.eventTypes.length === 0 ? 'Every event' : e.eventTypes.join(', ')}
                {e.description && ` · ${e.description}`}
              </p>
              {e.disabledReason && <p className="text-sm text-error">{e.disabledReason}</p>}
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-outline btn-xs"
                  onClick={() => action.mutate({ id: e.id, action: 'test' })}
                >
                  Send test event
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-xs"
                  onClick={() => setOpen(open === e.id ? null : e.id)}
                  aria-expanded={open === e.id}
                >
                  Deliveries
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-xs"
                  onClick={() =>
                    action.mutate(
                      { id: e.id, action: 'rotate' },
                      { onSuccess: (answer) => setSecret((answer as { secret: string }).secret) },
                    )
                  }
                >
                  Rotate secret
                </button>
                {!e.enabled && (
                  <button
                    type="button"
                    className="btn btn-outline btn-xs"
                    onClick={() => action.mutate({ id: e.id, action: 'enable' })}
                  >
                    Turn on
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-xs"
                  onClick={() => action.mutate({ id: e.id, action: 'remove' })}
                >
                  Remove
                </button>
              </div>
              {open === e.id && (
                <div className="mt-3 overflow-x-auto">
                  <DeliveryLog owner={owner} endpointId={e.id} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
