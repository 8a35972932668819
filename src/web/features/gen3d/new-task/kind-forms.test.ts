import { describe, expect, it } from 'vitest';
import type { LedgerTask } from '../../../../contracts/bff';
import { kindForms } from './kind-forms';
import { kindOf, kinds, type KindType, type Product } from './kinds';
import type { Ctx, Values } from './task-form';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const ctx = (over: Partial<Ctx> = {}): Ctx => ({ product: 'figure', from: null, fromFaces: null, fromFile: null, fromSignedUrl: null, tasks: [], ...over });
const task = (id: string, createPath: string, over: Partial<LedgerTask['task']> = {}, request: Record<string, unknown> = {}) =>
  ({ id, createPath, request, task: { id, status: 'SUCCEEDED', type: null, model_urls: { glb: `/api/files/gen3d/${id}/model_urls.glb` }, face_count: 1000, ai_model: null, ...over } }) as unknown as LedgerTask;

/** The body a kind's form sends for its defaults with `values` on top, checked by its route-table schema. */
function body(type: KindType, values: Values, c: Ctx = ctx(), product: Product = c.product) {
  const spec = kindForms[type];
  const v = { ...spec.defaults(c), ...values };
  const b = spec.toBody(v, { ...c, product });
  const op = kindOf(type).op(product);
  const parsed = op.body!.safeParse(b);
  return { body: b, ok: parsed.success, refusal: spec.also?.(v, { ...c, product }) };
}
const fromTask = (id: string) => ({ model: { mode: 'task', taskId: id, url: '', file: null } });

describe('the kinds’ forms make bodies their contract schemas take', () => {
  it('image to 3D sends the picked picture as image_url, or the chained image task', () => {
    expect(body('image-to-3d', { image_url: PNG })).toMatchObject({ ok: true, body: { image_url: PNG, ai_model: 'latest', should_texture: true } });
    expect(body('image-to-3d', {}).ok).toBe(false);
    const t2i = task('img-1', '/openapi/v1/text-to-image');
    expect(body('image-to-3d', {}, ctx({ from: t2i }))).toMatchObject({ ok: true, body: { input_task_id: 'img-1' } });
    expect(body('multi-image-to-3d', { image_urls: [PNG, '', PNG] })).toMatchObject({ ok: true, body: { image_urls: [PNG, PNG] } });
  });

  it('sends both retexture styles when both are given (the image wins at the service)', () => {
    expect(body('retexture', { ...fromTask('t1'), text_style_prompt: ' marble ', image_style_url: PNG })).toMatchObject({ ok: true, body: { input_task_id: 't1', text_style_prompt: 'marble', image_style_url: PNG } });
    expect(body('retexture', fromTask('t1')).ok).toBe(false);
  });

  it('retextures into the formats ticked (the document’s target_formats), none ticked: the service’s default', () => {
    expect(body('retexture', { ...fromTask('t1'), text_style_prompt: 'marble', target_formats: ['glb', 'stl'] })).toMatchObject({ ok: true, body: { input_task_id: 't1', target_formats: ['glb', 'stl'] } });
    expect(body('retexture', { ...fromTask('t1'), text_style_prompt: 'marble' }).body).not.toHaveProperty('target_formats');
  });

  it('resizes by exactly one of height, longest side or auto, and remeshes within 100 to 300,000', () => {
    expect(body('resize', { ...fromTask('t1'), size_by: 'auto' }).body).toEqual({ input_task_id: 't1', auto_size: true, origin_at: 'bottom' });
    expect(body('resize', { ...fromTask('t1'), size_by: 'longest', metres: '2.5', origin_at: 'center' }).body).toEqual({ input_task_id: 't1', resize_longest_side: 2.5, origin_at: 'center' });
    expect(body('remesh', fromTask('t1'))).toMatchObject({ ok: true, body: { topology: 'triangle', target_polycount: 5000, target_formats: ['glb'] } });
    expect(body('remesh', { ...fromTask('t1'), target_polycount: '99' }).ok).toBe(false);
    expect(body('convert', fromTask('t1')).ok).toBe(false);
    expect(body('convert', { ...fromTask('t1'), target_formats: ['stl', '3mf'] }).ok).toBe(true);
  });

  it('rigs at 1.7 m by default and animates a library action on a rig', () => {
    expect(body('rig', fromTask('t1'))).toMatchObject({ ok: true, body: { height_meters: 1.7 } });
    expect(body('animate', { rig_task_id: 'rig-1', action_id: '4' })).toMatchObject({ ok: true, body: { rig_task_id: 'rig-1', action_id: 4 } });
    expect(body('animate', { rig_task_id: 'rig-1', action_id: '' }).ok).toBe(false);
  });

  it('sends a text-to-motion prompt with its mode and a duration of 2 to 10 s in half seconds', () => {
    expect(body('text-to-motion', { prompt: ' a wave, then a bow ' })).toMatchObject({ ok: true, body: { prompt: 'a wave, then a bow', mode: 'prime', duration: 5 } });
    expect(body('text-to-motion', { prompt: 'a jump', mode: 'swift', duration: '2.5' })).toMatchObject({ ok: true, body: { mode: 'swift', duration: 2.5 } });
    expect(body('text-to-motion', { prompt: 'a jump', duration: '3.3' }).ok).toBe(false);
    expect(body('text-to-motion', { prompt: 'a jump', duration: '11' }).ok).toBe(false);
    expect(body('text-to-motion', { prompt: '' }).ok).toBe(false);
  });

  it('makes a lamp prototype from text, the others from a picture; multi-color in its ranges', () => {
    expect(body('creative-lab-prototype', { input: 'text', text: 'a moon' }, ctx(), 'lamp')).toMatchObject({ ok: true, body: { text: 'a moon' } });
    expect(body('creative-lab-prototype', { input: 'text', text: 'a moon' }, ctx(), 'figure').ok).toBe(false);
    expect(body('creative-lab-prototype', { image_url: PNG }, ctx(), 'keychain')).toMatchObject({ ok: true, body: { image_url: PNG } });
    expect(body('print-multi-color', { ...fromTask('t1'), max_colors: '16', max_depth: '6' }).ok).toBe(true);
    expect(body('print-multi-color', { ...fromTask('t1'), max_colors: '17' }).ok).toBe(false);
    expect(body('print-multi-color', { ...fromTask('t1'), max_depth: '2' }).ok).toBe(false);
  });

  it('refuses by the chain rules the tasks of the ledger it names', () => {
    const build = task('b1', '/openapi/creative-lab/figure/v1/build');
    expect(body('print-multi-color', fromTask('b1'), ctx({ tasks: [build] })).refusal).toEqual({ model: 'Multi-color print takes a product build only as model_url (its GLB), not by task id.' });
    const proto = task('p1', '/openapi/creative-lab/lamp/v1/prototype');
    expect(body('creative-lab-build', { input_task_id: 'p1' }, ctx({ tasks: [proto] }), 'lamp').refusal).toBeUndefined();
    expect(body('creative-lab-build', { input_task_id: 'p1' }, ctx({ tasks: [proto] }), 'keychain').refusal).toEqual({ input_task_id: 'A keychain build takes a keychain prototype; this task is a lamp prototype.' });
    const dense = task('d1', '/openapi/v1/remesh', { face_count: 60_000 });
    expect(body('uv-unwrap', fromTask('d1'), ctx({ tasks: [dense] })).refusal?.model).toMatch(/at most 40,000 faces; this model has 60,000/);
    expect(body('rig', { model: { mode: 'file', taskId: '', url: '', file: { name: 'x.glb', size: 1, format: 'glb', faces: 400_000, dataUri: 'data:model/gltf-binary;base64,AA==' } } }).refusal?.model).toMatch(/at most 300,000 faces; this model has 400,000/);
  });

  it('sends only the body fields its operation lists (contracts/gen3d/operations.ts)', () => {
    const from = task('t1', '/openapi/v1/text-to-image');
    for (const kind of kinds) {
      const listed = new Set([...Object.keys(kind.fields), ...(kind.modelSource ? ['input_task_id', 'model_url'] : [])]);
      const spec = kindForms[kind.type];
      for (const c of [ctx(), ctx({ from }), ctx({ product: 'lamp' })]) {
        // Every option taken (a box ticked, a text filled in, a list given an item), so that each field it can send is sent.
        const take = (v: unknown) => (v === false ? true : v === '' ? 'x' : Array.isArray(v) && v.length === 0 ? ['glb'] : v);
        const taken = Object.fromEntries(Object.entries(spec.defaults(c)).map(([k, v]) => [k, take(v)]));
        const sent = Object.keys(spec.toBody({ ...taken, ...fromTask('t1'), input: 'text', size_by: 'auto' }, c) as object);
        expect(sent.length, kind.type).toBeGreaterThan(0);
        expect(sent.filter((f) => !listed.has(f)), kind.type).toEqual([]);
      }
    }
  });
});
