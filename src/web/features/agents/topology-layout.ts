import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationLinkDatum, type SimulationNodeDatum } from 'd3-force';

/**
 * The topology graph's data and its force layout (d3-force). Only the lazily loaded topology page
 * imports this module, so d3-force stays out of every other page's scripts.
 */

export type NodeKind = 'subnet' | 'org' | 'agent';
export type GraphNode = { id: string; kind: NodeKind; label: string; x: number; y: number; online?: boolean; description: string };
export type GraphEdge = { from: string; to: string; kind: 'member' | 'owner' | 'org' };
export type GraphInput = {
  subnets: ReadonlyArray<{ id: string; name: string; owner: string | null; members: readonly string[] }>;
  orgs: ReadonlyArray<{ id: string; name: string; subnetId: string | null }>;
  agents: ReadonlyArray<{ id: string; name: string; online: boolean }>;
};
export type Graph = { nodes: GraphNode[]; edges: GraphEdge[] };

/** Side of the square the layout is fitted into (the SVG's view box). */
export const LAYOUT_SIZE = 1000;
/** Ticks the simulation runs: the same number every time, so the same input gives the same picture. */
export const LAYOUT_TICKS = 200;
/** Nodes are kept apart (the costly collision force) over the last ticks only, once they have settled. */
const COLLIDE_TICKS = 50;
export const nodeRadius = { subnet: 16, org: 11, agent: 6 } as const;

const list = (names: string[], max = 3) => (names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`);

/**
 * Nodes and edges of the network, unplaced: membership (agent → subnet), ownership (agent → subnet
 * it owns) and org → subnet. Edges to agents not in `agents` (beyond the page) are dropped. Each
 * node carries a sentence naming its online state, memberships and ownerships, for screen readers.
 */
export function buildTopology(input: GraphInput): Graph {
  const agentIds = new Set(input.agents.map((a) => a.id));
  const subnetName = new Map(input.subnets.map((s) => [s.id, s.name]));
  const agentName = new Map(input.agents.map((a) => [a.id, a.name]));
  const edges: GraphEdge[] = [];
  const memberOf = new Map<string, string[]>();
  const ownerOf = new Map<string, string[]>();
  const push = (m: Map<string, string[]>, k: string, v: string) => m.set(k, [...(m.get(k) ?? []), v]);
  for (const s of input.subnets) {
    for (const m of s.members) {
      if (!agentIds.has(m)) continue;
      edges.push({ from: `agent:${m}`, to: `subnet:${s.id}`, kind: s.owner === m ? 'owner' : 'member' });
      if (s.owner !== m) push(memberOf, m, s.name);
    }
    if (s.owner && agentIds.has(s.owner)) {
      push(ownerOf, s.owner, s.name);
      if (!s.members.includes(s.owner)) edges.push({ from: `agent:${s.owner}`, to: `subnet:${s.id}`, kind: 'owner' });
    }
  }
  const nodes: GraphNode[] = [];
  for (const s of input.subnets) {
    const owner = s.owner ? (agentName.get(s.owner) ?? s.owner) : null;
    const count = s.members.length;
    nodes.push({ id: `subnet:${s.id}`, kind: 'subnet', label: s.name, x: 0, y: 0, description: `subnet ${s.name}, ${count} member${count === 1 ? '' : 's'}${owner ? `, owned by ${owner}` : ''}` });
  }
  for (const o of input.orgs) {
    const bound = o.subnetId ? subnetName.get(o.subnetId) : undefined;
    nodes.push({ id: `org:${o.id}`, kind: 'org', label: o.name, x: 0, y: 0, description: `organization ${o.name}${bound ? `, bound to subnet ${bound}` : ''}` });
    if (o.subnetId && bound !== undefined) edges.push({ from: `org:${o.id}`, to: `subnet:${o.subnetId}`, kind: 'org' });
  }
  for (const a of input.agents) {
    const parts = [`agent ${a.name}`, a.online ? 'online' : 'offline'];
    const owns = ownerOf.get(a.id);
    const member = memberOf.get(a.id);
    if (owns) parts.push(`owner of ${list(owns)}`);
    if (member) parts.push(`member of ${list(member)}`);
    nodes.push({ id: `agent:${a.id}`, kind: 'agent', label: a.name, x: 0, y: 0, online: a.online, description: parts.join(', ') });
  }
  return { nodes, edges };
}

/** A small seeded generator (mulberry32): d3-force's jiggle and start positions repeat run to run. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type SimNode = SimulationNodeDatum & { index: number; kind: NodeKind };

/** A stopped simulation over the graph: ticked by the caller, never by d3's timer. */
function simulation(graph: Graph, seed: number, ticks: number) {
  const index = new Map(graph.nodes.map((n, i) => [n.id, i]));
  const nodes: SimNode[] = graph.nodes.map((n, i) => ({ index: i, kind: n.kind }));
  const links: Array<SimulationLinkDatum<SimNode> & { kind: GraphEdge['kind'] }> = graph.edges.map((e) => ({ source: index.get(e.from)!, target: index.get(e.to)!, kind: e.kind }));
  const sim = forceSimulation<SimNode>(nodes)
    .randomSource(seededRandom(seed))
    // Cooled over `ticks` rather than d3's default 300.
    .alphaDecay(1 - Math.pow(0.001, 1 / ticks))
    .force(
      'link',
      forceLink<SimNode, (typeof links)[number]>(links)
        .id((d) => d.index)
        .distance((l) => (l.kind === 'org' ? 40 : 70)),
    )
    .force(
      'charge',
      forceManyBody<SimNode>()
        .strength((d) => (d.kind === 'subnet' ? -300 : d.kind === 'org' ? -80 : -25))
        .distanceMax(400),
    )
    // A gentle pull to the middle keeps agents in no subnet from drifting away.
    .force('x', forceX<SimNode>(0).strength(0.04))
    .force('y', forceY<SimNode>(0).strength(0.04))
    .stop();
  let done = 0;
  const tick = () => {
    if (done === ticks - COLLIDE_TICKS) sim.force('collide', forceCollide<SimNode>((d) => nodeRadius[d.kind] + 2));
    sim.tick();
    done++;
  };
  return { tick, nodes };
}

/** Positions scaled and centred into [margin, size − margin] on both axes. */
function fitted(graph: Graph, nodes: readonly SimNode[], size: number): Graph {
  const margin = 30;
  const xs = nodes.map((n) => n.x ?? 0);
  const ys = nodes.map((n) => n.y ?? 0);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const span = Math.max(x1 - x0, y1 - y0, 1);
  const scale = Math.min(1.5, (size - 2 * margin) / span);
  const ox = size / 2 - ((x0 + x1) / 2) * scale;
  const oy = size / 2 - ((y0 + y1) / 2) * scale;
  return { edges: graph.edges, nodes: graph.nodes.map((n, i) => ({ ...n, x: ox + (nodes[i]!.x ?? 0) * scale, y: oy + (nodes[i]!.y ?? 0) * scale })) };
}

export type LayoutOptions = { size?: number; ticks?: number; seed?: number };

/** The whole layout at once (tests, small graphs): the same input and seed give the same positions. */
export function layoutTopology(input: GraphInput, opts: LayoutOptions = {}): Graph {
  const graph = buildTopology(input);
  if (graph.nodes.length === 0) return graph;
  const ticks = opts.ticks ?? LAYOUT_TICKS;
  const { tick, nodes } = simulation(graph, opts.seed ?? 1, ticks);
  for (let i = 0; i < ticks; i++) tick();
  return fitted(graph, nodes, opts.size ?? LAYOUT_SIZE);
}

/** Back to the browser for a moment: a message on a channel, which (unlike a nested setTimeout) is not held back 4 ms. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    if (typeof MessageChannel === 'undefined') return void setTimeout(resolve, 0);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/**
 * The same layout as `layoutTopology`, ticked in slices of about `budgetMs` with a yield to the
 * browser between them, so 500 agents never hold the page for the whole layout. `onProgress` gets
 * the share of ticks done (0..1). Rejects with an AbortError when `signal` aborts.
 */
export async function layoutInSlices(input: GraphInput, opts: LayoutOptions & { budgetMs?: number; signal?: AbortSignal; onProgress?: (done: number) => void } = {}): Promise<Graph> {
  const graph = buildTopology(input);
  if (graph.nodes.length === 0) return graph;
  const total = opts.ticks ?? LAYOUT_TICKS;
  const { tick, nodes } = simulation(graph, opts.seed ?? 1, total);
  const budget = opts.budgetMs ?? 12;
  let done = 0;
  while (done < total) {
    const start = performance.now();
    do {
      tick();
      done++;
    } while (done < total && performance.now() - start < budget);
    opts.onProgress?.(done / total);
    if (done < total) await nextTask();
    opts.signal?.throwIfAborted();
  }
  return fitted(graph, nodes, opts.size ?? LAYOUT_SIZE);
}

/** A node's page: subnet, organization or agent. */
export function hrefOf(n: Pick<GraphNode, 'id' | 'kind'>): string {
  const id = encodeURIComponent(n.id.slice(n.id.indexOf(':') + 1));
  return n.kind === 'subnet' ? `/agents/subnets/${id}` : n.kind === 'org' ? `/agents/orgs/${id}` : `/agents/${id}`;
}
