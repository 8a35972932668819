import { describe, expect, it } from 'vitest';
import { buildTopology, hrefOf, LAYOUT_SIZE, layoutInSlices, layoutTopology, type GraphInput } from './topology-layout';

const small: GraphInput = {
  subnets: [
    { id: 's1', name: 'S1', owner: 'a1', members: ['a1', 'a2'] },
    { id: 's2', name: 'S2', owner: 'a3', members: ['a2'] },
  ],
  orgs: [{ id: 'o1', name: 'O1', subnetId: 's1' }],
  agents: [
    { id: 'a1', name: 'A1', online: true },
    { id: 'a2', name: 'A2', online: false },
    { id: 'a3', name: 'A3', online: true },
    { id: 'a4', name: 'Loner', online: true },
  ],
};

const many = (n: number): GraphInput => ({
  subnets: Array.from({ length: 12 }, (_, s) => ({ id: `s${s}`, name: `Subnet ${s}`, owner: `a${s}`, members: Array.from({ length: n / 12 }, (_, i) => `a${s * Math.floor(n / 12) + i}`) })),
  orgs: Array.from({ length: 6 }, (_, o) => ({ id: `o${o}`, name: `Org ${o}`, subnetId: `s${o * 2}` })),
  agents: Array.from({ length: n }, (_, i) => ({ id: `a${i}`, name: `Agent ${i}`, online: i % 3 !== 0 })),
});

describe('topology graph', () => {
  it('links members, owners (owning without being a member too) and orgs, and says so for each node', () => {
    const g = buildTopology(small);
    expect(g.nodes).toHaveLength(7);
    expect(g.edges).toContainEqual({ from: 'agent:a1', to: 'subnet:s1', kind: 'owner' });
    expect(g.edges).toContainEqual({ from: 'agent:a2', to: 'subnet:s1', kind: 'member' });
    expect(g.edges).toContainEqual({ from: 'agent:a3', to: 'subnet:s2', kind: 'owner' });
    expect(g.edges).toContainEqual({ from: 'org:o1', to: 'subnet:s1', kind: 'org' });
    const said = (id: string) => g.nodes.find((n) => n.id === id)?.description;
    expect(said('agent:a1')).toBe('agent A1, online, owner of S1');
    expect(said('agent:a2')).toBe('agent A2, offline, member of S1, S2');
    expect(said('agent:a4')).toBe('agent Loner, online');
    expect(said('subnet:s1')).toBe('subnet S1, 2 members, owned by A1');
    expect(said('org:o1')).toBe('organization O1, bound to subnet S1');
  });

  it('drops edges to agents beyond the page', () => {
    const g = buildTopology({ subnets: [{ id: 's', name: 'S', owner: 'gone', members: ['ghost', 'a1'] }], orgs: [], agents: [{ id: 'a1', name: 'A1', online: true }] });
    expect(g.edges).toEqual([{ from: 'agent:a1', to: 'subnet:s', kind: 'member' }]);
  });

  it('places every node inside the canvas, apart from one another, members nearer their subnet than strangers', () => {
    const g = layoutTopology(many(120));
    for (const n of g.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(0);
      expect(n.x).toBeLessThanOrEqual(LAYOUT_SIZE);
      expect(n.y).toBeGreaterThanOrEqual(0);
      expect(n.y).toBeLessThanOrEqual(LAYOUT_SIZE);
    }
    const at = new Map(g.nodes.map((n) => [n.id, n]));
    const dist = (a: string, b: string) => Math.hypot(at.get(a)!.x - at.get(b)!.x, at.get(a)!.y - at.get(b)!.y);
    // Subnet 0's members are a0..a9; subnet 11's are a110..a119.
    const own = Array.from({ length: 10 }, (_, i) => dist(`agent:a${i}`, 'subnet:s0'));
    const far = Array.from({ length: 10 }, (_, i) => dist(`agent:a${110 + i}`, 'subnet:s0'));
    expect(Math.max(...own)).toBeLessThan(Math.min(...far));
    const positions = new Set(g.nodes.map((n) => `${Math.round(n.x)},${Math.round(n.y)}`));
    expect(positions.size).toBe(g.nodes.length);
  });

  it('draws the same picture every time, whether laid out at once or in slices', async () => {
    const once = layoutTopology(many(120));
    expect(layoutTopology(many(120))).toEqual(once);
    const sliced = await layoutInSlices(many(120), { budgetMs: 0 });
    expect(sliced).toEqual(once);
  });

  it('reports progress while laying out in slices and stops when aborted', async () => {
    const seen: number[] = [];
    await layoutInSlices(many(24), { budgetMs: 0, ticks: 5, onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([0.2, 0.4, 0.6, 0.8, 1]);
    const abort = new AbortController();
    const run = layoutInSlices(many(24), { budgetMs: 0, signal: abort.signal, onProgress: () => abort.abort() });
    await expect(run).rejects.toThrow();
  });

  it('links each node to its page', () => {
    expect(hrefOf({ id: 'subnet:sub 1', kind: 'subnet' })).toBe('/agents/subnets/sub%201');
    expect(hrefOf({ id: 'org:o1', kind: 'org' })).toBe('/agents/orgs/o1');
    expect(hrefOf({ id: 'agent:ag_1', kind: 'agent' })).toBe('/agents/ag_1');
  });
});
