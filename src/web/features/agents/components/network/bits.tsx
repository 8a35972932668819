import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ListEmpty } from '../../../../components/ui/list-states';
import { errorMessage } from '../../../../lib/api';
import { formatAmount } from '../../network-view';

/** Shown where a page needs an acting agent: what for, and where to choose one. */
export function ActFirst({ what }: { what: string }) {
  return (
    <Alert tone="info" title={`Act as an agent to ${what}.`}>
      Choose one in “Acting as” above, or{' '}
      <Link to="/agents/join" className="text-accent underline">
        join a new agent
      </Link>
      .
    </Alert>
  );
}

export type SpendAsk = { amount: number; currency: string; what: string };

/**
 * The step before anything that spends is sent: the amount and what it pays for, Confirm or Cancel.
 * The console server records it in the spend ledger and checks the spend guard before it leaves.
 */
export function SpendConfirm({ ask, onConfirm, onCancel, pending }: { ask: SpendAsk; onConfirm: () => void; onCancel: () => void; pending?: boolean }) {
  return (
    <div role="group" aria-label="Confirm the amount" className="flex flex-col gap-2 rounded border border-warning/60 bg-surface-2 p-3">
      <p className="text-sm">
        This spends <strong className="tabular-nums">{formatAmount(ask.amount, ask.currency)}</strong>: {ask.what}. The console records it in the spend ledger and checks the spend
        limit before it is sent.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" size="sm" autoFocus disabled={pending} onClick={onConfirm}>
          {pending ? 'Sending…' : `Confirm ${formatAmount(ask.amount, ask.currency)}`}
        </Button>
        <Button size="sm" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** A write's failure as a sentence (and, for governance refusals, who may do it). */
export function WriteError({ title, error, extra }: { title: string; error: unknown; extra?: string | null }) {
  return (
    <Alert title={title}>
      {errorMessage(error)}
      {extra ? <span className="mt-1 block">{extra}</span> : null}
    </Alert>
  );
}

/** An in-memory list shown a page at a time ("Show more" adds the next page). */
export function PagedList<T>({ items, size = 20, label, noun, empty, render, getKey }: { items: readonly T[]; size?: number; label: string; noun: string; empty: ReactNode; render: (item: T) => ReactNode; getKey: (item: T) => string }) {
  const [shown, setShown] = useState(size);
  if (items.length === 0) return <ListEmpty>{empty}</ListEmpty>;
  return (
    <div className="flex flex-col">
      <ul aria-label={label} className="divide-y divide-border">
        {items.slice(0, shown).map((item) => (
          <li key={getKey(item)} className="min-w-0">
            {render(item)}
          </li>
        ))}
      </ul>
      <div className="flex items-center justify-between gap-2 p-3 text-xs text-muted">
        <span role="status">
          {Math.min(shown, items.length)} of {items.length} {noun}
        </span>
        {shown < items.length ? (
          <Button size="sm" onClick={() => setShown((n) => n + size)}>
            Show {Math.min(size, items.length - shown)} more
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** A paged (infinite) list drawn as plain rows with a "Load more" button: for short lists inside boards. */
export function MoreButton({ hasNext, loading, onMore, noun }: { hasNext: boolean; loading: boolean; onMore: () => void; noun: string }) {
  if (!hasNext) return null;
  return (
    <Button size="sm" className="self-center" disabled={loading} onClick={onMore}>
      {loading ? `Loading more ${noun}…` : `Load more ${noun}`}
    </Button>
  );
}
