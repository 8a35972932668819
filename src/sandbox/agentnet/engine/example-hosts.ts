import { DeliveryError } from '../../../node-lib/deliver';

/**
 * Hosts under the reserved example and invalid domains (RFC 2606: `example`, `example.com`,
 * `.net`, `.org`, `.invalid`) never exist on a network, and the seeded agents live there. They
 * are answered here, in-process, and never contacted. What a host does follows its URL, so the
 * seed and the tests can pick a behaviour:
 *
 * - host `*.invalid`, `invalid` or `unreachable[.…]`           → no connection (also answered here)
 * - host starting with `slow`                                  → no answer in time
 * - any other host answers HEAD and GET `/.well-known/agent-card.json` (a v0.3 card);
 *   POSTs by path:
 *   - `/a2a`, `/a2a/message`  a compliant A2A JSON-RPC server answering with a message
 *   - `/a2a/task`             a compliant one answering with a task
 *   - `/a2a-empty`            an empty 200
 *   - `/a2a-null`             an empty result (`"result": null`)
 *   - `/a2a-wrapped`          the result wrapped as `{"task": {...}}`
 *   - `/a2a-nokind`           a result without `kind`
 *   - anything else           an HTML 404 (a web server, not A2A)
 */
export function isExampleHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return /(^|\.)example(\.(com|net|org))?$/.test(h) || h === 'invalid' || h.endsWith('.invalid') || h === 'unreachable' || h.startsWith('unreachable.');
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const html404 = () => new Response('<!doctype html><title>404 Not Found</title><h1>Not Found</h1>', { status: 404, headers: { 'content-type': 'text/html' } });

function card(url: URL) {
  const endpoint = `${url.origin}/a2a`;
  return {
    name: url.hostname.split('.')[0],
    description: 'An example agent answered by the sandbox.',
    url: endpoint,
    preferredTransport: 'JSONRPC',
    protocolVersion: '0.3.0',
    version: '1.0.0',
    capabilities: { streaming: false, pushNotifications: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'chat', name: 'Chat', description: 'Answers messages', tags: ['chat'] }],
    supportedInterfaces: [{ url: endpoint, protocolBinding: 'JSONRPC', protocolVersion: '0.3' }],
  };
}

async function rpc(req: Request, path: string): Promise<Response> {
  let body: { id?: unknown; method?: unknown; params?: { message?: { contextId?: string; messageId?: string } } } = {};
  try {
    body = (await req.json()) as typeof body;
  } catch {
    return json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
  }
  const id = body.id ?? null;
  const contextId = body.params?.message?.contextId ?? `ctx-${String(body.params?.message?.messageId ?? 'x')}`;
  if (body.method !== 'message/send' && body.method !== 'message/stream') return json({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${String(body.method)}` } });
  const message = { kind: 'message', messageId: `reply-${String(body.params?.message?.messageId ?? id)}`, role: 'agent', parts: [{ kind: 'text', text: 'Received, thank you.' }], contextId };
  const task = { kind: 'task', id: `task-${String(id)}`, contextId, status: { state: 'submitted' } };
  switch (path) {
    case '/a2a-empty':
      return new Response(null, { status: 200 });
    case '/a2a-null':
      return json({ jsonrpc: '2.0', id, result: null });
    case '/a2a-wrapped':
      return json({ jsonrpc: '2.0', id, result: { task: { ...task, kind: undefined } } });
    case '/a2a-nokind':
      return json({ jsonrpc: '2.0', id, result: { ...message, kind: undefined } });
    case '/a2a/task':
      return json({ jsonrpc: '2.0', id, result: task });
    default:
      return json({ jsonrpc: '2.0', id, result: message });
  }
}

/** Answers a request to an example host as that host would. */
export async function answerExample(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const host = url.hostname.toLowerCase();
  if (host === 'invalid' || host.endsWith('.invalid') || host.startsWith('unreachable')) throw new DeliveryError('connect', `could not connect to ${host} (ECONNREFUSED)`);
  if (host.startsWith('slow')) throw new DeliveryError('timeout', `${host} did not answer in time`);
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (req.method === 'HEAD') return new Response(null, { status: path === '/' || path.startsWith('/a2a') ? 200 : 404 });
  if (req.method === 'GET') return path === '/.well-known/agent-card.json' ? json(card(url)) : html404();
  if (req.method === 'POST' && (path === '/a2a' || path.startsWith('/a2a/') || path.startsWith('/a2a-'))) return rpc(req, path);
  return html404();
}
