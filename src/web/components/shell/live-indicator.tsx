import { cn } from '../../lib/cn';
import { retryLiveNow, useLiveStatus, type LiveStatus } from '../../lib/live';
import { useNow } from '../../lib/use-now';

/** The live connection's state in words: connected, reconnecting in N s, offline. */
export function liveText(status: LiveStatus, now: number): string {
  switch (status.state) {
    case 'connected':
      return 'Live updates';
    case 'connecting':
      return 'Connecting…';
    case 'offline':
      return 'Offline';
    case 'reconnecting': {
      const s = Math.max(0, Math.ceil((status.retryAt - now) / 1000));
      return s > 0 ? `Reconnecting in ${s} s` : 'Reconnecting…';
    }
  }
}

const describe: Record<LiveStatus['state'], string> = {
  connected: 'Live updates connected',
  connecting: 'Live updates connecting',
  reconnecting: 'Live updates lost; the console tries again by itself',
  offline: 'This browser is offline; live updates resume when the network is back',
};

export function LiveIndicator({ className }: { className?: string }) {
  const status = useLiveStatus();
  const now = useNow();
  const text = liveText(status, now);
  return (
    <span className={cn('flex items-center gap-1.5 text-xs text-muted', className)}>
      <span role="status" aria-label={`${describe[status.state]}: ${text}`} title={describe[status.state]} className="flex items-center gap-1.5" data-live={status.state}>
        <span aria-hidden className={cn('size-2 shrink-0 rounded-full', status.state === 'connected' ? 'bg-success' : status.state === 'offline' ? 'bg-danger' : 'animate-pulse bg-warning')} />
        <span className="whitespace-nowrap">{text}</span>
      </span>
      {status.state === 'reconnecting' ? (
        <button type="button" onClick={retryLiveNow} className="whitespace-nowrap text-accent underline">
          Retry now
        </button>
      ) : null}
    </span>
  );
}
