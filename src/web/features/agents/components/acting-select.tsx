import { useId } from 'react';
import { Select } from '../../../components/ui/field';
import { useActing } from '../hooks/use-acting';

/** "Acting as": the agent every agent network request of this browser is sent as (remembered per browser). */
export function ActingSelect() {
  const id = useId();
  const { actAs, identities, identitiesQuery, setActAs } = useActing();
  const names = new Map<string, number>();
  for (const i of identities) names.set(i.name, (names.get(i.name) ?? 0) + 1);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <label htmlFor={id} className="whitespace-nowrap text-sm font-medium">
        Acting as
      </label>
      <Select
        id={id}
        className="w-64 max-sm:w-full"
        value={actAs ?? ''}
        onChange={(e) => setActAs(e.target.value || null)}
        aria-describedby={identitiesQuery.isError ? `${id}-error` : undefined}
      >
        <option value="">Nobody (anonymous)</option>
        {identities.map((i) => (
          <option key={i.agentId} value={i.agentId}>
            {(names.get(i.name) ?? 0) > 1 ? `${i.name} (${i.agentId.slice(0, 8)})` : i.name}
          </option>
        ))}
      </Select>
      {identitiesQuery.isError ? (
        <span id={`${id}-error`} className="text-xs text-danger">
          {identitiesQuery.error.message}
        </span>
      ) : null}
    </div>
  );
}
