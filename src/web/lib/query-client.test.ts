import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, type Invalidates } from './query-client';

/**
 * The one rule after a write (query-client.ts): what its `meta.invalidates` names is read again
 * once it settles, on success and on failure, and the write is pending until that read is back.
 */

/** A read whose answers the test hands out one by one: `reads` counts the reads started. */
function heldRead(qc: QueryClient, queryKey: readonly unknown[]) {
  const waiting: Array<(v: string) => void> = [];
  let reads = 0;
  const read = () => {
    reads++;
    return new Promise<string>((resolve) => waiting.push(resolve));
  };
  const observer = new QueryObserver(qc, { queryKey, queryFn: read });
  const stop = observer.subscribe(() => undefined);
  stopping.push(stop);
  return {
    get reads() {
      return reads;
    },
    shown: () => observer.getCurrentResult().data,
    /** Answers the read in flight. */
    answer: async (value: string) => {
      await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      waiting.shift()!(value);
      await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(value));
    },
  };
}

/** A write declaring `invalidates`, sent when `send` is called; `fail` makes the service refuse it. */
function write(qc: QueryClient, invalidates: Invalidates, fail = false) {
  const observer = new MutationObserver(qc, {
    mutationFn: () => (fail ? Promise.reject(new Error('The service refused the write.')) : Promise.resolve('written')),
    meta: { invalidates },
  });
  return {
    send: () => observer.mutate().catch(() => 'failed'),
    status: () => observer.getCurrentResult().status,
  };
}

const stopping: Array<() => void> = [];
afterEach(() => {
  for (const stop of stopping.splice(0)) stop();
});

describe('a write refreshes what it declares', () => {
  it('reads a shown list again, and stays pending until the list has its new answer', async () => {
    const qc = createQueryClient();
    const list = heldRead(qc, ['things', 'list']);
    await list.answer('before');

    const add = write(qc, [['things']]);
    const sent = add.send();
    await vi.waitFor(() => expect(list.reads).toBe(2));
    // The write itself is done, but the list is still being read: the write is not over yet.
    expect(add.status()).toBe('pending');
    expect(list.shown()).toBe('before');

    await list.answer('after');
    await sent;
    expect(add.status()).toBe('success');
    expect(list.shown()).toBe('after');
  });

  it('reads it again when the write failed too: it may have changed something before its answer was lost', async () => {
    const qc = createQueryClient();
    const list = heldRead(qc, ['things', 'list']);
    await list.answer('before');

    const add = write(qc, [['things']], true);
    const sent = add.send();
    await vi.waitFor(() => expect(list.reads).toBe(2));
    expect(add.status()).toBe('pending');

    await list.answer('after');
    expect(await sent).toBe('failed');
    expect(add.status()).toBe('error');
    expect(list.shown()).toBe('after');
  });

  it('takes filters with a predicate: what the predicate leaves out is not read again', async () => {
    const qc = createQueryClient();
    const kept = heldRead(qc, ['things', 'by-id', 'a']);
    const gone = heldRead(qc, ['things', 'by-id', 'b']);
    await kept.answer('a');
    await gone.answer('b');

    const remove = write(qc, [{ queryKey: ['things'], predicate: (q) => q.queryKey[2] !== 'b' }]);
    const sent = remove.send();
    await vi.waitFor(() => expect(kept.reads).toBe(2));
    expect(gone.reads).toBe(1);
    await kept.answer('a again');
    await sent;
    expect(remove.status()).toBe('success');
    expect(gone.reads).toBe(1);
    expect(gone.shown()).toBe('b');
  });

  it('a write that declares nothing reads nothing again', async () => {
    const qc = createQueryClient();
    const list = heldRead(qc, ['things', 'list']);
    await list.answer('before');
    const observer = new MutationObserver(qc, { mutationFn: () => Promise.resolve('written') });
    await observer.mutate();
    expect(list.reads).toBe(1);
  });
});
