import { randomUUID } from 'node:crypto';
import { operationOf, pathOf, type TextTo3dRequest } from '../../../contracts/gen3d';
import { message } from '../dialect';
import type { CreateHandlers, Gen3dContext, Gen3dDeps } from './context';
import { baseOf } from './context';
import { InputSaver, type Saved } from './inputs';
import { filesOf, succeededTask, taskImages } from './sources';
import { createTask } from './task-routes';

const imageTypes = new Set(['text-to-image', 'image-to-image']);

/** Text, image and multi-image to 3D, the two image operations, and creative-lab prototypes and builds. */
export function generationHandlers(deps: Gen3dDeps) {
  const { store } = deps;
  const saverFor = (c: Gen3dContext, id: string) => new InputSaver(deps.files, store, id, baseOf(c, deps));
  /** Saves each picture; the first refusal answers 400. */
  const takeAll = (c: Gen3dContext, saver: InputSaver, urls: readonly string[], what: string): Saved[] | Response => {
    const out: Saved[] = [];
    for (const u of urls) {
      const s = saver.take(u, what);
      if ('error' in s) return (saver.discard(), c.json(message(s.error), 400));
      out.push(s);
    }
    return out;
  };
  /** Pictures of an image task named by input_task_id (text-to-image, image-to-image, a prototype). */
  const imagesOfTask = (c: Gen3dContext, id: string): string[] | Response => {
    const row = succeededTask(deps, c, id, 'input_task_id');
    if (row instanceof Response) return row;
    if (!imageTypes.has(row.type) && !row.type.endsWith('-prototype')) return c.json(message(`input_task_id names a ${row.type} task; image to 3D takes a text-to-image or image-to-image task.`), 400);
    return taskImages(deps, row);
  };

  /**
   * Image and multi-image to 3D: pictures sent (saved as inputs, the record names their sandbox
   * copies) or taken from an image task (`input_task_id`, up to `max`), then one image3d job.
   */
  const fromPictures = (
    c: Gen3dContext,
    type: 'image-to-3d' | 'multi-image-to-3d',
    body: { input_task_id?: string | undefined; should_texture?: boolean | undefined; enable_pbr?: boolean | undefined; target_formats?: string[] | undefined; multi_view_thumbnails?: boolean | undefined; ai_model?: string | undefined },
    urls: readonly string[],
    max: number,
    echo: (request: Record<string, unknown>, saved: string[]) => void,
  ) => {
    const id = randomUUID();
    const saver = saverFor(c, id);
    let images: string[];
    const request: Record<string, unknown> = { ...body };
    if (body.input_task_id) {
      const found = imagesOfTask(c, body.input_task_id);
      if (found instanceof Response) return found;
      images = found.slice(0, max);
    } else {
      const saved = takeAll(c, saver, urls, max === 1 ? 'image_url' : 'each image URL');
      if (saved instanceof Response) return saved;
      images = saved.map((s) => s.path);
      echo(request, saved.map((s) => s.url));
    }
    const texture = body.should_texture ?? true;
    const job = { kind: 'image3d' as const, images, texture, pbr: texture && !!body.enable_pbr, formats: body.target_formats ?? ['glb', 'obj', 'usdz'], views: !!body.multi_view_thumbnails };
    return createTask(deps, c, { id, op: type, request, job, inputs: saver });
  };

  /** One path, two task types: the body's mode says which. */
  const textTo3d = (c: Gen3dContext, { body: req }: { body: TextTo3dRequest }) => {
    const account = c.get('account');
    if (req.mode === 'refine') {
      const preview = store.get(account, req.preview_task_id);
      if (!preview || preview.type !== 'text-to-3d-preview') return c.json(message('preview_task_id does not name a text-to-3d preview task.'), 400);
      if (preview.status !== 'SUCCEEDED') return c.json(message('The preview task has not succeeded; refine needs a SUCCEEDED preview.'), 400);
      const p = JSON.parse(preview.request) as { ai_model?: string; prompt: string; pose_mode?: string; target_formats?: string[] };
      const family = (m: string) => (m === 'latest' ? 'model-6' : m);
      const previewFamily = family(p.ai_model ?? 'latest');
      if (req.ai_model && family(req.ai_model) !== previewFamily) return c.json(message(`ai_model must be the preview's family (${previewFamily}).`), 400);
      const pose: '' | 'a-pose' | 't-pose' = p.pose_mode === 'a-pose' || p.pose_mode === 't-pose' ? p.pose_mode : '';
      const job = { kind: 'text3d' as const, stage: 'refine' as const, prompt: p.prompt, poseMode: pose, enablePbr: !!req.enable_pbr, hdTexture: !!req.hd_texture, formats: req.target_formats ?? p.target_formats ?? ['glb', 'obj', 'stl'] };
      // A refine record echoes its preview's prompt, as the live service's do.
      return createTask(deps, c, { id: randomUUID(), op: 'text-to-3d-refine', request: { ...req, prompt: p.prompt }, job });
    }
    const pose: '' | 'a-pose' | 't-pose' = req.pose_mode === 'a-pose' || req.pose_mode === 't-pose' ? req.pose_mode : '';
    const job = { kind: 'text3d' as const, stage: 'preview' as const, prompt: req.prompt, poseMode: pose, enablePbr: false, hdTexture: false, formats: req.target_formats ?? ['glb', 'obj', 'stl'] };
    return createTask(deps, c, { id: randomUUID(), op: 'text-to-3d-preview', request: { ...req }, job });
  };

  return {
    'text-to-3d-preview': textTo3d,
    'text-to-3d-refine': textTo3d,
    'image-to-3d': (c, { body }) => fromPictures(c, 'image-to-3d', body, body.image_url === undefined ? [''] : [body.image_url], 1, (r, urls) => (r.image_url = urls[0])),
    'multi-image-to-3d': (c, { body }) => fromPictures(c, 'multi-image-to-3d', body, body.image_urls ?? [], 4, (r, urls) => (r.image_urls = urls)),

    'text-to-image': (c, { body }) => {
      const job = { kind: 'pictures' as const, prompt: body.prompt, multiView: !!body.generate_multi_view, pose: body.pose_mode, aspect: body.aspect_ratio, references: [] };
      return createTask(deps, c, { id: randomUUID(), op: 'text-to-image', request: { ...body }, job });
    },

    'text-to-motion': (c, { body }) => {
      const job = { kind: 'motion' as const, prompt: body.prompt, duration: body.duration ?? 5 };
      const request = { ...body, mode: body.mode ?? 'prime', duration: job.duration };
      return createTask(deps, c, { id: randomUUID(), op: 'text-to-motion', request, job });
    },

    'image-to-image': (c, { body }) => {
      const id = randomUUID();
      const saver = saverFor(c, id);
      const saved = takeAll(c, saver, body.reference_image_urls, 'each reference image URL');
      if (saved instanceof Response) return saved;
      const job = { kind: 'pictures' as const, prompt: body.prompt, multiView: !!body.generate_multi_view, aspect: body.aspect_ratio, references: saved.map((s) => s.path) };
      const request = { ...body, reference_image_urls: saved.map((s) => s.url) };
      return createTask(deps, c, { id, op: 'image-to-image', request, job, inputs: saver });
    },

    'creative-lab-prototype': (c, { body, product }) => {
      const id = randomUUID();
      const saver = saverFor(c, id);
      const request: Record<string, unknown> = { ...body };
      let image: string | null = null;
      if (body.image_url) {
        const s = saver.take(body.image_url, 'image_url');
        if ('error' in s) return (saver.discard(), c.json(message(s.error), 400));
        image = s.path;
        request.image_url = s.url;
      }
      const job = { kind: 'prototype' as const, product, image, text: ('text' in body ? body.text : undefined) ?? null, removeBackground: body.remove_background ?? true };
      return createTask(deps, c, { id, op: 'creative-lab-prototype', product, request, job, inputs: saver });
    },
    'creative-lab-build': (c, { body, product }) => {
      const protoPath = pathOf(operationOf('creative-lab-prototype'), product);
      const row = deps.store.get(c.get('account'), body.input_task_id);
      if (!row || row.path !== protoPath || row.status !== 'SUCCEEDED' || row.origin !== 'api') {
        const why = row?.origin === 'web' ? 'it was made in the web app, and only prototypes created through the API can be built' : row && row.path !== protoPath ? `it is not a ${product} prototype` : row ? `it is ${row.status}` : 'no such task';
        return c.json(message(`input_task_id must name a SUCCEEDED ${product} prototype created through the API: ${why}.`), 404);
      }
      const subject = deps.files.path(row.id, filesOf(row).image_0 ?? 'prototype.png');
      return createTask(deps, c, { id: randomUUID(), op: 'creative-lab-build', product, request: { ...body }, job: { kind: 'build', product, subject } });
    },
  } satisfies Partial<CreateHandlers>;
}
