import { useQuery } from '@tanstack/react-query';
import { formatInt } from '../../../lib/format';
import { socialBalance } from '../api/credits';

const short = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** The social credit balance, short, for the shell (loaded with the first page: keep it tiny). */
export function SocialBalance() {
  const credits = useQuery(socialBalance());
  if (credits.isError) return <span title={credits.error.message}>balance unavailable</span>;
  const n = credits.data?.balance;
  return (
    <span aria-label="Social credit balance" title={n !== undefined ? `${formatInt(n)} credits` : undefined} className="whitespace-nowrap">
      {n === undefined ? '…' : `${n < 10_000 ? formatInt(n) : short.format(n)} credits`}
    </span>
  );
}
