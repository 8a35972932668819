// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { LedgerTask } from '../../../contracts/bff';
import { viewableModel } from '../../../contracts/gen3d/viewable-model';
import { analyzedSource } from './model-source';

const task = (t: Partial<LedgerTask['task']>, request: Record<string, unknown> = {}, parentId: string | null = null) =>
  ({ id: 'x', parentId, request, task: { model_urls: {}, result: null, image_urls: [], ...t } }) as unknown as LedgerTask;

describe('what the viewer shows for a task', () => {
  it('a rig shows its character with the walking and running clips', () => {
    const rig = task({ type: 'rig', result: { rigged_character_glb_url: '/api/files/r/c', basic_animations: { walking_glb_url: '/api/files/r/w', running_glb_url: '/api/files/r/r' } } });
    expect(viewableModel(rig)).toEqual({ src: '/api/files/r/c', clips: [{ label: 'Walking', src: '/api/files/r/w' }, { label: 'Running', src: '/api/files/r/r' }] });
  });

  it('an animation shows its GLB; a multi-colour print its 3MF; a model its GLB', () => {
    expect(viewableModel(task({ type: 'animate', result: { animation_glb_url: '/api/files/a/g' } }))?.src).toBe('/api/files/a/g');
    expect(viewableModel(task({ type: 'print-multi-color', model_urls: { '3mf': '/api/files/m/3' } }))?.src).toBe('/api/files/m/3');
    expect(viewableModel(task({ type: 'remesh', model_urls: { glb: '/api/files/m/g', fbx: '/api/files/m/f' } }))?.src).toBe('/api/files/m/g');
  });

  it('never points the browser at another host', () => {
    expect(viewableModel(task({ type: 'remesh', model_urls: { glb: 'https://assets.example/m.glb' } }))).toBeNull();
  });

  it('a print analysis looks at its data URI, else its input task', () => {
    expect(analyzedSource(task({ type: 'print-analyze' }, { model_url: 'data:model/gltf-binary;base64,AA' }))).toEqual({ url: 'data:model/gltf-binary;base64,AA' });
    expect(analyzedSource(task({ type: 'print-analyze' }, { input_task_id: 'p1' }))).toEqual({ inputTaskId: 'p1' });
    expect(analyzedSource(task({ type: 'print-analyze' }, { model_url: 'https://far.example/m.glb' }, 'p2'))).toEqual({ inputTaskId: 'p2' });
  });
});
