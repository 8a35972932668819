import { useQueries, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState, type WheelEvent } from 'react';
import { agentnetOps } from '../../../../../contracts/agentnet';
import { Button } from '../../../../components/ui/button';
import { ListLoading } from '../../../../components/ui/list-states';
import { callOperation } from '../../../../lib/operation';
import { netQueries } from '../../api/network';
import { agentQueries } from '../../api/queries';
import { agentKeys } from '../../api/query-keys';
import type { ActAs } from '../../api/service';
import { layoutTopology, zoomView, type GraphNode } from '../../network-view';

const SIZE = 1000;
/** Member ids per subnet once every list is in (null while any loads). */
const memberLists = (results: ReadonlyArray<{ data?: ReadonlyArray<{ agentId: string }>; isPending: boolean }>) =>
  results.some((r) => r.isPending) ? null : results.map((r) => (r.data ?? []).map((m) => m.agentId));
const radius = { subnet: 16, org: 11, agent: 6 } as const;
const fill = (n: GraphNode) => (n.kind === 'subnet' ? 'fill-accent' : n.kind === 'org' ? 'fill-warning' : n.online ? 'fill-success' : 'fill-muted');

/** Agents (up to 500), subnets and orgs as one zoomable SVG; every node is a link to its page. */
export default function TopologyGraph({ actAs }: { actAs: ActAs }) {
  const navigate = useNavigate();
  const agents = useQuery({
    queryKey: [...agentKeys.agents(), 'topology', actAs],
    queryFn: ({ signal }) => callOperation(agentnetOps['agents.list'], { query: { status: 'all', limit: 500 }, actAs, signal }).then((r) => r.agents),
  });
  const subnets = useQuery(agentQueries.subnetList('all', actAs));
  const orgs = useQuery(netQueries.orgs(actAs));
  const members = useQueries({ queries: (subnets.data ?? []).map((s) => agentQueries.members(s.id, actAs)), combine: memberLists });
  const graph = useMemo(() => {
    if (!agents.data || !subnets.data || !orgs.data || !members) return null;
    return layoutTopology({
      subnets: subnets.data.map((s, i) => ({ id: s.id, name: s.name, owner: s.owner, members: members[i] ?? [] })),
      orgs: orgs.data.map((o) => ({ id: o.id, name: o.name, subnetId: o.subnetId })),
      agents: agents.data.map((a) => ({ id: a.id, name: a.name, online: a.online })),
    });
  }, [agents.data, subnets.data, orgs.data, members]);
  const [view, setView] = useState({ x: 0, y: 0, w: SIZE });
  if (!graph) return <ListLoading label="Loading the network" />;
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const zoom = (f: number) => setView((v) => zoomView(v, f, v.x + v.w / 2, v.y + v.w / 2, SIZE));
  const onWheel = (e: WheelEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const cx = view.x + ((e.clientX - box.left) / box.width) * view.w;
    const cy = view.y + ((e.clientY - box.top) / box.height) * view.w;
    setView(zoomView(view, e.deltaY < 0 ? 1.2 : 1 / 1.2, cx, cy, SIZE));
  };
  const hrefOf = (n: GraphNode) => {
    const id = n.id.slice(n.id.indexOf(':') + 1);
    return n.kind === 'subnet' ? `/agents/subnets/${encodeURIComponent(id)}` : n.kind === 'org' ? `/agents/orgs/${encodeURIComponent(id)}` : `/agents/${encodeURIComponent(id)}`;
  };
  const counts = { agents: graph.nodes.filter((n) => n.kind === 'agent').length, subnets: graph.nodes.filter((n) => n.kind === 'subnet').length, orgs: graph.nodes.filter((n) => n.kind === 'org').length };
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => zoom(1.5)} aria-label="Zoom in">
          +
        </Button>
        <Button size="sm" onClick={() => zoom(1 / 1.5)} aria-label="Zoom out">
          −
        </Button>
        <Button size="sm" onClick={() => setView({ x: 0, y: 0, w: SIZE })}>
          Reset
        </Button>
        <span role="status" className="text-xs text-muted">
          {counts.agents} agents · {counts.subnets} subnets · {counts.orgs} orgs · {Math.round((SIZE / view.w) * 100)}%
        </span>
      </div>
      <svg
        viewBox={`${view.x} ${view.y} ${view.w} ${view.w}`}
        className="aspect-square w-full max-w-[min(100%,56rem)] rounded border border-border bg-surface"
        role="group"
        aria-label={`Network topology: ${counts.agents} agents, ${counts.subnets} subnets, ${counts.orgs} orgs. Each node links to its page.`}
        onWheel={onWheel}
      >
        <g aria-hidden="true">
          {graph.edges.map((e) => {
            const a = byId.get(e.from)!;
            const b = byId.get(e.to)!;
            return <line key={`${e.from}-${e.to}-${e.kind}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} className={e.kind === 'owner' ? 'stroke-accent' : 'stroke-border'} strokeWidth={e.kind === 'owner' ? 1.5 : 1} />;
          })}
        </g>
        {graph.nodes.map((n) => (
          <a
            key={n.id}
            href={hrefOf(n)}
            aria-label={`${n.kind} ${n.label}${n.kind === 'agent' ? (n.online ? ', online' : ', offline') : ''}`}
            onClick={(e) => {
              e.preventDefault();
              void navigate({ to: hrefOf(n) });
            }}
            className="focus-visible:outline-2 focus-visible:outline-ring"
          >
            <title>{`${n.label} (${n.kind})`}</title>
            <circle cx={n.x} cy={n.y} r={radius[n.kind]} className={fill(n)} />
            {n.kind !== 'agent' || view.w < SIZE / 2 ? (
              <text x={n.x} y={n.y - radius[n.kind] - 3} textAnchor="middle" className="fill-fg" fontSize={n.kind === 'agent' ? 8 : 13}>
                {n.label.length > 24 ? `${n.label.slice(0, 23)}…` : n.label}
              </text>
            ) : null}
          </a>
        ))}
      </svg>
      <p className="text-xs text-muted">Blue: subnets · amber: organizations · green: online agents · grey: offline agents. Lines: membership (owner lines in blue). Scroll or use + and − to zoom.</p>
    </div>
  );
}
