import { useQuery } from '@tanstack/react-query';
import { useActing } from '../hooks/use-acting';
import { shellQueries } from '../api/shell-queries';

/** The agent network, short, for the shell: who the console acts as, else how many agents are online. */
export function AgentsStatus() {
  const { actAs, identity } = useActing();
  const online = useQuery({ ...shellQueries.onlineCount(actAs), enabled: !identity });
  if (identity) {
    return (
      <span aria-label={`Acting as ${identity.name}`} title={`Acting as ${identity.name}`} className="inline-block max-w-18 truncate align-bottom">
        as {identity.name}
      </span>
    );
  }
  if (online.isError) return <span title={online.error.message}>directory unavailable</span>;
  return <span aria-label="Agents online">{online.data !== undefined ? `${online.data} online` : '…'}</span>;
}
