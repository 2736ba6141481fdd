import type { FormEvent } from 'react';
import type { PriceListDetails } from '@storefront/contract';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useAssignGroup, useCustomerGroups, useUnassignGroup } from '../api/price-lists';
import { Problems } from './problems';

/** The customer groups whose members buy at this list when buying for themselves. */
export function GroupsForm({ list }: { list: PriceListDetails }) {
  const groups = useCustomerGroups();
  const assign = useAssignGroup(list.id);
  const unassign = useUnassignGroup(list.id);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    assign.mutate({
      groupId: String(data.get('groupId') ?? ''),
      priority: Number(data.get('priority') ?? 0),
    });
  };
  return (
    <>
      {list.groups.length === 0 ? (
        <p className="mb-2" data-testid="assigned-groups-none">
          No customer group buys at this list.
        </p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0}>
          <table className="table table-sm mb-2" data-testid="assigned-groups">
            <thead>
              <tr>
                <th scope="col">Customer group</th>
                <th scope="col">Priority</th>
                <th scope="col">
                  <span className="sr-only">Take off</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.groups.map((g) => (
                <tr key={g.groupId}>
                  <td>{g.groupName}</td>
                  <td>{g.priority}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      disabled={unassign.isPending}
                      onClick={() => unassign.mutate(g.groupId)}
                    >
                      Take off<span className="sr-only"> {g.groupName}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Problems error={unassign.error} />
      <form
        onSubmit={onSubmit}
        aria-label="Assign to a customer group"
        className="rounded-box bg-base-100 p-4 shadow"
      >
        <div className="grid gap-3 md:grid-cols-3">
          <label className="form-control md:col-span-2">
            <span className="label-text">Customer group</span>
            <select
              name="groupId"
              required
              className="select select-bordered w-full"
              defaultValue=""
            >
              <option value="" disabled>
                {groups.isPending
                  ? 'Loading groups…'
                  : groups.data?.length
                    ? 'Choose a group'
                    : 'No groups yet: make one on the price lists page'}
              </option>
              {groups.data?.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
          <label className="form-control">
            <span className="label-text">Priority</span>
            <input
              name="priority"
              type="number"
              step="1"
              required
              defaultValue={0}
              className="input input-bordered w-full"
            />
          </label>
        </div>
        <SubmitButton busy={assign.isPending}>Assign to the group</SubmitButton>
        <Problems error={assign.error ?? groups.error} />
      </form>
    </>
  );
}
