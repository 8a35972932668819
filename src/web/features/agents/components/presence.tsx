import { Badge } from '../../../components/ui/badge';
import { formatDateTime, formatRelative } from '../../../lib/format-extra';
import { useNow } from '../../../lib/use-now';

/** Online or offline, with when the agent was last seen. */
export function Presence({ online, lastSeen }: { online: boolean; lastSeen: number | null }) {
  const now = useNow();
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5">
      <Badge tone={online ? 'success' : 'neutral'}>
        <span aria-hidden className={online ? 'size-1.5 rounded-full bg-success' : 'size-1.5 rounded-full bg-muted'} />
        {online ? 'Online' : 'Offline'}
      </Badge>
      {lastSeen !== null ? (
        <span className="whitespace-nowrap text-xs text-muted" title={formatDateTime(lastSeen)}>
          last seen {formatRelative(lastSeen, Math.max(now, lastSeen))}
        </span>
      ) : null}
    </span>
  );
}
