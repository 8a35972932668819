import { describe, expect, it } from 'vitest';
import { ConvertRequest, PrintMultiColorRequest, ResizeRequest, RetextureRequest, TextTo3dRequest } from './requests';

const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('text to 3D bodies', () => {
  it('accept the document preview and refine bodies', () => {
    expect(TextTo3dRequest.safeParse({ mode: 'preview', prompt: 'a chair', ai_model: 'latest', pose_mode: 't-pose', target_formats: ['glb', '3mf'] }).success).toBe(true);
    expect(TextTo3dRequest.safeParse({ mode: 'refine', preview_task_id: 'abc', enable_pbr: true }).success).toBe(true);
  });

  it('read live model names as the document names', () => {
    const r = TextTo3dRequest.parse({ mode: 'preview', prompt: 'a chair', ai_model: 'meshy-5' });
    expect(r.ai_model).toBe('model-5');
  });

  it('refuse model-4 with the reason', () => {
    expect(issues(TextTo3dRequest.safeParse({ mode: 'preview', prompt: 'x', ai_model: 'model-4' }))).toEqual(['ai_model: model-4 is retired; choose latest, model-6 or model-5']);
  });

  it('name the field and the reason for each mistake', () => {
    expect(issues(TextTo3dRequest.safeParse({ mode: 'preview', prompt: '   ' }))).toEqual(['prompt: Write a prompt that describes the model']);
    expect(issues(TextTo3dRequest.safeParse({ mode: 'preview', prompt: 'x', target_formats: ['gltf'] }))[0]).toMatch(/^target_formats.0: each target format/);
    expect(issues(TextTo3dRequest.safeParse({ mode: 'preview', prompt: 'x', target_formats: ['glb', 'glb'] }))).toEqual(['target_formats: target_formats lists a format twice']);
    expect(issues(TextTo3dRequest.safeParse({ mode: 'preview', prompt: 'x', ai_model: 'model-5', hd_texture: true }))).toEqual([
      'hd_texture: hd_texture is only available with model-6 or latest',
    ]);
    expect(issues(TextTo3dRequest.safeParse({ mode: 'refine' }))).toEqual(['preview_task_id: preview_task_id is required']);
    expect(issues(TextTo3dRequest.safeParse({ mode: 'sculpt', prompt: 'x' }))).toEqual(['mode: mode must be preview or refine']);
  });

  it('type the live fields the document omits, and drop fields nobody knows', () => {
    expect(issues(TextTo3dRequest.safeParse({ mode: 'preview', prompt: 'x', moderation: 'yes' }))).toEqual(['moderation: must be a boolean']);
    const parsed = TextTo3dRequest.safeParse({ mode: 'preview', prompt: 'x', moderation: true, model_type: 'lowpoly', some_future_field: 1 });
    expect(parsed.success && parsed.data).toEqual({ mode: 'preview', prompt: 'x', moderation: true, model_type: 'lowpoly' });
    const refine = TextTo3dRequest.safeParse({ mode: 'refine', preview_task_id: 't1', target_formats: ['glb'], remove_lighting: true, texture_resolution: 2048 });
    expect(refine.success).toBe(true);
  });

  it('hold prompts to the live limit of 600 characters, saying so', () => {
    expect(issues(TextTo3dRequest.safeParse({ mode: 'preview', prompt: 'a'.repeat(601) }))).toEqual(['prompt: prompt takes at most 600 characters']);
    expect(TextTo3dRequest.safeParse({ mode: 'preview', prompt: 'a'.repeat(600) }).success).toBe(true);
  });

  it('accept the deprecated fields without effect', () => {
    expect(TextTo3dRequest.safeParse({ mode: 'preview', prompt: 'x', art_style: 'realistic', symmetry_mode: 'auto', is_a_t_pose: false }).success).toBe(true);
  });
});

describe('other operations', () => {
  it('need exactly one model source', () => {
    expect(ConvertRequest.safeParse({ target_formats: ['fbx'] }).success).toBe(false);
    expect(ConvertRequest.safeParse({ input_task_id: 'a', model_url: 'https://x/y.glb', target_formats: ['fbx'] }).success).toBe(false);
    expect(ConvertRequest.safeParse({ input_task_id: 'a', target_formats: ['fbx'] }).success).toBe(true);
  });

  it('need exactly one resize option', () => {
    expect(ResizeRequest.safeParse({ input_task_id: 'a', resize_height: 1, auto_size: true }).success).toBe(false);
    expect(ResizeRequest.safeParse({ input_task_id: 'a', auto_size: true, origin_at: 'bottom' }).success).toBe(true);
  });

  it('need a style for retexture', () => {
    expect(RetextureRequest.safeParse({ input_task_id: 'a' }).success).toBe(false);
    expect(RetextureRequest.safeParse({ input_task_id: 'a', image_style_url: 'data:image/png;base64,AAAA' }).success).toBe(true);
  });

  it('keep multi-colour limits', () => {
    expect(PrintMultiColorRequest.safeParse({ input_task_id: 'a', max_colors: 17 }).success).toBe(false);
    expect(PrintMultiColorRequest.safeParse({ input_task_id: 'a', max_depth: 2 }).success).toBe(false);
    expect(PrintMultiColorRequest.safeParse({ model_url: 'https://x/y.glb', max_colors: 16, max_depth: 6 }).success).toBe(true);
  });
});

describe('what the official clients send', () => {
  it('type their fields: image models, texture_resolution 2k/4k/8k, meshy-N and meshy-tN, lamp text, build options', async () => {
    const r = await import('./requests');
    expect(r.ImageTo3dRequest.safeParse({ image_url: 'data:image/png;base64,AA', ai_model: 'meshy-7', model_type: 'smart-topology', texture_resolution: '4k', moderation: false, ultra_mode: true }).success).toBe(true);
    expect(r.ImageTo3dRequest.safeParse({ input_task_id: 't1', ai_model: 'meshy-t2' }).success).toBe(true);
    expect(r.ImageTo3dRequest.safeParse({ image_url: 'https://x/a.png', input_task_id: 't1' }).success).toBe(false);
    expect(r.ImageTo3dRequest.safeParse({ image_url: 'https://x/a.png', ai_model: 'meshy-4' }).error?.issues[0]?.message).toMatch(/model-4 is retired/);
    expect(r.TextToImageRequest.safeParse({ ai_model: 'gpt-image-2-5-sunburst', prompt: 'x', aspect_ratio: '2:3' }).success).toBe(true);
    expect(r.TextToImageRequest.safeParse({ ai_model: 'dall-e', prompt: 'x' }).success).toBe(false);
    expect(r.RemeshRequest.safeParse({ input_task_id: 'a', model_url: 'https://x/m.glb', resize_height: 0, convert_format_only: false, target_formats: ['glb'] }).success).toBe(true);
    expect(r.RetextureRequest.safeParse({ input_task_id: 'a', multiview_image_urls: ['https://x/1.png'], ai_model: 'meshy-7', enable_original_uv: true }).success).toBe(true);
    expect(r.AnimationRequest.safeParse({ rig_task_id: 'r', action_id: 1, post_process: { operation_type: 'change_fps', fps: 30 } }).success).toBe(true);
    expect(r.LampPrototypeRequest.safeParse({ text: 'a lighthouse', image_subject: 'landscape' }).success).toBe(true);
    expect(r.PrototypeRequest.safeParse({ text: 'a lighthouse' }).success).toBe(false);
    expect(r.BuildRequest.safeParse({ input_task_id: 'p', name: 'x', options: { diameter_mm: 120 }, output: { format: 'stl' }, candidate_id: 'c1' }).success).toBe(true);
  });
});
