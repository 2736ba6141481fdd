import { useState, type FormEvent } from 'react';
import type { CustomerGroupSummary } from '@storefront/contract';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import {
  useAddGroupMember,
  useCreateCustomerGroup,
  useCustomerGroup,
  useCustomerGroups,
  useDeleteCustomerGroup,
  useRemoveGroupMember,
} from '../api/price-lists';
import { Problems } from './problems';
import { formatCount } from '@storefront/contract';

/** One group: its lists, and (opened) its members, to add by email or take out. */
function GroupCard({ group }: { group: CustomerGroupSummary }) {
  const [open, setOpen] = useState(false);
  const details = useCustomerGroup(group.id, open);
  const add = useAddGroupMember(group.id);
  const remove = useRemoveGroupMember(group.id);
  const drop = useDeleteCustomerGroup(group.id);
  const onAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '').trim();
    add.mutate(email, { onSuccess: () => form.reset() });
  };
  const onDelete = () => {
    if (window.confirm(`Delete the group "${group.name}"? Its members go back to public prices.`))
      drop.mutate();
  };
  return (
    <li className="rounded-box bg-base-100 p-4 shadow" data-testid="customer-group">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{group.name}</h3>
        <span className="text-sm">
          {formatCount(group.memberCount)} {group.memberCount === 1 ? 'member' : 'members'} ·{' '}
          {group.lists.length === 0
            ? 'no price list'
            : group.lists.map((l) => `${l.listName} (priority ${l.priority})`).join(', ')}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-sm ml-auto"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Close' : 'Members'}
          <span className="sr-only"> of {group.name}</span>
        </button>
      </div>
      {open && (
        <div className="mt-3">
          {details.isPending ? (
            <Spinner label="Loading the members…" />
          ) : details.isError ? (
            <ErrorMessage title="The members could not be loaded" error={details.error} />
          ) : details.data.members.length === 0 ? (
            <p className="mb-2">No one in this group yet.</p>
          ) : (
            <ul className="mb-2" aria-label={`Members of ${group.name}`}>
              {details.data.members.map((m) => (
                <li key={m.userId} className="flex items-center gap-2">
                  <span>
                    {m.name} &lt;{m.email}&gt;
                  </span>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(m.userId)}
                  >
                    Take out<span className="sr-only"> {m.email}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Problems error={remove.error} />
          <form
            onSubmit={onAdd}
            aria-label={`Add a customer to ${group.name}`}
            className="flex flex-wrap items-end gap-2"
          >
            <label className="form-control">
              <span className="label-text">Customer's email</span>
              <input
                name="email"
                type="email"
                required
                maxLength={254}
                className="input input-bordered input-sm"
              />
            </label>
            <SubmitButton busy={add.isPending}>Add</SubmitButton>
          </form>
          <p className="mt-1 text-sm text-base-content/70">
            A customer is in one group at most: adding them here moves them from any other.
          </p>
          <Problems error={add.error} />
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm mt-3"
            onClick={onDelete}
            disabled={drop.isPending}
          >
            Delete the group
          </button>
          <Problems error={drop.error} />
        </div>
      )}
    </li>
  );
}

/**
 * Customer groups: people buying for themselves (not for a company) who share price lists. Make
 * a group, put customers in it, then assign lists to it from a list's page.
 */
export function CustomerGroupsPanel() {
  const groups = useCustomerGroups();
  const create = useCreateCustomerGroup();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    create.mutate(name, { onSuccess: () => form.reset() });
  };
  return (
    <section aria-labelledby="groups-title" className="mt-8">
      <h2 id="groups-title" className="mb-2 text-xl font-semibold">
        Customer groups
      </h2>
      <p className="mb-4 text-sm">
        For people buying for themselves: members of a group pay its price lists' prices. Someone
        buying for a company pays the company's.
      </p>
      {groups.isPending ? (
        <Spinner label="Loading customer groups…" />
      ) : groups.isError ? (
        <ErrorMessage
          title="The customer groups could not be loaded"
          error={groups.error}
          onRetry={() => void groups.refetch()}
        />
      ) : groups.data.length === 0 ? (
        <p className="mb-4" data-testid="customer-groups-empty">
          No customer groups yet.
        </p>
      ) : (
        <ul className="mb-4 space-y-3">
          {groups.data.map((g) => (
            <GroupCard key={g.id} group={g} />
          ))}
        </ul>
      )}
      <form
        onSubmit={onSubmit}
        aria-label="Make a customer group"
        className="flex flex-wrap items-end gap-2 rounded-box bg-base-100 p-4 shadow"
      >
        <label className="form-control">
          <span className="label-text">Group name</span>
          <input name="name" required maxLength={100} className="input input-bordered" />
        </label>
        <SubmitButton busy={create.isPending}>Make the group</SubmitButton>
        <Problems error={create.error} />
      </form>
    </section>
  );
}
