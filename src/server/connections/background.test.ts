import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeKit, type Kit } from '../testing/kit';

let kit: Kit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

const balanceReads = async (k: Kit) => {
  const log = (await (await k.control('/gen3d/requests', undefined, 'GET')).json()) as { requests: Array<{ method: string; path: string }> };
  return log.requests.filter((r) => r.method === 'GET' && r.path === '/openapi/v1/balance').length;
};

describe('the BFF’s own background reads', () => {
  it('coalesce: many balance refreshes at once make one read, plus one after it for fresh data', async () => {
    kit = await makeKit();
    const before = await balanceReads(kit);
    await Promise.all(Array.from({ length: 25 }, () => kit?.app.balance.refresh('gen3d')));
    expect((await balanceReads(kit)) - before).toBeLessThanOrEqual(2);
  });

  it('are spaced per service, whatever their paths, and a late caller still gets a read that starts after it asked', async () => {
    kit = await makeKit({ sandboxSpeed: 1 });
    const bg = kit.app.upstreams.background;
    const starts: number[] = [];
    await Promise.all(Array.from({ length: 5 }, (_, i) => bg.run('social', `/path/${i}`, async () => void starts.push(Date.now()))));
    for (let i = 1; i < starts.length; i++) expect((starts[i] as number) - (starts[i - 1] as number)).toBeGreaterThanOrEqual(90);

    let runs = 0;
    let release: (() => void) | null = null;
    const first = bg.run('agentnet', '/same', () => new Promise<number>((resolve) => (release = () => resolve(++runs))));
    // The first read has started: the callers below ask while it is under way.
    await vi.waitFor(() => expect(release).not.toBeNull());
    const joiners = Array.from({ length: 10 }, () => bg.run('agentnet', '/same', async () => ++runs));
    release!();
    expect(await first).toBe(1);
    expect(await Promise.all(joiners)).toEqual(Array.from({ length: 10 }, () => 2));
    expect(runs).toBe(2);
  });
});
