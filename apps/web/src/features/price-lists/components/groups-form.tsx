import type { FormEvent } from 'react';
import type { PriceListDetails } from '@storefront/contract';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useAssignGroup, useCustomerGroups, useUnassignGroup } from '../api/price-lists';
import { AssignedTable, PriorityField } from './assigned-table';
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
        <AssignedTable
          heading="Customer group"
          testId="assigned-groups"
          busy={unassign.isPending}
          onTakeOff={(id) => unassign.mutate(id)}
          rows={list.groups.map((g) => ({
            id: g.groupId,
            label: g.groupName,
            priority: g.priority,
            name: g.groupName,
          }))}
        />
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
          <PriorityField />
        </div>
        <SubmitButton busy={assign.isPending}>Assign to the group</SubmitButton>
        <Problems error={assign.error ?? groups.error} />
      </form>
    </>
  );
}
