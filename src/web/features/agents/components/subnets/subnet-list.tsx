import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../../components/ui/alert';
import { agentQueries, type SubnetScope } from '../../api/queries';
import { useActing } from '../../hooks/use-acting';
import { QueryList } from '../query-list';
import { SubnetRow } from './subnet-row';

const emptyText: Record<SubnetScope, string> = {
  all: 'There are no subnets you can see.',
  mine: 'The acting agent belongs to no subnet yet. Join one, or create one with the form.',
  public: 'There are no public subnets.',
};

/** Subnets: all the caller can see, the acting agent's own, or the public ones. */
export function SubnetList({ scope }: { scope: SubnetScope }) {
  const { actAs } = useActing();
  const query = useQuery({
    ...agentQueries.subnetList(scope, actAs),
    enabled: scope !== 'mine' || !!actAs,
    // The acting agent's own subnets first, then the service's order.
    select: (list) => (actAs ? [...list.filter((s) => s.owner === actAs), ...list.filter((s) => s.owner !== actAs)] : list),
  });
  if (scope === 'mine' && !actAs) {
    return (
      <div className="p-4">
        <Alert tone="info" title="Choose an agent to act as to list its subnets.">
          “Mine” lists the subnets of the agent the console acts as (the selector at the top).
        </Alert>
      </div>
    );
  }
  return (
    <QueryList query={query} noun="subnets" label="Subnets" empty={emptyText[scope]} getKey={(s) => s.id}>
      {(s) => <SubnetRow subnet={s} actAs={actAs} />}
    </QueryList>
  );
}
