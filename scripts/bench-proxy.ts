/**
 * The BFF's proxy against a direct sandbox call on the same route (and against nginx `proxy_pass`
 * in front of the sandbox, when nginx is installed): p50/p99 latency and throughput at 1 and 20
 * concurrent clients over keep-alive connections.
 */
import { getRequestListener } from '@hono/node-server';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/server/app';
import { withConsole } from './console';

type Target = { name: string; url: string; headers: Record<string, string> };
export type ProxyRow = { target: string; clients: number; p50: number; p99: number; rps: number; errors: number };

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;

function get(agent: Agent, url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Each target in turn, `clients` loops sending one request after another, for `rounds` short
 * windows that add up to `ms` per target (after a warm-up): a change in the machine's load during
 * the run falls on every target alike instead of on whichever ran last.
 */
async function loadInterleaved(targets: readonly Target[], clients: number, ms: number, rounds = 8): Promise<ProxyRow[]> {
  const runs = targets.map((target) => ({ target, agent: new Agent({ keepAlive: true, maxSockets: clients }), times: [] as number[], errors: 0, seconds: 0 }));
  for (const run of runs) {
    const warmEnd = Date.now() + 500;
    await Promise.all(Array.from({ length: clients }, async () => {
      while (Date.now() < warmEnd) await get(run.agent, run.target.url, run.target.headers);
    }));
  }
  for (let round = 0; round < rounds; round++) {
    for (const run of runs) {
      const end = Date.now() + ms / rounds;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (Date.now() < end) {
            const t = performance.now();
            const status = await get(run.agent, run.target.url, run.target.headers).catch(() => 0);
            run.times.push(performance.now() - t);
            if (status !== 200) run.errors++;
          }
        }),
      );
      run.seconds += (performance.now() - started) / 1000;
    }
  }
  for (const run of runs) run.agent.destroy();
  return runs.map((r) => ({ target: r.target.name, clients, p50: pct(r.times, 50), p99: pct(r.times, 99), rps: r.times.length / r.seconds, errors: r.errors }));
}

/** nginx in front of the console's /sandbox, when it is installed; null otherwise. */
async function startNginx(upstream: string): Promise<{ url: string; stop: () => void } | null> {
  if (spawnSync('sh', ['-c', 'command -v nginx']).status !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'triptych-nginx-'));
  const port = 30_000 + Math.floor(Math.random() * 1000);
  const conf = `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 256; }
http { access_log off; client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  upstream console { server ${new URL(upstream).host}; keepalive 32; }
  server { listen 127.0.0.1:${port}; location / { proxy_pass http://console; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host ${new URL(upstream).host}; } } }`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const proc: ChildProcess = spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (await fetch(`${url}/api/connections`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () => {
      proc.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const ROUTE = '/api/v1/x/tweets/search?q=cats&limit=20';

export async function measureProxy(seconds = 4): Promise<ProxyRow[]> {
  // The sandbox's rate limits shrink with its speed: at 1000 they do not get in the way of a load test.
  return withConsole({ SANDBOX_SPEED: '1000' }, async (url) => {
    const key = { 'x-api-key': 'xq_bench_direct_key' };
    await fetch(`${url}/sandbox/social${ROUTE}`, { headers: key }); // builds the corpus
    const targets: Target[] = [
      { name: 'direct sandbox', url: `${url}/sandbox/social${ROUTE}`, headers: key },
      { name: 'BFF proxy', url: `${url}/api/social${ROUTE}`, headers: {} },
    ];
    const nginx = await startNginx(url);
    if (nginx) targets.push({ name: 'nginx proxy_pass', url: `${nginx.url}/sandbox/social${ROUTE}`, headers: key });
    const rows: ProxyRow[] = [];
    try {
      for (const clients of [1, 20]) rows.push(...(await loadInterleaved(targets, clients, seconds * 1000)));
    } finally {
      nginx?.stop();
    }
    return rows;
  });
}

export function printProxy(rows: ProxyRow[]) {
  console.log(`route: GET ${ROUTE} (20 posts with media, signed by the BFF)`);
  for (const r of rows) {
    const direct = rows.find((d) => d.clients === r.clients && d.target === 'direct sandbox');
    const ratio = direct ? ` (${(r.p50 / direct.p50).toFixed(2)}× p50, ${(direct.rps / r.rps).toFixed(2)}× less throughput than direct)` : '';
    console.log(
      `  ${String(r.clients).padStart(2)} client(s)  ${r.target.padEnd(17)} p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ${r.rps.toFixed(0)} req/s${r.errors ? `  ${r.errors} errors` : ''}${r.target === 'direct sandbox' ? '' : ratio}`,
    );
  }
}

export type InProcessCost = { directUs: number; bffUs: number };

/**
 * CPU time per request of the same route called in-process (no port, no client in the process's
 * time), direct against through the BFF: the least of 6 rounds of 1,000 each, so that other work on
 * a shared machine weighs less than in the latency figures.
 */
export async function measureProxyInProcess(rounds = 6, perRound = 1000): Promise<InProcessCost> {
  // The server's own Request and Response classes, as in the running console.
  getRequestListener(() => new Response(null));
  const dataDir = mkdtempSync(join(tmpdir(), 'triptych-proxy-'));
  const made = await createApp({ dataDir, sandboxSpeed: 1000, sandboxControl: false, port: 3000 });
  const call = (path: string, headers: Record<string, string>) => async () => {
    const res = await made.app.fetch(new Request(`http://127.0.0.1:3000${path}`, { headers }));
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  };
  const direct = call(`/sandbox/social${ROUTE}`, { 'x-api-key': 'xq_bench_direct_key' });
  const bff = call(`/api/social${ROUTE}`, {});
  const cpu = async (f: () => Promise<void>, n: number) => {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) await f();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / n;
  };
  try {
    await cpu(direct, 300);
    await cpu(bff, 300);
    let directUs = Infinity;
    let bffUs = Infinity;
    for (let r = 0; r < rounds; r++) {
      directUs = Math.min(directUs, await cpu(direct, perRound));
      bffUs = Math.min(bffUs, await cpu(bff, perRound));
    }
    return { directUs, bffUs };
  } finally {
    await made.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printProxyInProcess(r: InProcessCost) {
  console.log(`  in-process CPU per request: direct ${r.directUs.toFixed(0)} µs, BFF ${r.bffUs.toFixed(0)} µs (${(r.bffUs / r.directUs).toFixed(2)}×, the proxy's own ${(r.bffUs - r.directUs).toFixed(0)} µs)`);
}
