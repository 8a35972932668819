import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { LiveEvent } from '../../contracts/bff';
import * as shellRoutes from '../../contracts/bff-routes/shell';
import { bffUrl } from './bff';

type Handler = (event: LiveEvent) => void;

/** What the live connection is doing now: the shell says it as it is. */
export type LiveStatus =
  | { state: 'connecting' }
  | { state: 'connected' }
  /** Down; the next try is at `retryAt` (epoch ms). */
  | { state: 'reconnecting'; retryAt: number; attempt: number }
  /** The browser is offline: the next try is when it is back online. */
  | { state: 'offline' };

type SourceLike = { readyState: number; onopen: (() => void) | null; onerror: (() => void) | null; onmessage: ((msg: MessageEvent<string>) => void) | null; close(): void };

export type LiveDeps = {
  connect: (url: string) => SourceLike;
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  online: () => boolean;
  /** Subscribes to the browser's online/offline events; returns the unsubscribe. */
  watchNetwork: (onChange: () => void) => () => void;
};

/** Waits between tries: 1, 2, 4, 8, 16, then 30 s, each with up to 20 % jitter so tabs do not retry in step. */
export const backoffMs = (attempt: number, random = Math.random) => Math.round(Math.min(30_000, 1000 * 2 ** attempt) * (1 + 0.2 * random()));

/**
 * One SSE connection per tab to the event stream (contracts/bff-routes/shell.ts); features subscribe with `useLiveEvent`. When the
 * stream drops (or the browser closes it for good), the connection is closed and opened again
 * after a growing wait; offline, it waits for the network. After a reconnect, `hello` tells
 * features to refetch what they may have missed.
 *
 * Written here rather than taken from a library: reconnecting-eventsource, eventsource-client and
 * @microsoft/fetch-event-source each weigh 1.3 to 3.1 KB gzip on the first page (this file, 1.1 KB)
 * and none has the growing wait with jitter, the offline wait or the status the shell shows.
 */
export class LiveConnection {
  private source: SourceLike | null = null;
  private timer: unknown = null;
  private attempt = 0;
  private stopNetwork: (() => void) | null = null;
  private readonly handlers = new Set<Handler>();
  private readonly listeners = new Set<() => void>();
  status: LiveStatus = { state: 'connecting' };

  constructor(
    private readonly deps: LiveDeps,
    private readonly url = bffUrl(shellRoutes.events),
  ) {}

  private set(status: LiveStatus) {
    this.status = status;
    for (const l of this.listeners) l();
  }

  private open() {
    this.cancelTimer();
    this.stopNetwork ??= this.deps.watchNetwork(() => this.onNetwork());
    if (!this.deps.online()) return this.set({ state: 'offline' });
    if (this.status.state !== 'connected') this.set({ state: 'connecting' });
    const source = this.deps.connect(this.url);
    this.source = source;
    source.onopen = () => {
      this.attempt = 0;
      this.set({ state: 'connected' });
    };
    source.onerror = () => this.drop(source);
    source.onmessage = (msg) => this.dispatch(msg.data);
  }

  /** The stream failed: close it (the browser would retry forever at its own pace, or never) and try again later. */
  private drop(source: SourceLike) {
    if (source !== this.source) return;
    source.close();
    this.source = null;
    if (!this.deps.online()) return this.set({ state: 'offline' });
    const wait = backoffMs(this.attempt);
    this.attempt += 1;
    this.set({ state: 'reconnecting', retryAt: this.deps.now() + wait, attempt: this.attempt });
    this.timer = this.deps.setTimer(() => this.open(), wait);
  }

  private onNetwork() {
    if (this.handlers.size === 0) return;
    if (this.deps.online()) {
      if (!this.source) {
        this.attempt = 0;
        this.open();
      }
    } else {
      this.cancelTimer();
      this.source?.close();
      this.source = null;
      this.set({ state: 'offline' });
    }
  }

  private cancelTimer() {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }

  private dispatch(text: string) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = LiveEvent.safeParse(data);
    if (parsed.success) for (const h of this.handlers) h(parsed.data);
  }

  /** Tries at once instead of waiting out the backoff. */
  retryNow = () => {
    if (this.status.state === 'reconnecting') {
      this.attempt = 0;
      this.open();
    }
  };

  subscribe(handler: Handler): () => void {
    this.handlers.add(handler);
    if (!this.source && this.timer === null) this.open();
    return () => this.handlers.delete(handler);
  }

  onStatus = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

const browserDeps: LiveDeps = {
  connect: (url) => new EventSource(url) as unknown as SourceLike,
  now: () => Date.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
  online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  watchNetwork: (onChange) => {
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    return () => {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    };
  },
};

const live = typeof EventSource === 'undefined' ? null : new LiveConnection(browserDeps);

/** Calls `handler` for every live event while the component is mounted. */
export function useLiveEvent(handler: Handler) {
  useEffect(() => live?.subscribe(handler), [handler]);
}

/**
 * Reads again what a live event says changed. React Query's invalidation restarts a read in flight
 * only when the query already holds data; a first read still in flight is joined instead, and its
 * answer (possibly given before the change) would stand as fresh: a notification arriving while
 * the messages page first read the queue stayed hidden. Such reads are read once more when done.
 */
export async function invalidateAfterEvent(qc: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  const joined = qc
    .getQueryCache()
    .findAll(filters)
    .filter((q) => q.state.fetchStatus !== 'idle' && q.state.data === undefined);
  await qc.invalidateQueries(filters);
  await Promise.all(joined.map((q) => qc.invalidateQueries({ queryKey: q.queryKey, exact: true })));
}

const connecting: LiveStatus = { state: 'connecting' };
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(live?.onStatus ?? (() => () => undefined), () => live?.status ?? connecting);
}

export const retryLiveNow = () => live?.retryNow();
