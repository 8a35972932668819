import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { gen3dOps } from '../../contracts/gen3d/routes';
import { createSandbox, type Sandbox, type SandboxOptions } from '..';
import { readModel, writeGlb } from './engine/mesh/io';
import type { Soup } from './engine/mesh/soup';

/** Test helpers for the 3D sandbox: a fresh sandbox on a temp folder, calls with a key, waiting for tasks. */
export const KEY = 'msy_ops_test_account';
export const base = 'http://127.0.0.1/sandbox/gen3d';
export type Rec = Record<string, unknown> & {
  id: string;
  status: string;
  progress: number;
  consumed_credits: number;
  model_urls?: Record<string, string>;
  texture_urls?: unknown;
  image_urls?: string[];
  image_url?: string;
  thumbnail_url?: string;
  face_count?: number;
  vertex_count?: number;
  result?: Record<string, unknown> | null;
  printability?: { status: string; metrics: Record<string, number | boolean>; issue_count: number } | null;
  task_error: { message: string } | null;
};
type Init = RequestInit & { json?: unknown; key?: string | null };

export class SandboxKit {
  readonly dir = mkdtempSync(join(tmpdir(), 'gen3d-ops-'));
  sb: Sandbox;
  constructor(
    readonly speed = 40,
    jobLimits: SandboxOptions['jobLimits'] = {},
  ) {
    this.sb = createSandbox({ dataDir: this.dir, speed, control: true, jobLimits });
  }

  async call(path: string, init: Init = {}): Promise<Response> {
    const { json, key = KEY, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (key) headers.set('authorization', `Bearer ${key}`);
    if (json !== undefined) headers.set('content-type', 'application/json');
    const url = path.startsWith('http') ? path : `${base}${path}`;
    for (let i = 0; ; i++) {
      const res = await this.sb.app.request(url, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
      // Tests poll fast: wait out the per-account rate limit instead of failing on it.
      if (res.status !== 429 || i > 40 || (await res.clone().text()).includes('NoMoreConcurrentTasks')) return res;
      await new Promise((r) => setTimeout(r, 60));
    }
  }

  async json<T = Record<string, unknown>>(path: string, init: Init = {}) {
    const res = await this.call(path, init);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
  }

  /** POST a create; returns the status and the task id (or the refusal's message). */
  async create(path: string, body: unknown, key = KEY) {
    const r = await this.json<{ result?: string; message?: string }>(path, { method: 'POST', json: body, key });
    return { status: r.status, id: r.body?.result ?? '', message: r.body?.message ?? '' };
  }

  async get(path: string, id: string): Promise<Rec> {
    return (await this.json<Rec>(`${path}/${id}`)).body;
  }

  /** Creates and waits for a terminal status. */
  async run(path: string, body: unknown, timeoutMs = 60_000): Promise<Rec> {
    const created = await this.create(path, body);
    if (created.status !== 202) throw new Error(`${path}: ${created.status} ${created.message}`);
    return this.until(path, created.id, timeoutMs);
  }

  async until(path: string, id: string, timeoutMs = 60_000): Promise<Rec> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const r = await this.get(path, id);
      if (['SUCCEEDED', 'FAILED', 'CANCELED'].includes(r.status)) return r;
      if (Date.now() > end) throw new Error(`${path}/${id} still ${r.status} ${r.progress}`);
      await new Promise((res) => setTimeout(res, 80));
    }
  }

  async bytes(url: string): Promise<Uint8Array> {
    const res = await this.sb.app.request(url);
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  }

  async model(url: string): Promise<Soup> {
    return readModel(await this.bytes(url));
  }

  control(path: string, body: unknown) {
    return this.sb.app.request(`http://127.0.0.1/sandbox/__control${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  }

  async balance(key = KEY): Promise<number> {
    return (await this.json<{ balance: number }>(gen3dOps.balance.path, { key })).body.balance;
  }

  async close() {
    await this.sb.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export const dataUri = (bytes: Uint8Array, mime: string) => `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

/** A PNG picture: `draw(x, y)` gives the colour of each pixel (RGB 0..255), null for the white ground. */
export function picture(size: number, draw: (x: number, y: number) => [number, number, number] | null): Uint8Array {
  const png = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const c = draw(x / size, y / size) ?? [255, 255, 255];
      png.data.set([...c, 255], (y * size + x) * 4);
    }
  return new Uint8Array(PNG.sync.write(png));
}

/** A red disc and a blue standing figure (two legs): two pictures that must give different models. */
export const redDisc = () => picture(128, (x, y) => (Math.hypot(x - 0.5, y - 0.5) < 0.35 ? [220, 30, 30] : null));
export const blueFigure = () =>
  picture(128, (x, y) => {
    const head = Math.hypot(x - 0.5, y - 0.15) < 0.08;
    const body = Math.abs(x - 0.5) < 0.12 && y > 0.22 && y < 0.55;
    const arms = Math.abs(x - 0.5) < 0.3 && y > 0.25 && y < 0.32;
    const legs = y >= 0.55 && y < 0.95 && Math.abs(x - 0.5) > 0.03 && Math.abs(x - 0.5) < 0.11;
    return head || body || arms || legs ? [30, 60, 200] : null;
  });

/** A GLB of a soup, as a data URI (model_url). */
export const glbUri = async (soup: Soup) => dataUri(await writeGlb(soup), 'model/gltf-binary');
