import { Hono } from 'hono';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SandboxClock } from '../shared/clock';
import { openSandboxDb, type Db } from '../shared/db';
import { FaultBox } from '../shared/faults';
import { AGENTNET_ROOT, agentnetMigrations, createAgentnetSandbox, type AgentnetSandbox } from '.';
import type { Deliver } from '../../node-lib/deliver';

/** Test helpers: a sandbox on a temp database, mounted where the lead mounts it. */

export const base = `http://127.0.0.1${AGENTNET_ROOT}`;
const migrations = { agentnet: agentnetMigrations };

export type Answer<T = Record<string, unknown>> = { status: number; body: T; text: string; headers: Headers };
type CallInit = { json?: unknown; key?: string | null; headers?: Record<string, string>; body?: string; form?: Record<string, string> };

let addressCounter = 0;
/** A fresh X-Forwarded-For address, so joins in one test do not share a rate limit. */
export const freshAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

export class Kit {
  db!: Db;
  clock!: SandboxClock;
  faults!: FaultBox;
  app!: Hono;
  sandbox!: AgentnetSandbox;

  constructor(
    readonly dir = mkdtempSync(join(tmpdir(), 'agentnet-')),
    readonly opts: { speed?: number; deliver?: Deliver } = {},
  ) {
    this.open();
  }

  private open() {
    this.db = openSandboxDb(this.dir, migrations);
    this.clock = new SandboxClock(this.db);
    this.faults = new FaultBox();
    this.sandbox = createAgentnetSandbox({ db: this.db, clock: this.clock, faults: this.faults, speed: this.opts.speed ?? 1000, deliver: this.opts.deliver });
    this.app = new Hono().route(AGENTNET_ROOT, this.sandbox.app);
  }

  /** Closes the database and opens it again, as a server restart does. */
  async restart() {
    await this.sandbox.close();
    this.db.close();
    this.open();
  }

  async dispose() {
    await this.sandbox.close();
    this.db.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  async call<T = Record<string, unknown>>(method: string, path: string, init: CallInit = {}): Promise<Answer<T>> {
    const headers = new Headers(init.headers);
    if (init.key) headers.set('authorization', `Bearer ${init.key}`);
    let body: string | undefined = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    if (init.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(init.form).toString();
    }
    const res = await this.app.request(`${base}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, text, headers: res.headers };
  }

  /** Joins an agent from a fresh address; throws unless it worked. */
  async join(name: string, extra: Record<string, unknown> = {}) {
    const res = await this.call('POST', '/api/v1/agents/join', { json: { name, ...extra }, headers: { 'x-forwarded-for': freshAddress() } });
    if (res.status !== 200) throw new Error(`join ${name}: ${res.status} ${res.text}`);
    return { id: res.body.agent_id as string, key: res.body.api_key as string, answer: res.body };
  }

  /** Creates a subnet as an agent; throws unless it worked. */
  async subnet(key: string, body: Record<string, unknown>) {
    const res = await this.call('POST', '/api/v1/subnets', { key, json: body });
    if (res.status !== 201) throw new Error(`subnet: ${res.status} ${res.text}`);
    return res.body.subnet_id as string;
  }

  minutes(n: number) {
    this.clock.advance(n * 60_000);
  }
}
