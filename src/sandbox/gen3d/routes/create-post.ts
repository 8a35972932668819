import { randomUUID } from 'node:crypto';
import { gen3dOperations } from '../../../contracts/gen3d';
import { message } from '../dialect';
import { JobLimitError } from '../engine/jobs/limits';
import { actionById } from '../engine/rig/clips';
import type { CreateHandlers, Gen3dContext, Gen3dDeps } from './context';
import { baseOf } from './context';
import { InputSaver } from './inputs';
import { filesOf, modelSource, succeededTask, type ModelSource } from './sources';
import { createTask } from './task-routes';

const { maxFaces: UV_MAX_FACES } = gen3dOperations['uv-unwrap'].limits;
const { maxFaces: RIG_MAX_FACES } = gen3dOperations.rig.limits;

/** Refuses what print analyze and repair take only by model_url: an older model's task (document). */
function olderModel(c: Gen3dContext, src: ModelSource): Response | null {
  const req = src.row ? (JSON.parse(src.row.request) as { ai_model?: string }) : {};
  if (src.row && src.row.type !== 'text-to-3d-preview' && /^(model|meshy)-[0-5]$/.test(req.ai_model ?? '')) {
    return c.json(message(`input_task_id names a ${req.ai_model} task: print analysis and repair take model-6 or preview tasks; send the model as model_url instead.`), 400);
  }
  return null;
}

/** Retexture, remesh, convert, resize, UV unwrap, rigging, animation and the three print operations. */
export function postHandlers(deps: Gen3dDeps) {
  const start = (c: Gen3dContext) => {
    const id = randomUUID();
    return { id, saver: new InputSaver(deps.files, deps.store, id, baseOf(c, deps)) };
  };
  return {
    retexture: (c, { body }) => {
      const { id, saver } = start(c);
      const src = modelSource(deps, c, body, saver);
      if (src instanceof Response) return src;
      // The image wins when both are sent (document); a multi-view set styles by its first picture.
      const styleUrl = body.image_style_url ?? body.multiview_image_urls?.[0];
      const style = styleUrl ? saver.take(styleUrl, 'image_style_url') : null;
      if (style && 'error' in style) return c.json(message(style.error), 400);
      const request = { ...body, ...(style && body.image_style_url ? { image_style_url: style.url } : {}) };
      const job = { kind: 'retexture' as const, model: src.path, styleImage: style?.path ?? null, styleText: style ? null : (body.text_style_prompt ?? null), pbr: !!body.enable_pbr, formats: body.target_formats ?? ['glb'] };
      return createTask(deps, c, { id, op: 'retexture', request, job, inputs: saver });
    },
    remesh: (c, { body }) => {
      const { id, saver } = start(c);
      const src = modelSource(deps, c, body.input_task_id ? { input_task_id: body.input_task_id } : body, saver);
      if (src instanceof Response) return src;
      const formats = body.target_formats ?? ['glb'];
      const resize = body.resize_height || body.resize_longest_side || body.auto_size ? { height: body.resize_height || undefined, longest: body.resize_longest_side || undefined, auto: body.auto_size, origin: body.origin_at, humanoid: !!src.humanoid } : null;
      const job = body.convert_format_only
        ? { kind: 'convert' as const, model: src.path, formats }
        : { kind: 'remesh' as const, model: src.path, topology: body.topology ?? 'triangle', target: body.target_polycount ?? null, formats, resize };
      return createTask(deps, c, { id, op: 'remesh', request: { ...body }, job, inputs: saver });
    },
    convert: (c, { body }) => {
      const { id, saver } = start(c);
      const src = modelSource(deps, c, body, saver);
      if (src instanceof Response) return src;
      return createTask(deps, c, { id, op: 'convert', request: { ...body }, job: { kind: 'convert', model: src.path, formats: body.target_formats }, inputs: saver });
    },
    resize: (c, { body }) => {
      const { id, saver } = start(c);
      const src = modelSource(deps, c, body, saver);
      if (src instanceof Response) return src;
      const ask = { height: body.resize_height, longest: body.resize_longest_side, auto: body.auto_size, origin: body.origin_at ?? 'bottom', humanoid: !!src.humanoid };
      return createTask(deps, c, { id, op: 'resize', request: { ...body }, job: { kind: 'resize', model: src.path, ask }, inputs: saver });
    },
    'uv-unwrap': (c, { body }) => {
      const { id, saver } = start(c);
      const src = modelSource(deps, c, body, saver);
      if (src instanceof Response) return src;
      const refuse = (text: string) => (saver.discard(), c.json(message(text), 400));
      if (src.format !== 'glb') return refuse('UV unwrap takes a GLB model only.');
      if ((src.faces ?? 0) > UV_MAX_FACES) return refuse(`UV unwrap takes at most ${UV_MAX_FACES.toLocaleString('en')} faces; this model has ${src.faces!.toLocaleString('en')}. Remesh it to fewer faces first.`);
      return createTask(deps, c, { id, op: 'uv-unwrap', request: { ...body }, job: { kind: 'uv', model: src.path }, inputs: saver });
    },
    rig: async (c, { body }) => {
      const { id, saver } = start(c);
      const src = modelSource(deps, c, body, saver);
      if (src instanceof Response) return src;
      const faces = src.faces ?? null;
      if (faces !== null && faces > RIG_MAX_FACES) return (saver.discard(), c.json(message(`Rigging takes a model of at most ${RIG_MAX_FACES.toLocaleString('en')} faces; this one has ${faces.toLocaleString('en')}. Remesh it first.`), 400));
      let humanoid = src.humanoid;
      if (humanoid === null) {
        const inspected = await deps.files.run({ kind: 'inspect', model: src.path }, id).catch((err: unknown) => (err instanceof JobLimitError ? err : null));
        if (!inspected || inspected instanceof JobLimitError) return (saver.discard(), c.json(message(inspected?.message ?? 'The model could not be read.'), 400));
        if ((inspected.meta.face_count ?? 0) > RIG_MAX_FACES) return (saver.discard(), c.json(message(`Rigging takes a model of at most ${RIG_MAX_FACES.toLocaleString('en')} faces.`), 400));
        humanoid = !!inspected.meta.humanoid;
      }
      if (!humanoid) return (saver.discard(), c.json(message('The model is not a humanoid biped: rigging takes standing bipedal characters only (two legs, upright).'), 422));
      const height = body.height_meters ?? 1.7;
      return createTask(deps, c, { id, op: 'rig', request: { ...body, height_meters: height }, job: { kind: 'rig', model: src.path, height }, inputs: saver });
    },
    animate: (c, { body }) => {
      if (body.post_process) return c.json(message(`The sandbox does not imitate animation post-processing (post_process ${body.post_process.operation_type}): send the animation without post_process, or connect a live key.`), 404);
      const rig = succeededTask(deps, c, body.rig_task_id, 'rig_task_id');
      if (rig instanceof Response) return rig;
      if (rig.type !== 'rig') return c.json(message(`rig_task_id names a ${rig.type} task, not a rigging task.`), 400);
      const action = actionById(body.action_id);
      if (!action) return c.json(message(`action_id ${body.action_id} is not in the animation library (GET /openapi/v1/animations/library).`), 400);
      const job = { kind: 'animate' as const, rig: deps.files.path(rig.id, filesOf(rig).rig ?? 'rig.json'), actionId: action.id };
      return createTask(deps, c, { id: randomUUID(), op: 'animate', request: { ...body }, job });
    },
    'print-analyze': (c, { body }) => {
      const { id, saver } = start(c);
      const src = modelSource(deps, c, body, saver);
      if (src instanceof Response) return src;
      const older = olderModel(c, src);
      if (older) return older;
      return createTask(deps, c, { id, op: 'print-analyze', request: { ...body }, job: { kind: 'analyze', model: src.path }, inputs: saver });
    },
    'print-repair': (c, { body }) => {
      const { id, saver } = start(c);
      const src = modelSource(deps, c, body, saver);
      if (src instanceof Response) return src;
      const older = olderModel(c, src);
      if (older) return older;
      return createTask(deps, c, { id, op: 'print-repair', request: { ...body }, job: { kind: 'repair', model: src.path }, inputs: saver });
    },
    'print-multi-color': (c, { body }) => {
      const { id, saver } = start(c);
      if (body.input_task_id) {
        const row = deps.store.get(c.get('account'), body.input_task_id);
        if (row?.type.endsWith('-build')) return c.json(message('A product build is taken by multi-color print only through model_url (its GLB as a URL or data URI), not input_task_id.'), 400);
      }
      const src = modelSource(deps, c, body, saver);
      if (src instanceof Response) return src;
      const request = { ...body, max_colors: body.max_colors ?? 4, max_depth: body.max_depth ?? 4 };
      return createTask(deps, c, { id, op: 'print-multi-color', request, job: { kind: 'multicolor', model: src.path, maxColors: request.max_colors }, inputs: saver });
    },
  } satisfies Partial<CreateHandlers>;
}
