import { mkdirSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ExtraFormat } from './model';
import { generateModel } from './model';
import type { Gen3dStore, TaskRow } from '../store/store';

export type TaskFiles = Record<string, string>;

const extraFormats: readonly ExtraFormat[] = ['obj', 'stl', '3mf'];
/** Formats the sandbox makes when the request names none ("3mf appears only when requested"). */
const defaultFormats = ['glb', 'obj', 'stl'];

export const contentTypes: Record<string, string> = {
  glb: 'model/gltf-binary',
  obj: 'model/obj',
  stl: 'model/stl',
  '3mf': 'model/3mf',
  png: 'image/png',
};

/**
 * Makes each task's files once, in the background, one generation at a time (the machine has
 * two cores and the HTTP server shares them).
 */
export class FileMaker {
  private queue: Promise<void> = Promise.resolve();
  private pending = new Set<string>();

  constructor(
    private readonly dir: string,
    private readonly store: Gen3dStore,
  ) {}

  path(taskId: string, name: string): string {
    return join(this.dir, taskId, name);
  }

  read(taskId: string, name: string): Buffer | null {
    if (!/^[\w.-]+$/.test(name) || !/^[\w-]+$/.test(taskId)) return null;
    const p = this.path(taskId, name);
    return existsSync(p) ? readFileSync(p) : null;
  }

  /** Starts generating a task's files unless that is done or under way. */
  ensure(row: TaskRow, source: { prompt: string; poseMode: string; formats: string[] | undefined }) {
    if (row.files || this.pending.has(row.id)) return;
    this.pending.add(row.id);
    this.queue = this.queue
      .then(() => this.make(row, source))
      .catch((err: unknown) => console.error(`sandbox: generating ${row.id} failed`, err))
      .finally(() => this.pending.delete(row.id));
  }

  /** Resolves when every queued generation has finished (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue;
  }

  private async make(row: TaskRow, source: { prompt: string; poseMode: string; formats: string[] | undefined }) {
    const request = JSON.parse(row.request) as { enable_pbr?: boolean; hd_texture?: boolean };
    const refine = row.type === 'text-to-3d-refine';
    const wanted = source.formats ?? defaultFormats;
    const model = await generateModel(
      {
        prompt: source.prompt,
        stage: refine ? 'refine' : 'preview',
        enablePbr: refine && !!request.enable_pbr,
        hdTexture: refine && !!request.hd_texture,
        poseMode: source.poseMode === 'a-pose' || source.poseMode === 't-pose' ? source.poseMode : '',
      },
      extraFormats.filter((f) => wanted.includes(f)),
    );
    const dir = join(this.dir, row.id);
    mkdirSync(dir, { recursive: true });
    const files: TaskFiles = {};
    const put = (key: string, name: string, bytes: Uint8Array) => {
      writeFileSync(join(dir, name), bytes);
      files[key] = name;
    };
    put('glb', 'model.glb', model.glb);
    for (const [format, bytes] of Object.entries(model.formats)) put(format, `model.${format}`, bytes);
    put('thumbnail', 'thumbnail.png', model.thumbnailPng);
    for (const [channel, bytes] of Object.entries(model.textures)) {
      if (bytes) put(`texture_${channel}`, `texture_${channel}.png`, bytes);
    }
    this.store.update(row.id, { files: JSON.stringify(files), face_count: model.faceCount });
  }
}
