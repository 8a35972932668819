import { useQuery } from '@tanstack/react-query';
import { formatInt } from '../../../lib/format';
import { gen3dQueries } from '../api/queries';

/** The 3D credit balance, short, for the shell. */
export function Gen3dBalance() {
  const balance = useQuery(gen3dQueries.balance());
  if (balance.isError) return <span title={balance.error.message}>balance unavailable</span>;
  return <span aria-label="3D credit balance">{balance.data !== undefined ? `${formatInt(balance.data)} credits` : '…'}</span>;
}
