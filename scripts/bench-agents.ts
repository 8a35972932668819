/**
 * Agents: the data of a task board with 1,000 tasks (API time through the BFF: the whole board,
 * one status column, one card moved), and a message from send to the recipient's inbox through
 * the BFF (p50/p99). In-process (`app.request`), against the real sandbox.
 */
import { makeKit } from '../src/server/testing/kit';

export type AgentsBench = {
  tasks: number;
  boardMs: { p50: number; p99: number; bytes: number };
  columnMs: { p50: number; p99: number };
  moveMs: { p50: number; p99: number };
  sendToInboxMs: { p50: number; p99: number };
  seedMs: number;
};

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;
const round = (n: number) => Math.round(n * 100) / 100;
const stats = (xs: number[]) => ({ p50: round(pct(xs, 50)), p99: round(pct(xs, 99)) });

export async function measureAgents(tasks = 1000, runs = 30): Promise<AgentsBench> {
  const kit = await makeKit();
  try {
    const call = async (as: string | null, method: string, path: string, json?: unknown) => {
      const res = await kit.req(`/api/agentnet/api/v1${path}`, { method, headers: as ? { 'x-act-as': as } : {}, ...(json !== undefined ? { json } : {}) });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
      return { body: JSON.parse(text) as Record<string, unknown>, bytes: text.length };
    };
    const join = async (name: string, extra: Record<string, unknown> = {}) => (await call(null, 'POST', '/agents/join', { name, ...extra })).body.agent_id as string;
    const creator = await join('Board Creator');
    const worker = await join('Board Worker');
    const reader = await join('Inbox Reader', { communication_policy: { mode: 'open' } });

    const seedStart = performance.now();
    for (let i = 0; i < tasks; i++) await call(creator, 'POST', '/tasks', { title: `Board task ${i}`, description: 'bench', tags: [`t${i % 7}`], metadata: { board_id: 'bench' } });
    const seedMs = performance.now() - seedStart;

    const board: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      bytes = (await call(null, 'GET', `/tasks?creator_id=${creator}&limit=1000`)).bytes;
      board.push(performance.now() - t);
    }
    const column: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await call(null, 'GET', `/tasks?creator_id=${creator}&status=open&limit=1000`);
      column.push(performance.now() - t);
    }
    // Moving a card: open → in progress is the worker accepting it.
    const ids = ((await call(null, 'GET', `/tasks?creator_id=${creator}&limit=${runs}`)).body.tasks as Array<{ task_id: string }>).map((t) => t.task_id);
    const move: number[] = [];
    for (const id of ids) {
      const t = performance.now();
      await call(worker, 'POST', `/tasks/${id}/accept`, {});
      move.push(performance.now() - t);
    }
    const send: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const routeId = (await call(creator, 'POST', '/communication/send', { target_agent: reader, message: `hello ${i}` })).body.route_id as string;
      const inbox = (await call(reader, 'GET', `/communication/history/${reader}?limit=5`)).body.messages as Array<{ route_id: string }>;
      if (!inbox.some((m) => m.route_id === routeId)) throw new Error('the message did not reach the inbox');
      send.push(performance.now() - t);
    }
    return { tasks, boardMs: { ...stats(board), bytes }, columnMs: stats(column), moveMs: stats(move), sendToInboxMs: stats(send), seedMs: Math.round(seedMs) };
  } finally {
    await kit.close();
  }
}

export function printAgents(r: AgentsBench) {
  console.log(`  ${r.tasks} tasks created through the BFF in ${r.seedMs} ms`);
  console.log(`  board (all ${r.tasks}, ${(r.boardMs.bytes / 1024).toFixed(0)} KB)   p50 ${r.boardMs.p50} ms  p99 ${r.boardMs.p99} ms`);
  console.log(`  one column (status=open)      p50 ${r.columnMs.p50} ms  p99 ${r.columnMs.p99} ms`);
  console.log(`  move a card (accept)          p50 ${r.moveMs.p50} ms  p99 ${r.moveMs.p99} ms`);
  console.log(`  send → recipient's inbox      p50 ${r.sendToInboxMs.p50} ms  p99 ${r.sendToInboxMs.p99} ms`);
}
