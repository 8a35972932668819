import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Role } from '@a2a-js/sdk';
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore, type AgentExecutor } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import { vi } from 'vitest';

/**
 * A2A servers for tests, on 127.0.0.1 at a port the test picks (0: the system's choice) and
 * stopped by the test: a compliant one made with `@a2a-js/sdk` (v1.0 and, with legacy mode and a
 * 0.3 interface in its card, the document's v0.3 `message/send`), and one that breaks the
 * receiving-side contract in a chosen way.
 */
export type TestServer = { url: string; origin: string; received: Array<{ headers: Record<string, string | string[] | undefined>; body: unknown }>; close: () => Promise<void> };

const listen = (server: Server, port: number) =>
  new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const closer = (server: Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** A compliant agent server: card at /.well-known/agent-card.json, JSON-RPC at /a2a/jsonrpc. */
export async function startSdkAgent(opts: { port?: number; reply?: 'message' | 'task'; v03?: boolean } = {}): Promise<TestServer> {
  const app = express();
  const server = createServer(app);
  const port = await listen(server, opts.port ?? 0);
  const url = `http://127.0.0.1:${port}/a2a/jsonrpc`;
  const interfaces = [{ url, protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' }, ...(opts.v03 === false ? [] : [{ url, protocolBinding: 'JSONRPC', protocolVersion: '0.3', tenant: '' }])];
  const card = {
    name: 'Test Echo Agent',
    description: 'Answers every message',
    version: '1.0.0',
    supportedInterfaces: interfaces,
    capabilities: { streaming: false, pushNotifications: false, extensions: [], extendedAgentCard: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [],
    securitySchemes: {},
    securityRequirements: [],
    signatures: [],
  };
  const received: TestServer['received'] = [];
  const executor: AgentExecutor = {
    async execute(ctx, bus) {
      const text = ctx.userMessage.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join(' ');
      if (opts.reply === 'task') bus.publish(AgentEvent.task({ id: ctx.taskId, contextId: ctx.contextId, status: { state: 3, message: undefined, timestamp: undefined }, artifacts: [], history: [], metadata: undefined } as never));
      else bus.publish(AgentEvent.message({ messageId: `reply-${Date.now()}`, role: Role.ROLE_AGENT, parts: [{ content: { $case: 'text', value: `echo: ${text}` } }], contextId: ctx.contextId, taskId: '', extensions: [], referenceTaskIds: [], metadata: undefined } as never));
      bus.finished();
    },
    async cancelTask() {},
  };
  const handler = new DefaultRequestHandler(card as never, new InMemoryTaskStore(), executor);
  app.use((req, _res, next) => {
    if (req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        try {
          received.push({ headers: req.headers, body: JSON.parse(raw) });
        } catch {
          received.push({ headers: req.headers, body: raw });
        }
      });
    }
    next();
  });
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: async () => card as never }));
  app.use('/a2a/jsonrpc', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication, legacyCompat: { enabled: opts.v03 !== false } }));
  return { url, origin: `http://127.0.0.1:${port}`, received, close: closer(server) };
}

export const breakages = ['empty-200', 'empty-result', 'wrapped', 'no-kind', 'wrong-id', 'html', 'bad-message'] as const;
export type Breakage = (typeof breakages)[number];

/** A server that answers JSON-RPC but breaks the receiving-side contract in one way. */
export async function startBrokenAgent(how: Breakage, port = 0): Promise<TestServer> {
  const received: TestServer['received'] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST') return res.writeHead(200).end();
      const body = JSON.parse(raw || '{}') as { id?: unknown; method?: string };
      received.push({ headers: req.headers, body });
      const json = (x: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(x));
      const message = { kind: 'message', messageId: 'm-1', role: 'agent', parts: [{ kind: 'text', text: 'ok' }] };
      if (how === 'html') return res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
      if (body.method === '__acn_handshake_probe__') return json({ jsonrpc: '2.0', id: body.id, error: { code: -32601, message: 'Method not found' } });
      switch (how) {
        case 'empty-200':
          return res.writeHead(200).end();
        case 'empty-result':
          return json({ jsonrpc: '2.0', id: body.id, result: {} });
        case 'wrapped':
          return json({ jsonrpc: '2.0', id: body.id, result: { message: { ...message, kind: undefined } } });
        case 'no-kind':
          return json({ jsonrpc: '2.0', id: body.id, result: { ...message, kind: undefined } });
        case 'wrong-id':
          return json({ jsonrpc: '2.0', id: 'someone-else', result: message });
        case 'bad-message':
          return json({ jsonrpc: '2.0', id: body.id, result: { kind: 'message', role: 'agent', parts: 'ok' } });
        default:
          return json({ jsonrpc: '2.0', id: body.id, result: message });
      }
    });
  });
  const p = await listen(server, port);
  return { url: `http://127.0.0.1:${p}/a2a`, origin: `http://127.0.0.1:${p}`, received, close: closer(server) };
}

/** A plain HTTP receiver that records every POST (a harness URL), answering `status` (a list: one per request, the last repeats). */
export async function startReceiver(statuses: number[] = [200]): Promise<TestServer & { waitFor: (n: number, ms?: number) => Promise<void> }> {
  const received: Array<{ headers: Record<string, string | string[] | undefined>; body: unknown; raw?: string }> = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw || 'null'), raw });
      res.writeHead(statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200).end();
    });
  });
  const port = await listen(server, 0);
  const waitFor = (n: number, ms = 5000) =>
    vi.waitFor(
      () => {
        if (received.length < n) throw new Error(`expected ${n} deliveries, got ${received.length}`);
      },
      { timeout: ms, interval: 20 },
    );
  return { url: `http://127.0.0.1:${port}/hook`, origin: `http://127.0.0.1:${port}`, received, close: closer(server), waitFor };
}
