import { useQuery } from '@tanstack/react-query';
import { setActingId, useStoredActingId } from '../acting';
import { shellQueries } from '../api/shell-queries';

/**
 * The agent this browser acts as, if the console still holds its key (an identity forgotten or
 * deleted elsewhere falls back to anonymous), with the identities to choose from.
 */
export function useActing() {
  const stored = useStoredActingId();
  const identities = useQuery(shellQueries.identities());
  const identity = identities.data?.find((i) => i.agentId === stored) ?? null;
  return { actAs: identity?.agentId ?? null, identity, identities: identities.data ?? [], identitiesQuery: identities, setActAs: setActingId };
}
