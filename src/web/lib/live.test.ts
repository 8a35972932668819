// @vitest-environment node
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { backoffMs, invalidateAfterEvent, LiveConnection, type LiveDeps } from './live';

/** A fake EventSource and clock: the test opens, drops and takes the network away. */
function harness() {
  let now = 1_000;
  let online = true;
  const timers: Array<{ at: number; fn: () => void; id: number }> = [];
  const sources: Array<{ readyState: number; onopen: (() => void) | null; onerror: (() => void) | null; onmessage: ((m: MessageEvent<string>) => void) | null; closed: boolean; close(): void }> = [];
  let network: () => void = () => undefined;
  let nextId = 1;
  const deps: LiveDeps = {
    connect: () => {
      const s = { readyState: 0, onopen: null, onerror: null, onmessage: null, closed: false, close() { this.closed = true; this.readyState = 2; } };
      sources.push(s);
      return s;
    },
    now: () => now,
    setTimer: (fn, ms) => {
      const t = { at: now + ms, fn, id: nextId++ };
      timers.push(t);
      return t.id;
    },
    clearTimer: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    online: () => online,
    watchNetwork: (fn) => ((network = fn), () => undefined),
  };
  const live = new LiveConnection(deps);
  const advance = (ms: number) => {
    now += ms;
    for (const t of timers.filter((x) => x.at <= now)) {
      timers.splice(timers.indexOf(t), 1);
      t.fn();
    }
  };
  const setOnline = (v: boolean) => {
    online = v;
    network();
  };
  return { live, sources, advance, setOnline, last: () => sources.at(-1)!, now: () => now };
}

describe('the live connection', () => {
  it('says connected once the stream opens, and hands events to subscribers', () => {
    const h = harness();
    const seen: string[] = [];
    h.live.subscribe((e) => seen.push(e.type));
    expect(h.live.status).toEqual({ state: 'connecting' });
    h.last().onopen?.();
    expect(h.live.status).toEqual({ state: 'connected' });
    h.last().onmessage?.({ data: JSON.stringify({ type: 'connections' }) } as MessageEvent<string>);
    h.last().onmessage?.({ data: 'not json' } as MessageEvent<string>);
    expect(seen).toEqual(['connections']);
  });

  it('after the browser drops the stream, closes it and tries again later, waiting longer each time', () => {
    const h = harness();
    h.live.subscribe(() => undefined);
    h.last().onopen?.();
    const first = h.last();
    first.onerror?.();
    expect(first.closed).toBe(true);
    expect(h.live.status.state).toBe('reconnecting');
    const wait1 = h.live.status.state === 'reconnecting' ? h.live.status.retryAt - h.now() : 0;
    expect(wait1).toBeGreaterThanOrEqual(1000);
    expect(wait1).toBeLessThanOrEqual(1200);
    h.advance(wait1);
    expect(h.sources).toHaveLength(2);
    h.last().onerror?.();
    const wait2 = h.live.status.state === 'reconnecting' ? h.live.status.retryAt - h.now() : 0;
    expect(wait2).toBeGreaterThanOrEqual(2000);
    h.advance(wait2);
    h.last().onopen?.();
    expect(h.live.status).toEqual({ state: 'connected' });
  });

  it('says offline while the network is gone and reconnects at once when it is back', () => {
    const h = harness();
    h.live.subscribe(() => undefined);
    h.last().onopen?.();
    h.setOnline(false);
    expect(h.live.status).toEqual({ state: 'offline' });
    expect(h.last().closed).toBe(true);
    h.setOnline(true);
    expect(h.sources).toHaveLength(2);
    expect(h.live.status).toEqual({ state: 'connecting' });
  });

  it('can be told to retry now instead of waiting', () => {
    const h = harness();
    h.live.subscribe(() => undefined);
    h.last().onerror?.();
    h.last().onerror?.();
    expect(h.sources).toHaveLength(1);
    h.live.retryNow();
    expect(h.sources).toHaveLength(2);
  });

  it('backs off 1, 2, 4 … up to 30 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => backoffMs(n, () => 0))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffMs(0, () => 1)).toBe(1200);
  });
});

describe('reading again after a live event', () => {
  /** A list on a "server"; the page's first read is answered as it was when asked, but only when the test says. */
  function page() {
    const server = { items: ['older'] };
    const firstAnswers: Array<() => void> = [];
    let reads = 0;
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } });
    const queryFn = () => {
      reads += 1;
      const asked = [...server.items];
      if (reads > 1) return Promise.resolve(asked);
      return new Promise<string[]>((resolve) => firstAnswers.push(() => resolve(asked)));
    };
    const observer = new QueryObserver(qc, { queryKey: ['agents', 'inbox', 'a1', 'manifest'], queryFn });
    const shown = () => observer.getCurrentResult().data;
    const stop = observer.subscribe(() => undefined);
    return { qc, server, shown, stop, answerFirst: () => firstAnswers.shift()?.(), reads: () => reads };
  }

  it('shows what arrived while the page was still waiting for its first read', async () => {
    const p = page();
    expect(p.reads()).toBe(1);
    // The first read was answered before the notification was stored; the event comes before that answer.
    p.server.items.push('notification');
    const done = invalidateAfterEvent(p.qc, { queryKey: ['agents', 'inbox', 'a1'] });
    p.answerFirst();
    await done;
    expect(p.shown()).toEqual(['older', 'notification']);
    p.stop();
  });

  it('shows what arrived after the page had its answer', async () => {
    const p = page();
    p.answerFirst();
    await p.qc.getQueryCache().find({ queryKey: ['agents', 'inbox', 'a1', 'manifest'] })?.promise;
    expect(p.shown()).toEqual(['older']);
    p.server.items.push('notification');
    await invalidateAfterEvent(p.qc, { queryKey: ['agents', 'inbox', 'a1'] });
    expect(p.shown()).toEqual(['older', 'notification']);
    p.stop();
  });
});
