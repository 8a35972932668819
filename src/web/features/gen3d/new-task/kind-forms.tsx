import { useStore } from '@tanstack/react-form';
import type { LedgerTask } from '../../../../contracts/bff';
import { aspectRatios, imageModels, imageTo3dModels, MOTION_PROMPT_MAX, PROMPT_MAX } from '../../../../contracts/gen3d/requests';
import { Alert } from '../../../components/ui/alert';
import { errorTexts } from '../../../lib/form';
import { chainSourceOf, modelRefusal, refusalFor } from '../chain/chain-rules';
import { FormatChecks } from '../components/format-checks';
import { AnimationPicker } from './animation-picker';
import { ImageInput, ImageListInput } from './inputs';
import { kindOf, type KindType } from './kinds';
import { emptySource, ModelSourceInput, sourceBody, type ModelSourceValue } from './model-source';
import type { Ctx, KindForm, LooseForm, Values } from './task-form';

/**
 * Per-type layouts of the one task form, keyed by task type: values, body, fields. The schema, price
 * and sending are the generic form's; the labels of the body fields are the operation's
 * (contracts/gen3d/operations.ts).
 */

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const txt = (v: unknown) => (str(v).trim() ? str(v).trim() : undefined);
const num = (v: unknown) => (str(v).trim() === '' ? undefined : Number(str(v)));
const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
const some = <T,>(a: readonly T[]) => (a.length ? a : undefined);

/** A task of the ledger by id: the one chained from, else the queue's. */
const taskById = (ctx: Ctx, id: string): { t: LedgerTask; faces: number | null } | null => {
  const key = id.trim();
  if (!key) return null;
  if (ctx.from?.id === key) return { t: ctx.from, faces: ctx.fromFaces ?? ctx.from.task.face_count };
  const t = ctx.tasks.find((x) => x.id === key);
  return t ? { t, faces: t.task.face_count } : null;
};

/** The labels an error names the form's fields by: the operation's for its body fields, then the form's own. */
const labelsOf = (type: KindType, own: Record<string, string> = {}) => ({ ...kindOf(type).fields, ...own });

/** The chain rule for a task named by id in `field`: its refusal beside that field. */
const idRule = (type: KindType, field: string, id: unknown, ctx: Ctx, via: 'input_task_id' | 'rig_task_id' = 'input_task_id') => {
  const found = taskById(ctx, str(id));
  const why = found ? refusalFor(type, chainSourceOf(found.t, found.faces), via, ctx.product) : null;
  return why ? { [field]: why } : undefined;
};

/** The chain rules for a model source: a task by id, a task's archived file, or a file's own face count and format. */
const sourceRule = (type: KindType) => (v: Values, ctx: Ctx) => {
  const m = v.model as ModelSourceValue;
  if (m.mode === 'task') return idRule(type, 'model', m.taskId, ctx);
  if (m.mode !== 'file' || !m.file) return undefined;
  const why = m.fromTask && ctx.from ? refusalFor(type, chainSourceOf(ctx.from, ctx.fromFaces ?? ctx.from.task.face_count), 'model_url') : modelRefusal(type, m.file);
  return why ? { model: why } : undefined;
};

const sourceDefault = (ctx: Ctx): ModelSourceValue => {
  if (!ctx.from) return emptySource;
  const base = { ...emptySource, taskId: ctx.from.id, fromTask: ctx.from.id };
  if (ctx.fromSignedUrl) return { ...base, mode: 'url', url: ctx.fromSignedUrl };
  return ctx.fromFile ? { ...base, mode: 'file', file: ctx.fromFile } : base;
};

function ModelField({ form }: { form: LooseForm }) {
  return <form.Field name="model">{(f) => <ModelSourceInput value={f.state.value as ModelSourceValue} onChange={(v) => f.handleChange(v)} errors={errorTexts(f.state.meta.errors)} />}</form.Field>;
}

function FormatsField({ form, hint }: { form: LooseForm; hint: string }) {
  return <form.Field name="target_formats">{(f) => <FormatChecks value={list(f.state.value)} onChange={(v) => f.handleChange(v)} hint={hint} errors={errorTexts(f.state.meta.errors)} />}</form.Field>;
}

function ImageField({ form, name, legend, hint }: { form: LooseForm; name: string; legend: string; hint?: string }) {
  return <form.Field name={name}>{(f) => <ImageInput legend={legend} value={str(f.state.value)} onChange={(v) => f.handleChange(v)} errors={errorTexts(f.state.meta.errors)} hint={hint} />}</form.Field>;
}

function ImagesField({ form, name, legend, max }: { form: LooseForm; name: string; legend: string; max: number }) {
  return <form.Field name={name}>{(f) => <ImageListInput legend={legend} value={list(f.state.value)} onChange={(v) => f.handleChange(v)} errors={errorTexts(f.state.meta.errors)} max={max} />}</form.Field>;
}

const poses = [
  { value: '', label: 'No pose' },
  { value: 'a-pose', label: 'A-pose' },
  { value: 't-pose', label: 'T-pose' },
];
const option = (v: string) => ({ value: v, label: v });

/** Image and multi-image to 3D share their options. */
const image3dDefaults = { ai_model: 'latest', should_texture: true, enable_pbr: false, pose_mode: '', target_formats: [] as string[] };
const image3dBody = (v: Values) => ({
  ai_model: v.ai_model,
  should_texture: v.should_texture,
  ...(v.should_texture && v.enable_pbr ? { enable_pbr: true } : {}),
  ...(v.pose_mode ? { pose_mode: v.pose_mode } : {}),
  target_formats: some(list(v.target_formats)),
});
function Image3dOptions({ form }: { form: LooseForm }) {
  const textured = useStore(form.store, (s) => s.values.should_texture === true);
  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <form.AppField name="ai_model">{(f) => <f.SelectField label="AI model" options={imageTo3dModels.map(option)} />}</form.AppField>
        <form.AppField name="pose_mode">{(f) => <f.SelectField label="Pose" hint="T-pose if you will rig it." options={poses} />}</form.AppField>
      </div>
      <form.AppField name="should_texture">{(f) => <f.CheckboxField label="Texture the model" />}</form.AppField>
      <form.AppField name="enable_pbr">{(f) => <f.CheckboxField label="PBR maps" disabled={!textured} hint={textured ? undefined : 'PBR maps need a textured model.'} />}</form.AppField>
      <FormatsField form={form} hint="None ticked: the service's default formats." />
    </>
  );
}

/** `input_task_id` of a chained image task, shown instead of the picture input. */
function FromTaskField({ form, name, label, hint }: { form: LooseForm; name: string; label: string; hint: string }) {
  return <form.AppField name={name}>{(f) => <f.TextField label={label} hint={hint} max={200} spellCheck={false} />}</form.AppField>;
}

/** The rig and the action, previewed on that rig once it is a task of the ledger. */
function AnimationFields({ form, ctx }: { form: LooseForm; ctx: Ctx }) {
  const rigId = useStore(form.store, (s) => str(s.values.rig_task_id).trim());
  const rig = taskById(ctx, rigId)?.t ?? null;
  return (
    <>
      <FromTaskField form={form} name="rig_task_id" label="Rigging task" hint="A SUCCEEDED rigging task (rig_task_id)." />
      <form.Field name="action_id">
        {(f) => <AnimationPicker actionId={str(f.state.value)} onChange={(id) => f.handleChange(id)} errors={errorTexts(f.state.meta.errors)} rigId={rigId} rig={rig} />}
      </form.Field>
    </>
  );
}

const modelKind = (type: KindType, extra: { defaults?: Values; labels?: Record<string, string>; body?: (v: Values) => Values; Fields?: KindForm['Fields']; submit: string }): KindForm => ({
  defaults: (ctx) => ({ model: sourceDefault(ctx), ...extra.defaults }),
  labels: labelsOf(type, { model: 'Model', ...extra.labels }),
  rename: { input_task_id: 'model', model_url: 'model' },
  toBody: (v) => ({ ...sourceBody(v.model as ModelSourceValue), ...extra.body?.(v) }),
  also: sourceRule(type),
  Fields: ({ form, ctx }) => (
    <>
      <ModelField form={form} />
      {extra.Fields ? <extra.Fields form={form} ctx={ctx} /> : null}
    </>
  ),
  submit: extra.submit,
});

function RetextureFields({ form }: { form: LooseForm }) {
  const both = useStore(form.store, (s) => str(s.values.text_style_prompt).trim() !== '' && str(s.values.image_style_url) !== '');
  return (
    <>
      <form.AppField name="text_style_prompt">{(f) => <f.TextAreaField label="Text style" hint="Describe the new surface: material, colours, style." max={PROMPT_MAX} rows={3} />}</form.AppField>
      <ImageField form={form} name="image_style_url" legend="Image style" hint="Give a text style, an image style, or both: when both are given, the image wins." />
      {both ? <Alert tone="warning" title="The image style wins">Both styles are given: the service styles the model from the image and ignores the text.</Alert> : null}
      <form.AppField name="enable_pbr">{(f) => <f.CheckboxField label="PBR maps" />}</form.AppField>
      <form.AppField name="enable_original_uv">{(f) => <f.CheckboxField label="Keep the model's own UVs" />}</form.AppField>
      <FormatsField form={form} hint="None ticked: the service's default formats." />
    </>
  );
}

function ResizeFields({ form }: { form: LooseForm }) {
  const by = useStore(form.store, (s) => s.values.size_by);
  return (
    <>
      <form.AppField name="size_by">
        {(f) => (
          <f.ChoiceField
            legend="Size by (exactly one)"
            inline
            options={[
              { value: 'height', label: 'Height' },
              { value: 'longest', label: 'Longest side' },
              { value: 'auto', label: 'Automatic' },
            ]}
          />
        )}
      </form.AppField>
      {by === 'auto' ? (
        <p className="text-sm text-muted">The service picks a real-world size for what the model shows.</p>
      ) : (
        <form.AppField name="metres">{(f) => <f.TextField label={by === 'height' ? 'Height in metres' : 'Longest side in metres'} type="number" inputMode="decimal" step="any" min={0} maxLength={12} />}</form.AppField>
      )}
      <form.AppField name="origin_at">{(f) => <f.SelectField label="Origin" options={[{ value: 'bottom', label: 'Bottom (stands on the floor)' }, { value: 'center', label: 'Centre' }]} />}</form.AppField>
    </>
  );
}

function ImageModelFields({ form, references }: { form: LooseForm; references: boolean }) {
  return (
    <>
      <form.AppField name="prompt">{(f) => <f.TextAreaField label="Prompt" max={PROMPT_MAX} rows={3} placeholder="a knight in silver armour, full body" />}</form.AppField>
      {references ? <ImagesField form={form} name="reference_image_urls" legend="Reference picture" max={5} /> : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <form.AppField name="ai_model">{(f) => <f.SelectField label="Image model" options={imageModels.map(option)} />}</form.AppField>
        <form.AppField name="aspect_ratio">{(f) => <f.SelectField label="Aspect ratio" options={[{ value: '', label: 'Service default' }, ...aspectRatios.map(option)]} />}</form.AppField>
        {references ? null : <form.AppField name="pose_mode">{(f) => <f.SelectField label="Pose" hint="For characters you will turn into models." options={poses} />}</form.AppField>}
      </div>
      <form.AppField name="generate_multi_view">{(f) => <f.CheckboxField label="Multi-view (front, side and back)" />}</form.AppField>
    </>
  );
}
const imageModelBody = (v: Values) => ({
  ai_model: v.ai_model,
  prompt: str(v.prompt),
  ...(v.generate_multi_view ? { generate_multi_view: true } : {}),
  ...(v.aspect_ratio ? { aspect_ratio: v.aspect_ratio } : {}),
});

function PrototypeFields({ form, ctx }: { form: LooseForm; ctx: Ctx }) {
  const input = useStore(form.store, (s) => s.values.input);
  const lamp = ctx.product === 'lamp';
  return (
    <>
      {lamp ? (
        <form.AppField name="input">
          {(f) => (
            <f.ChoiceField
              legend="Lamp from"
              inline
              options={[
                { value: 'image', label: 'A picture' },
                { value: 'text', label: 'Text' },
              ]}
            />
          )}
        </form.AppField>
      ) : null}
      {lamp && input === 'text' ? (
        <form.AppField name="text">{(f) => <f.TextAreaField label="Text" hint="What the lamp shows." max={800} rows={3} />}</form.AppField>
      ) : (
        <ImageField form={form} name="image_url" legend="Picture" hint="JPEG, PNG or WebP." />
      )}
      <form.AppField name="name">{(f) => <f.TextField label="Name (optional)" max={100} />}</form.AppField>
      <form.AppField name="remove_background">{(f) => <f.CheckboxField label="Remove the picture's background" />}</form.AppField>
    </>
  );
}

/** Every task type with a form has its layout: a type of the operations table without one fails to compile. */
export const kindForms: Record<KindType, KindForm> = {
  'image-to-3d': {
    defaults: (ctx) => ({ image_url: '', input_task_id: ctx.from?.id ?? '', ...image3dDefaults }),
    labels: labelsOf('image-to-3d'),
    toBody: (v, ctx) => ({ ...(ctx.from ? { input_task_id: txt(v.input_task_id) } : { image_url: str(v.image_url).trim() }), ...image3dBody(v) }),
    also: (v, ctx) => (ctx.from ? idRule('image-to-3d', 'input_task_id', v.input_task_id, ctx) : undefined),
    Fields: ({ form, ctx }) => (
      <>
        {ctx.from ? <FromTaskField form={form} name="input_task_id" label="Image task" hint="The pictures of this text-to-image or image-to-image task (input_task_id)." /> : <ImageField form={form} name="image_url" legend="Picture" hint="A picture of one object; sent as a data URI, or a URL the service can fetch." />}
        <Image3dOptions form={form} />
      </>
    ),
    submit: 'Queue image to 3D',
  },
  'multi-image-to-3d': {
    defaults: (ctx) => ({ image_urls: [''], input_task_id: ctx.from?.id ?? '', ...image3dDefaults }),
    labels: labelsOf('multi-image-to-3d'),
    toBody: (v, ctx) => (ctx.from ? { input_task_id: txt(v.input_task_id), ...image3dBody(v) } : { image_urls: list(v.image_urls).filter(Boolean), ...image3dBody(v) }),
    also: (v, ctx) => (ctx.from ? idRule('multi-image-to-3d', 'input_task_id', v.input_task_id, ctx) : undefined),
    Fields: ({ form, ctx }) => (
      <>
        {ctx.from ? <FromTaskField form={form} name="input_task_id" label="Image task" hint="The views of this image task (input_task_id)." /> : <ImagesField form={form} name="image_urls" legend="Picture" max={4} />}
        <Image3dOptions form={form} />
      </>
    ),
    submit: 'Queue multi-image to 3D',
  },
  retexture: modelKind('retexture', {
    defaults: { text_style_prompt: '', image_style_url: '', enable_pbr: false, enable_original_uv: false, target_formats: [] },
    body: (v) => ({
      text_style_prompt: txt(v.text_style_prompt),
      image_style_url: txt(v.image_style_url),
      ...(v.enable_pbr ? { enable_pbr: true } : {}),
      ...(v.enable_original_uv ? { enable_original_uv: true } : {}),
      ...(list(v.target_formats).length ? { target_formats: list(v.target_formats) } : {}),
    }),
    Fields: RetextureFields,
    submit: 'Queue retexture',
  }),
  remesh: modelKind('remesh', {
    defaults: { topology: 'triangle', target_polycount: '5000', target_formats: ['glb'] },
    body: (v) => ({ topology: v.topology, target_polycount: num(v.target_polycount), target_formats: some(list(v.target_formats)) }),
    Fields: ({ form }) => (
      <>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <form.AppField name="topology">{(f) => <f.SelectField label="Topology" options={[{ value: 'triangle', label: 'Triangles' }, { value: 'quad', label: 'Quads (quad-dominant)' }]} />}</form.AppField>
          <form.AppField name="target_polycount">{(f) => <f.TextField label="Target polycount" hint="100 to 300,000." type="number" inputMode="numeric" min={100} step={1} maxLength={6} />}</form.AppField>
        </div>
        <FormatsField form={form} hint="None ticked: GLB." />
      </>
    ),
    submit: 'Queue remesh',
  }),
  convert: modelKind('convert', {
    defaults: { target_formats: [] },
    body: (v) => ({ target_formats: list(v.target_formats) }),
    Fields: ({ form }) => <FormatsField form={form} hint="At least one. FBX and BLEND may come back empty in the sandbox, as the document allows." />,
    submit: 'Queue convert',
  }),
  resize: modelKind('resize', {
    defaults: { size_by: 'height', metres: '1.7', origin_at: 'bottom' },
    labels: { metres: 'Metres' },
    body: (v) => ({
      ...(v.size_by === 'height' ? { resize_height: num(v.metres) } : v.size_by === 'longest' ? { resize_longest_side: num(v.metres) } : { auto_size: true }),
      origin_at: v.origin_at,
    }),
    Fields: ResizeFields,
    submit: 'Queue resize',
  }),
  'uv-unwrap': modelKind('uv-unwrap', { submit: 'Queue UV unwrap', Fields: () => <p className="text-sm text-muted">A GLB of at most 40,000 faces; remesh a denser model first.</p> }),
  rig: modelKind('rig', {
    defaults: { height_meters: '1.7' },
    body: (v) => ({ height_meters: num(v.height_meters) }),
    Fields: ({ form }) => (
      <>
        <form.AppField name="height_meters">{(f) => <f.TextField label="Character height in metres" hint="Default 1.7. Humanoid bipedal characters of at most 300,000 faces." type="number" inputMode="decimal" step="any" min={0} maxLength={8} />}</form.AppField>
      </>
    ),
    submit: 'Queue rigging',
  }),
  animate: {
    defaults: (ctx) => ({ rig_task_id: ctx.from?.id ?? '', action_id: '' }),
    labels: labelsOf('animate'),
    toBody: (v) => ({ rig_task_id: txt(v.rig_task_id), action_id: num(v.action_id) }),
    also: (v, ctx) => idRule('animate', 'rig_task_id', v.rig_task_id, ctx, 'rig_task_id'),
    Fields: AnimationFields,
    submit: 'Queue animation',
  },
  'text-to-motion': {
    defaults: () => ({ prompt: '', mode: 'prime', duration: '5' }),
    labels: labelsOf('text-to-motion'),
    toBody: (v) => ({ prompt: str(v.prompt).trim(), mode: v.mode, duration: num(v.duration) }),
    Fields: ({ form }) => (
      <>
        <form.AppField name="prompt">{(f) => <f.TextAreaField label="Prompt" max={MOTION_PROMPT_MAX} rows={3} placeholder="a friendly wave, then a bow" />}</form.AppField>
        <div className="grid gap-4 sm:grid-cols-2">
          <form.AppField name="mode">{(f) => <f.SelectField label="Mode" hint="Prime is the careful one; swift answers sooner." options={[{ value: 'prime', label: 'Prime' }, { value: 'swift', label: 'Swift' }]} />}</form.AppField>
          <form.AppField name="duration">{(f) => <f.TextField label="Duration in seconds" hint="2 to 10, in steps of 0.5." type="number" inputMode="decimal" step="0.5" min={2} max={10} maxLength={4} />}</form.AppField>
        </div>
      </>
    ),
    submit: 'Queue text to motion',
  },
  'text-to-image': {
    defaults: () => ({ prompt: '', ai_model: 'nano-banana', aspect_ratio: '', pose_mode: '', generate_multi_view: false }),
    labels: labelsOf('text-to-image'),
    toBody: (v) => ({ ...imageModelBody(v), ...(v.pose_mode ? { pose_mode: v.pose_mode } : {}) }),
    Fields: ({ form }) => <ImageModelFields form={form} references={false} />,
    submit: 'Queue text to image',
  },
  'image-to-image': {
    defaults: () => ({ prompt: '', ai_model: 'nano-banana', aspect_ratio: '', generate_multi_view: false, reference_image_urls: [''] }),
    labels: labelsOf('image-to-image'),
    toBody: (v) => ({ ...imageModelBody(v), reference_image_urls: list(v.reference_image_urls).filter(Boolean) }),
    Fields: ({ form }) => <ImageModelFields form={form} references />,
    submit: 'Queue image to image',
  },
  'creative-lab-prototype': {
    defaults: () => ({ input: 'image', image_url: '', text: '', name: '', remove_background: false }),
    labels: labelsOf('creative-lab-prototype'),
    toBody: (v, ctx) => ({
      ...(ctx.product === 'lamp' && v.input === 'text' ? { text: txt(v.text) } : { image_url: txt(v.image_url) }),
      name: txt(v.name),
      ...(v.remove_background ? { remove_background: true } : {}),
    }),
    Fields: PrototypeFields,
    submit: 'Queue prototype',
  },
  'creative-lab-build': {
    defaults: (ctx) => ({ input_task_id: ctx.from?.id ?? '', name: '' }),
    labels: labelsOf('creative-lab-build'),
    toBody: (v) => ({ input_task_id: txt(v.input_task_id), name: txt(v.name) }),
    also: (v, ctx) => idRule('creative-lab-build', 'input_task_id', v.input_task_id, ctx),
    Fields: ({ form, ctx }) => (
      <>
        <FromTaskField form={form} name="input_task_id" label="Prototype task" hint={`A SUCCEEDED ${ctx.product} prototype created through the API (input_task_id).`} />
        <form.AppField name="name">{(f) => <f.TextField label="Name (optional)" max={100} />}</form.AppField>
      </>
    ),
    submit: 'Queue build',
  },
  'print-analyze': modelKind('print-analyze', { submit: 'Queue analysis', Fields: () => <p className="text-sm text-muted">By task id: a model-6 or preview task; an older model&apos;s output goes as a file.</p> }),
  'print-repair': modelKind('print-repair', { submit: 'Queue repair', Fields: () => <p className="text-sm text-muted">Returns a watertight GLB, geometry only: textures are dropped.</p> }),
  'print-multi-color': modelKind('print-multi-color', {
    defaults: { max_colors: '4', max_depth: '4' },
    body: (v) => ({ max_colors: num(v.max_colors), max_depth: num(v.max_depth) }),
    Fields: ({ form }) => (
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <form.AppField name="max_colors">{(f) => <f.TextField label="Most colours" hint="1 to 16." type="number" inputMode="numeric" min={1} step={1} maxLength={2} />}</form.AppField>
        <form.AppField name="max_depth">{(f) => <f.TextField label="Colour depth" hint="3 to 6." type="number" inputMode="numeric" min={3} step={1} maxLength={1} />}</form.AppField>
      </div>
    ),
    submit: 'Queue multi-color print',
  }),
};

