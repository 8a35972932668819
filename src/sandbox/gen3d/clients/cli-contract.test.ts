import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { blueFigure, dataUri, SandboxKit } from '../test-kit';

/**
 * What Meshy's CLI (meshy-dev/meshy-cli 0.3.0; not on npm, so its contract is replayed here from
 * the client notes) sends and reads: its headers and bodies per command, and its zod schemas of the
 * answers (`src/client/types.ts`), which fail the command on any other shape.
 */
const UA = 'meshy-cli/0.3.0 (linux x64; node 24.0.0)';
const str = z.string().nullable().optional();
const num = z.number().nullable().optional();
const CliTask = z
  .object({
    id: z.string(),
    type: z.string().default(''),
    status: z.string().default(''),
    progress: num,
    preceding_tasks: num,
    created_at: num,
    started_at: num,
    finished_at: num,
    expires_at: num,
    task_error: z.object({ message: z.string().default('') }).passthrough().nullable().optional(),
    model_urls: z.record(z.string(), z.string().nullable()).nullable().optional(),
    texture_urls: z.array(z.object({ base_color: str, metallic: str, normal: str, roughness: str }).passthrough()).nullable().optional(),
    thumbnail_url: str,
    alpha_thumbnail_url: str,
    thumbnail_urls: z.record(z.string(), z.string().nullable()).nullable().optional(),
    image_urls: z.array(z.string()).nullable().optional(),
    result: z.record(z.string(), z.unknown()).nullable().optional(),
    printability: z.object({ _version: z.number().optional(), status: z.string().optional(), issue_count: z.number().optional(), error_count: z.number().optional(), warning_count: z.number().optional(), metrics: z.record(z.string(), z.unknown()).optional(), evaluated_at: z.number().optional() }).passthrough().nullable().optional(),
    face_count: num,
    consumed_credits: num,
    ai_model: str,
    prompt: str,
    texture_prompt: str,
    text_style_prompt: str,
    image_style_url: str,
  })
  .passthrough();
const Created = z.object({ result: z.string() }).passthrough();

let kit: SandboxKit;
beforeAll(() => {
  kit = new SandboxKit();
});
afterAll(async () => {
  await kit.close();
});

const cli = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  kit.call(path, { ...init, headers: { 'user-agent': UA, accept: 'application/json', ...(init.headers as Record<string, string>) } });
async function create(path: string, body: unknown): Promise<string> {
  const r = await cli(path, { method: 'POST', json: body });
  const json = (await r.json()) as unknown;
  expect(r.status, `${path}: ${JSON.stringify(json)}`).toBe(202);
  return Created.parse(json).result;
}
const waitTask = (path: string, id: string) =>
  vi.waitFor(
    async () => {
      const task = CliTask.parse(await (await cli(`${path}/${id}`)).json());
      if (!['SUCCEEDED', 'FAILED', 'CANCELED'].includes(task.status)) throw new Error(`${path}/${id} is still ${task.status}`);
      return task;
    },
    { timeout: 50_000, interval: 80 },
  );

describe("the Meshy CLI's requests and the answers it parses", () => {
  it('balance is a number; list is a bare array; the catalog needs no key', async () => {
    expect(z.object({ balance: z.number() }).parse(await (await cli('/openapi/v1/balance')).json()).balance).toBeGreaterThan(0);
    expect(Array.isArray(await (await cli('/openapi/v2/text-to-3d?page_num=1&page_size=10&sort_by=-created_at')).json())).toBe(true);
    const catalog = await kit.sb.app.request('http://127.0.0.1/web/public/animations/resources?category=Dancing', { headers: { 'user-agent': UA } });
    const parsed = z.object({ result: z.object({ total: z.number(), list: z.array(z.object({ id: z.number(), name: z.string(), previewUrl: z.string() }).passthrough()) }) }).parse(await catalog.json());
    expect(parsed.result.list.map((a) => a.name)).toEqual(['FunnyDancing_01']);
  });

  it('make (text): preview then refine with its pinned defaults; texture_urls is an array for the CLI', async () => {
    const preview = await create('/openapi/v2/text-to-3d', { mode: 'preview', prompt: 'a wizard', target_formats: ['glb'] });
    await waitTask('/openapi/v2/text-to-3d', preview);
    const refine = await create('/openapi/v2/text-to-3d', { mode: 'refine', preview_task_id: preview, enable_pbr: true, texture_resolution: '4k', remove_lighting: true, target_formats: ['glb'] });
    const done = await waitTask('/openapi/v2/text-to-3d', refine);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.texture_urls?.[0]?.base_color).toMatch(/^http/);
  });

  it('make (image), remesh, retexture, rigging, animate, print and image commands parse as CLI tasks', async () => {
    const picture = dataUri(blueFigure(), 'image/png');
    const image = await create('/openapi/v1/image-to-3d', { image_url: picture, model_type: 'smart-topology', target_polycount: 10000, should_texture: true, enable_pbr: true, texture_resolution: '4k', remove_lighting: true, target_formats: ['glb'] });
    const task = await waitTask('/openapi/v1/image-to-3d', image);
    expect(Array.isArray(task.texture_urls)).toBe(true); // the live object shape would fail the CLI's parse
    const preview = await create('/openapi/v2/text-to-3d', { mode: 'preview', prompt: 'a knight', pose_mode: 't-pose', target_formats: ['glb'] });
    await waitTask('/openapi/v2/text-to-3d', preview);
    const bodies: Array<[string, Record<string, unknown>]> = [
      ['/openapi/v1/remesh', { input_task_id: preview, topology: 'triangle', target_polycount: 800, decimation_mode: 2, target_formats: ['glb'] }],
      ['/openapi/v1/retexture', { input_task_id: preview, text_style_prompt: 'gold', enable_pbr: true, texture_resolution: '4k', target_formats: ['glb'] }],
      ['/openapi/v1/print/analyze', { input_task_id: preview }],
      ['/openapi/v1/print/repair', { input_task_id: preview }],
      ['/openapi/v1/print/multi-color', { input_task_id: preview, max_colors: 4, max_depth: 4 }],
      ['/openapi/v1/text-to-image', { ai_model: 'gpt-image-2-5-flare', prompt: 'a lamp', generate_multi_view: false, aspect_ratio: '3:2' }],
      ['/openapi/v1/image-to-image', { ai_model: 'gpt-image-2', prompt: 'a lamp', reference_image_urls: [picture], generate_multi_view: false, aspect_ratio: '1:1' }],
    ];
    for (const [path, body] of bodies) expect((await waitTask(path, await create(path, body))).status, path).toBe('SUCCEEDED');
    const rig = await create('/openapi/v1/rigging', { input_task_id: preview, height_meters: 1.7 });
    const rigged = await waitTask('/openapi/v1/rigging', rig);
    expect(z.object({ rigged_character_glb_url: z.string(), basic_animations: z.record(z.string(), z.string()) }).parse(rigged.result).basic_animations.walking_glb_url).toMatch(/^http:\/\/127\.0\.0\.1\//);
    expect((await waitTask('/openapi/v1/animations', await create('/openapi/v1/animations', { rig_task_id: rig, action_id: 22 }))).status).toBe('SUCCEEDED');
  });

  it('creative lab: lamp prototype with image_subject, build with options and output', async () => {
    const proto = await create('/openapi/creative-lab/lamp/v1/prototype', { image_url: dataUri(blueFigure(), 'image/png'), name: 'night light', image_subject: 'character', remove_background: true });
    expect((await waitTask('/openapi/creative-lab/lamp/v1/prototype', proto)).expires_at).toBeTypeOf('number');
    const build = await create('/openapi/creative-lab/lamp/v1/build', { input_task_id: proto, name: 'night light', options: { diameter_mm: 120, light_source_preset: 'none' }, output: { format: 'stl' } });
    const done = await waitTask('/openapi/creative-lab/lamp/v1/build', build);
    expect(done.model_urls?.stl).toMatch(/^http/);
  });

  it('streams as text/event-stream; HEAD-preflights a sandbox file; `meshy delete` uses the text-to-3D path', async () => {
    const pic = await create('/openapi/v1/text-to-image', { ai_model: 'gpt-image-2', prompt: 'a boat', aspect_ratio: '1:1' });
    const stream = await cli(`/openapi/v1/text-to-image/${pic}/stream`, { headers: { accept: 'text/event-stream' } });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = (await stream.text()).split('\n\n').filter((e) => e.startsWith('event: message'));
    expect(CliTask.parse(JSON.parse(events.at(-1)!.split('data: ')[1]!)).status).toBe('SUCCEEDED');
    const task = CliTask.parse(await (await cli(`/openapi/v1/text-to-image/${pic}`)).json());
    expect((await kit.sb.app.request(task.image_urls![0]!, { method: 'HEAD' })).status).toBe(200);
    expect((await cli(`/openapi/v2/text-to-3d/${pic}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('text-to-motion: the CLI reads result.motion_url and result.motion_format, and downloads the motion', async () => {
    const r = await cli('/openapi/v1/text-to-motion', { method: 'POST', json: { prompt: 'a cartwheel then a bow', mode: 'prime', duration: 4 } });
    expect(r.status).toBe(202);
    const id = ((await r.json()) as { result: string }).result;
    const task = await waitTask('/openapi/v1/text-to-motion', id);
    expect(task.status).toBe('SUCCEEDED');
    const result = task.result as { motion_url: string; motion_format: string };
    expect(result.motion_format).toBe('bvh');
    expect((await (await kit.sb.app.request(result.motion_url)).text()).startsWith('HIERARCHY\nROOT Hips')).toBe(true);
  });
});
