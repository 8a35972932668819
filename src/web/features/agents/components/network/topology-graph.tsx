import { useQueries, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { select } from 'd3-selection';
import { zoom as d3Zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from 'd3-zoom';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { agentnetOps } from '../../../../../contracts/agentnet';
import { Button } from '../../../../components/ui/button';
import { ListLoading } from '../../../../components/ui/list-states';
import { callOperation } from '../../../../lib/operation';
import { netQueries } from '../../api/network';
import { agentQueries } from '../../api/queries';
import { agentKeys } from '../../api/query-keys';
import type { ActAs } from '../../api/service';
import { hrefOf, LAYOUT_SIZE as SIZE, layoutInSlices, nodeRadius, type Graph, type GraphInput, type GraphNode } from '../../topology-layout';
import { countOf } from '../../../../lib/plural';

/** Member ids per subnet once every list is in (null while any loads). */
const memberLists = (results: ReadonlyArray<{ data?: ReadonlyArray<{ agentId: string }>; isPending: boolean }>) =>
  results.some((r) => r.isPending) ? null : results.map((r) => (r.data ?? []).map((m) => m.agentId));
const fill = (n: GraphNode) => (n.kind === 'subnet' ? 'fill-accent' : n.kind === 'org' ? 'fill-warning' : n.online ? 'fill-success' : 'fill-muted');
const MIN_ZOOM = 0.25;
const MAX_ZOOM = 8;
/** Agents' names show from this zoom on (500 labels at 100 % are unreadable). */
const AGENT_LABELS_AT = 2;

const counted = (n: number, noun: string) => countOf(n, noun);

/** Agents (up to 500), subnets and orgs as one zoomable SVG laid out by d3-force; every node is a link to its page. */
export default function TopologyGraph({ actAs }: { actAs: ActAs }) {
  const agents = useQuery({
    queryKey: [...agentKeys.agents(), 'topology', actAs],
    queryFn: ({ signal }) => callOperation(agentnetOps['agents.list'], { query: { status: 'all', limit: 500 }, actAs, signal }).then((r) => r.agents),
  });
  const subnets = useQuery(agentQueries.subnetList('all', actAs));
  const orgs = useQuery(netQueries.orgs(actAs));
  const members = useQueries({ queries: (subnets.data ?? []).map((s) => agentQueries.members(s.id, actAs)), combine: memberLists });
  const input = useMemo<GraphInput | null>(() => {
    if (!agents.data || !subnets.data || !orgs.data || !members) return null;
    return {
      subnets: subnets.data.map((s, i) => ({ id: s.id, name: s.name, owner: s.owner, members: members[i] ?? [] })),
      orgs: orgs.data.map((o) => ({ id: o.id, name: o.name, subnetId: o.subnetId })),
      agents: agents.data.map((a) => ({ id: a.id, name: a.name, online: a.online })),
    };
  }, [agents.data, subnets.data, orgs.data, members]);

  // The force layout runs in slices off the render, so the page stays responsive with 500 agents.
  const [laid, setLaid] = useState<{ input: GraphInput; graph: Graph } | null>(null);
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (!input) return;
    const abort = new AbortController();
    // Marks for the browser bench (scripts/bench-agents-browser.ts): data in, layout done.
    performance.mark('topology:data');
    layoutInSlices(input, { signal: abort.signal, onProgress: setProgress }).then(
      (graph) => {
        performance.mark('topology:laid');
        setLaid({ input, graph });
      },
      () => undefined, // aborted: a newer input is being laid out
    );
    return () => abort.abort();
  }, [input]);

  if (!input) return <ListLoading label="Loading the network" />;
  if (!laid) return <ListLoading label={`Laying out the network (${Math.round(progress * 100)} %)`} />;
  return <GraphView graph={laid.graph} />;
}

function GraphView({ graph }: { graph: Graph }) {
  const svgRef = useRef<SVGSVGElement>(null);
  const zoomRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const [transform, setTransform] = useState<ZoomTransform>(zoomIdentity);
  const transformRef = useRef<ZoomTransform>(zoomIdentity);
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const behaviour = d3Zoom<SVGSVGElement, unknown>()
      .scaleExtent([MIN_ZOOM, MAX_ZOOM])
      .on('zoom', (e: { transform: ZoomTransform }) => {
        transformRef.current = e.transform;
        setTransform(e.transform);
      });
    zoomRef.current = behaviour;
    select(svg).call(behaviour);
    return () => {
      select(svg).on('.zoom', null);
      zoomRef.current = null;
    };
  }, []);
  const act = (f: (z: ZoomBehavior<SVGSVGElement, unknown>, svg: SVGSVGElement) => void) => {
    if (zoomRef.current && svgRef.current) f(zoomRef.current, svgRef.current);
  };
  // A node reached by Tab outside the visible part is brought to the middle.
  const reveal = useCallback((n: GraphNode) => {
    const [x, y] = transformRef.current.apply([n.x, n.y]);
    if ((x < 0 || y < 0 || x > SIZE || y > SIZE) && zoomRef.current && svgRef.current) zoomRef.current.translateTo(select(svgRef.current), n.x, n.y);
  }, []);
  const counts = useMemo(
    () => ({ agents: graph.nodes.filter((n) => n.kind === 'agent').length, subnets: graph.nodes.filter((n) => n.kind === 'subnet').length, orgs: graph.nodes.filter((n) => n.kind === 'org').length }),
    [graph],
  );
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => act((z, svg) => z.scaleBy(select(svg), 1.5))} aria-label="Zoom in">
          +
        </Button>
        <Button size="sm" onClick={() => act((z, svg) => z.scaleBy(select(svg), 1 / 1.5))} aria-label="Zoom out">
          −
        </Button>
        <Button size="sm" onClick={() => act((z, svg) => z.transform(select(svg), zoomIdentity))}>
          Reset
        </Button>
        <span role="status" className="text-xs text-muted">
          {counted(counts.agents, 'agent')} · {counted(counts.subnets, 'subnet')} · {counted(counts.orgs, 'org')} · {Math.round(transform.k * 100)}%
        </span>
      </div>
      <svg
        ref={svgRef}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        className="aspect-square w-full max-w-[min(100%,56rem)] touch-none rounded border border-border bg-surface"
        role="group"
        aria-label={`Network topology: ${counted(counts.agents, 'agent')}, ${counted(counts.subnets, 'subnet')}, ${counted(counts.orgs, 'org')}. Each node links to its page.`}
        data-layout="done"
      >
        <g transform={transform.toString()}>
          <GraphBody graph={graph} agentLabels={transform.k >= AGENT_LABELS_AT} onFocusNode={reveal} />
        </g>
      </svg>
      <p className="text-xs text-muted">
        Blue: subnets · amber: organizations · green: online agents · grey: offline agents. Solid lines: membership; thick blue lines: ownership; dashed: an organization&apos;s
        subnet. Drag to pan; scroll, pinch or use + and − to zoom; Tab moves through the nodes.
      </p>
    </div>
  );
}

/** Edges and nodes: drawn again only when the graph or the label level changes, not on every pan. */
const GraphBody = memo(function GraphBody({ graph, agentLabels, onFocusNode }: { graph: Graph; agentLabels: boolean; onFocusNode: (n: GraphNode) => void }) {
  const navigate = useNavigate();
  const byId = useMemo(() => new Map(graph.nodes.map((n) => [n.id, n])), [graph]);
  return (
    <>
      <g aria-hidden="true">
        {graph.edges.map((e) => {
          const a = byId.get(e.from)!;
          const b = byId.get(e.to)!;
          return (
            <line
              key={`${e.from}-${e.to}-${e.kind}`}
              x1={a.x}
              y1={a.y}
              x2={b.x}
              y2={b.y}
              className={e.kind === 'owner' ? 'stroke-accent' : 'stroke-border'}
              strokeWidth={e.kind === 'owner' ? 2.5 : 1}
              strokeDasharray={e.kind === 'org' ? '4 3' : undefined}
              vectorEffect="non-scaling-stroke"
            />
          );
        })}
      </g>
      {graph.nodes.map((n) => (
        <a
          key={n.id}
          href={hrefOf(n)}
          aria-label={n.description}
          data-kind={n.kind}
          onClick={(e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            void navigate({ to: hrefOf(n) });
          }}
          onFocus={() => onFocusNode(n)}
          className="focus-visible:outline-2 focus-visible:outline-ring"
        >
          <title>{`${n.label} (${n.kind})`}</title>
          <circle cx={n.x} cy={n.y} r={nodeRadius[n.kind]} className={fill(n)} />
          {n.kind !== 'agent' || agentLabels ? (
            <text x={n.x} y={n.y - nodeRadius[n.kind] - 3} textAnchor="middle" className="pointer-events-none fill-fg" fontSize={n.kind === 'agent' ? 8 : 13}>
              {n.label.length > 24 ? `${n.label.slice(0, 23)}…` : n.label}
            </text>
          ) : null}
        </a>
      ))}
    </>
  );
});
