/**
 * `npx tsx scripts/bench.ts ops`: each 3D operation in the sandbox, from create to SUCCEEDED at a
 * time scale where the sandbox's own waiting is negligible (so the time is the work: parsing, the
 * geometry, writing files in the worker thread), and the size of what it produced.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { blueFigure, dataUri, redDisc, SandboxKit } from '../src/sandbox/gen3d/test-kit';

export type OpFigure = { op: string; ms: number; bytes: number; files: number; faces: number | null };

export async function measureOps(): Promise<OpFigure[]> {
  const kit = new SandboxKit(1000);
  const rows: OpFigure[] = [];
  const outputSize = (id: string) => {
    const dir = join(kit.dir, 'sandbox', 'gen3d', id);
    const files = readdirSync(dir).filter((f) => !f.startsWith('input_') && f !== 'rig.json');
    return { bytes: files.reduce((n, f) => n + statSync(join(dir, f)).size, 0), files: files.length };
  };
  const run = async (op: string, path: string, body: unknown) => {
    const t = performance.now();
    const created = await kit.create(path, body);
    if (created.status !== 202) throw new Error(`${op}: ${created.status} ${created.message}`);
    for (;;) {
      const r = await kit.get(path, created.id);
      if (r.status === 'SUCCEEDED') {
        const ms = performance.now() - t;
        rows.push({ op, ms: Math.round(ms), ...outputSize(created.id), faces: r.face_count ?? null });
        return created.id;
      }
      if (r.status === 'FAILED') throw new Error(`${op} failed: ${r.task_error?.message}`);
      await new Promise((res) => setTimeout(res, 5));
    }
  };
  try {
    const fig = dataUri(blueFigure(), 'image/png');
    await run('warm-up (worker start)', '/openapi/v1/text-to-image', { ai_model: 'nano-banana', prompt: 'warm up' });
    rows.length = 0;
    const preview = await run('text-to-3d preview', '/openapi/v2/text-to-3d', { mode: 'preview', prompt: 'a knight', pose_mode: 't-pose' });
    await run('text-to-3d refine (PBR)', '/openapi/v2/text-to-3d', { mode: 'refine', preview_task_id: preview, enable_pbr: true });
    const image = await run('image-to-3d (textured)', '/openapi/v1/image-to-3d', { image_url: fig, should_texture: true });
    await run('multi-image-to-3d (2 views)', '/openapi/v1/multi-image-to-3d', { image_urls: [fig, dataUri(redDisc(), 'image/png')] });
    await run('retexture (text style)', '/openapi/v1/retexture', { input_task_id: preview, text_style_prompt: 'green marble' });
    const remesh = await run('remesh 5,000 triangles', '/openapi/v1/remesh', { input_task_id: preview, target_polycount: 5000 });
    await run('remesh 2,000 quads (+obj)', '/openapi/v1/remesh', { input_task_id: preview, target_polycount: 2000, topology: 'quad', target_formats: ['glb', 'obj'] });
    await run('convert glb,obj,stl,3mf,usdz', '/openapi/v1/convert', { input_task_id: preview, target_formats: ['glb', 'obj', 'stl', '3mf', 'usdz'] });
    await run('resize 1.8 m', '/openapi/v1/resize', { input_task_id: preview, resize_height: 1.8 });
    await run('uv-unwrap 5,000 faces', '/openapi/v1/uv-unwrap', { input_task_id: remesh });
    const big = await run('remesh 40,000 triangles', '/openapi/v1/remesh', { input_task_id: preview, target_polycount: 40_000 });
    await run('uv-unwrap 40,000 faces', '/openapi/v1/uv-unwrap', { input_task_id: big });
    await run('remesh 300,000 triangles', '/openapi/v1/remesh', { input_task_id: preview, target_polycount: 300_000 });
    const rig = await run('rigging (+walk, run)', '/openapi/v1/rigging', { input_task_id: preview });
    await run('animation (Formal_Bow)', '/openapi/v1/animations', { rig_task_id: rig, action_id: 41 });
    await run('text-to-image', '/openapi/v1/text-to-image', { ai_model: 'nano-banana', prompt: 'a red chair' });
    await run('text-to-image multi-view', '/openapi/v1/text-to-image', { ai_model: 'nano-banana', prompt: 'a red chair', generate_multi_view: true });
    await run('image-to-image', '/openapi/v1/image-to-image', { ai_model: 'nano-banana-2', prompt: 'a vase', reference_image_urls: [fig] });
    await run('print analyze', '/openapi/v1/print/analyze', { input_task_id: image });
    await run('print repair', '/openapi/v1/print/repair', { input_task_id: preview });
    await run('print multi-color (4)', '/openapi/v1/print/multi-color', { input_task_id: preview, max_colors: 4 });
    for (const product of ['figure', 'keychain', 'fridge-magnet', 'lamp']) {
      const proto = await run(`${product} prototype`, `/openapi/creative-lab/${product}/v1/prototype`, { image_url: fig });
      await run(`${product} build`, `/openapi/creative-lab/${product}/v1/build`, { input_task_id: proto });
    }
  } finally {
    await kit.close();
  }
  return rows;
}

export function printOps(rows: OpFigure[]) {
  const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${(n / 1024).toFixed(0)} KB`);
  for (const r of rows) console.log(`${r.op.padEnd(32)} ${String(r.ms).padStart(6)} ms  ${kb(r.bytes).padStart(8)} in ${r.files} files${r.faces !== null ? `, ${r.faces.toLocaleString('en')} faces` : ''}`);
}
