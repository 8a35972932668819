/**
 * The 3D viewer's figures (issue 11): gzip size of the viewer chunk and of the parts loaded apart
 * (validator, compare, 3MF reader), and the time to the first frame of a ~300,000-face GLB in the
 * console's viewer against a minimal three.js page loading the same file in the same Chromium.
 * Needs a build in dist/ (bench.ts's bundle step makes one).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunch } from '../e2e/fixtures/browser';
import { meshGlb } from '../e2e/fixtures/glb';
import { startConsole } from './console';
import { cpuBetween, medianCpu, processCpu, type ProcessCpu } from './process-cpu';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export type ViewerChunks = { viewerGzip: number; apart: { part: string; file: string; gzip: number }[] };

/** The files of the viewer chunk: its own, and three's core when the build splits it out (the viewer imports it statically). */
export function viewerFiles(assets = join('dist', 'assets')): string[] {
  const viewer = readdirSync(assets).filter((f) => /^viewer-.*\.js$/.test(f));
  const imported = viewer.flatMap((f) => [...readFileSync(join(assets, f), 'utf8').matchAll(/from"\.\/(three[\w.-]*\.js)"/g)].map((m) => m[1] as string));
  return [...new Set([...viewer, ...imported])];
}

/** The viewer chunk and the chunks it imports on demand, by what they hold. */
export function viewerChunks(assets = join('dist', 'assets')): ViewerChunks {
  const gz = (file: string) => gzipSync(readFileSync(join(assets, file)), { level: 6 }).length;
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const viewer = viewerFiles(assets);
  const apart: ViewerChunks['apart'] = [];
  for (const file of files) {
    if (viewer.includes(file)) continue;
    const text = readFileSync(join(assets, file), 'utf8');
    const part = text.includes('The two cameras are linked')
      ? 'compare view'
      : text.includes('Compare two models')
        ? 'compare page'
        : text.includes('validateBytes(')
          ? 'glTF validator'
          : /^format-loaders-/.test(file)
            ? '3MF, Draco and KTX2 loaders (3MF or compressed files only)'
            : /^(meshopt_decoder|ktx2-worker)-/.test(file)
              ? `${file.split('-')[0]} (compressed GLBs only)`
              : null;
    if (part) apart.push({ part, file, gzip: gz(file) });
  }
  const wasm = readdirSync(assets).filter((f) => /^(draco_decoder|basis_transcoder)-[\w-]+\.wasm$/.test(f));
  for (const file of wasm) apart.push({ part: `${file.split('-')[0]}.wasm (compressed GLBs only)`, file, gzip: gz(file) });
  return { viewerGzip: viewer.reduce((n, f) => n + gz(f), 0), apart };
}

/** A UV sphere of radius 0.5 m with `rows × cols × 2` triangles. */
export function sphereGlb(rows: number, cols: number): Buffer {
  const positions = new Float32Array((rows + 1) * (cols + 1) * 3);
  let p = 0;
  for (let r = 0; r <= rows; r++) {
    const theta = (r / rows) * Math.PI;
    for (let c = 0; c <= cols; c++) {
      const phi = (c / cols) * Math.PI * 2;
      positions[p++] = 0.5 * Math.sin(theta) * Math.cos(phi);
      positions[p++] = 0.5 * Math.cos(theta) + 0.5;
      positions[p++] = 0.5 * Math.sin(theta) * Math.sin(phi);
    }
  }
  const index = new Uint32Array(rows * cols * 6);
  let i = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const a = r * (cols + 1) + c;
      const b = a + cols + 1;
      index.set([a, b, a + 1, a + 1, b, b + 1], i);
      i += 6;
    }
  }
  return meshGlb(positions, index);
}

/** A three.js page with nothing else: fetch, parse, one render; the time of its first frame. */
const minimalPage = `<!doctype html><html><head><meta charset="utf-8"><title>minimal</title>
<script type="importmap">{"imports":{"three":"/three/build/three.module.js","three/addons/":"/three/examples/jsm/"}}</script>
<style>html,body{margin:0;height:100%}canvas{display:block;width:100%;height:100%}</style></head><body>
<script type="module">
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
const renderer = new THREE.WebGLRenderer({ antialias: true });
renderer.setSize(innerWidth, innerHeight);
document.body.append(renderer.domElement);
const scene = new THREE.Scene();
scene.add(new THREE.HemisphereLight(0xffffff, 0x444444, 2));
const camera = new THREE.PerspectiveCamera(40, innerWidth / innerHeight, 0.01, 100);
camera.position.set(1.5, 1.2, 2);
camera.lookAt(0, 0.5, 0);
const gltf = await new GLTFLoader().parseAsync(await (await fetch('/bench-model.glb')).arrayBuffer(), '/');
scene.add(gltf.scene);
renderer.render(scene, camera);
requestAnimationFrame(() => { window.firstFrameAt = performance.now(); });
</script></body></html>`;

const threeRoot = join('node_modules', 'three');

/**
 * The minimal page, three.js's files and the GLB, served over HTTP on 127.0.0.1 by a server of the
 * bench's own, as the console serves its pages and files: both pages load everything by real
 * requests. (Answered by Playwright's routing instead, a request's body crosses the DevTools
 * protocol, which costs requests of a worker more than those of the page.)
 */
export async function startMinimalServer(glb: Buffer): Promise<{ url: string; stop: () => Promise<void> }> {
  const files = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://bench').pathname;
    const send = (type: string, body: Buffer | string) => {
      res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    if (path === '/') return send('text/html', minimalPage);
    if (path === '/bench-model.glb') return send('model/gltf-binary', glb);
    if (path.startsWith('/three/') && !path.includes('..')) {
      try {
        if (!files.has(path)) files.set(path, readFileSync(join(threeRoot, path.slice('/three/'.length))));
        return send('text/javascript', files.get(path) as Buffer);
      } catch {
        // not one of three's files
      }
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function minimalFirstFrame(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/`);
  return page.waitForFunction(() => (window as unknown as { firstFrameAt?: number }).firstFrameAt, undefined, { timeout: 120_000 }).then((h) => h.jsonValue() as Promise<number>);
}

/** The page's clock when the console's viewer has drawn its first frame of a model. */
async function viewerFirstFrameAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const viewer = (window as unknown as { __e2e?: { viewer?: { frames: number } } }).__e2e?.viewer;
      return viewer && viewer.frames > 0 ? performance.now() : null;
    },
    undefined,
    { polling: 'raf', timeout: 120_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** The console's inspect page: the same file dropped as soon as the page shows its drop zone; time of the viewer's first frame. */
export async function consoleFirstFrame(page: Page, base: string, glb: Buffer): Promise<number> {
  await page.route(`${base}/bench-model.glb`, (route) => route.fulfill({ contentType: 'model/gltf-binary', body: glb }));
  await page.goto(`${base}/3d/inspect`);
  await page.getByTestId('model-drop-zone').waitFor();
  await page.evaluate(async () => {
    const bytes = await (await fetch('/bench-model.glb')).arrayBuffer();
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'bench.glb', { type: 'model/gltf-binary' }));
    document.querySelector('[data-testid="model-drop-zone"]')?.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  });
  return viewerFirstFrameAt(page);
}

/** A succeeded text-to-3D preview made on the console's sandbox: its id and the path of its archived GLB. */
export async function succeededTask(base: string): Promise<{ id: string; glb: string }> {
  const res = await fetch(`${base}/api/gen3d/openapi/v2/text-to-3d`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'preview', prompt: 'a sphere for the viewer bench', ai_model: 'model-5' }),
  });
  if (!res.ok) throw new Error(`creating the bench task failed: ${res.status} ${await res.text()}`);
  const id = ((await res.json()) as { result: string }).result;
  for (let i = 0; i < 600; i++) {
    const task = (await (await fetch(`${base}/api/ledger/gen3d/tasks/${id}`)).json()) as { task: { status: string; model_urls: Record<string, string | undefined> } };
    const glb = task.task.model_urls.glb;
    if (task.task.status === 'SUCCEEDED' && glb?.startsWith('/')) return { id, glb };
    if (task.task.status === 'FAILED' || task.task.status === 'CANCELED') throw new Error(`the bench task ended ${task.task.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the bench task did not succeed within 2 minutes');
}

/**
 * Puts `glb` in the console's archive in place of the task's model (the console reads a file's size
 * when it serves it), so the task's page downloads the bench file from the console itself.
 */
export function replaceArchivedModel(dataDir: string, task: { id: string; glb: string }, glb: Buffer): void {
  const safe = (s: string) => s.replace(/[^\w.-]+/g, '_');
  const dir = join(dataDir, 'archive', 'gen3d', safe(task.id));
  const key = safe(decodeURIComponent(task.glb.split('/').at(-1) ?? ''));
  const file = readdirSync(dir).find((f) => f.startsWith(`${key}.`));
  if (!file) throw new Error(`the task's archived model ${key} is not in ${dir}`);
  writeFileSync(join(dir, file), glb);
}

/** A finished task's page, opened directly (its model replaced by the bench file); time of the viewer's first frame. */
export async function taskPageFirstFrame(page: Page, base: string, task: { id: string }): Promise<number> {
  await page.goto(`${base}/3d/tasks/${task.id}`, { waitUntil: 'commit' });
  return viewerFirstFrameAt(page);
}

type LoadCpu = { total: number; byKind: Record<string, number> };

export type ViewerFirstFrame = {
  faces: number;
  glbBytes: number;
  consoleMs: number;
  minimalMs: number;
  ratio: number;
  /** The same file as a finished task's model, its page opened directly. */
  taskPageMs: number;
  taskPageRatio: number;
  runs: number;
  /** CPU time of a load of each page, in ms, by process (Linux only): what the machine's cores were busy with. */
  cpu: { taskPage: LoadCpu; minimal: LoadCpu } | null;
};

export async function measureViewerFirstFrame(runs = 7): Promise<ViewerFirstFrame> {
  const rows = 300;
  const cols = 500;
  const glb = sphereGlb(rows, cols);
  const dataDir = mkdtempSync(join(tmpdir(), 'triptych-viewer-bench-'));
  const server = await startConsole({ SANDBOX_SPEED: '50' }, { dataDir });
  const minimal = await startMinimalServer(glb);
  try {
    const task = await succeededTask(server.url);
    replaceArchivedModel(dataDir, task, glb);
    const browser = await chromium.launch(chromiumLaunch());
    const consoleTimes: number[] = [];
    const minimalTimes: number[] = [];
    const taskTimes: number[] = [];
    const minimalCpu: Array<ProcessCpu | null> = [];
    const taskCpu: Array<ProcessCpu | null> = [];
    for (let i = 0; i < runs; i++) {
      for (const [times, run, cpu] of [
        [consoleTimes, (page: Page) => consoleFirstFrame(page, server.url, glb), null],
        [minimalTimes, (page: Page) => minimalFirstFrame(page, minimal.url), minimalCpu],
        [taskTimes, (page: Page) => taskPageFirstFrame(page, server.url, task), taskCpu],
      ] as const) {
        const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
        const page = await context.newPage();
        const before = cpu ? processCpu(server.pid) : null;
        times.push(await run(page));
        if (cpu) cpu.push(cpuBetween(before, processCpu(server.pid)));
        await context.close();
        // The closed page's teardown (its WebGL context, its worker) is over before the next page starts.
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    await browser.close();
    const consoleMs = Math.round(median(consoleTimes));
    const minimalMs = Math.round(median(minimalTimes));
    const taskPageMs = Math.round(median(taskTimes));
    const taskPage = medianCpu(taskCpu);
    const minimalPage = medianCpu(minimalCpu);
    const cpu = taskPage && minimalPage ? { taskPage, minimal: minimalPage } : null;
    return { faces: rows * cols * 2, glbBytes: glb.length, consoleMs, minimalMs, ratio: consoleMs / minimalMs, taskPageMs, taskPageRatio: taskPageMs / minimalMs, runs, cpu };
  } finally {
    await minimal.stop();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printViewer(chunks: ViewerChunks, frame: ViewerFirstFrame | null): void {
  console.log(`viewer chunk: ${kb(chunks.viewerGzip)} gzip (goal 230 KB) ${chunks.viewerGzip <= 230 * 1024 ? 'within' : 'OVER'}`);
  for (const a of chunks.apart) console.log(`  loaded apart: ${a.part.padEnd(15)} ${kb(a.gzip)} gzip (${a.file})`);
  if (!frame) return;
  // Like for like: both pages load the file by URL as they open. The inspect page cannot: its file is dropped once the page is up.
  console.log(
    `first frame of a ${frame.faces.toLocaleString('en-US')}-face GLB (${kb(frame.glbBytes)}), median of ${frame.runs}, from navigation: a finished task's page /3d/tasks/<id> opened directly ${frame.taskPageMs} ms, minimal three.js page ${frame.minimalMs} ms: ${frame.taskPageRatio.toFixed(2)}× (goal 1.1×) ${frame.taskPageRatio <= 1.1 ? 'within' : 'OVER'}`,
  );
  console.log(`  /3d/inspect, the file dropped once the page is up (the page's start-up and the drop on the clock): ${frame.consoleMs} ms, ${frame.ratio.toFixed(2)}× the minimal page`);
  if (!frame.cpu) return;
  // The machine's cores are shared by every process of a load: a page that makes them do more waits longer.
  const line = (name: string, cpu: LoadCpu) => {
    const parts = Object.entries(cpu.byKind)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, ms]) => `${kind} ${ms}`)
      .join(', ');
    console.log(`  CPU per load, ${name}: ${cpu.total} ms (${parts})`);
  };
  console.log(`  CPU time of every process from navigation to the first frame (medians of ${frame.runs} loads, ms; ${availableParallelism()} cores):`);
  line('task page', frame.cpu.taskPage);
  line('minimal page', frame.cpu.minimal);
}

// `npx tsx scripts/bench-viewer.ts` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const chunks = viewerChunks();
  const frame = process.argv.includes('--sizes-only') ? null : await measureViewerFirstFrame();
  printViewer(chunks, frame);
}
