import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFormats } from '../mesh/formats';
import { readModel, writeGlb, type GlbOptions } from '../mesh/io';
import type { Rgba } from '../mesh/image';
import { soupThumbnail } from '../mesh/render';
import { faceCount, vertexCount, type Soup } from '../mesh/soup';
import { checkBytes, checkCounts, type JobLimits } from './limits';
import type { JobResult } from './types';

/** Reads a job's inputs within its limits, and collects its output files (written into the task's folder) and its record facts. */
export class Output {
  readonly result: JobResult = { files: {}, meta: {} };
  constructor(
    readonly dir: string,
    readonly limits: JobLimits,
  ) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  /** An input file's bytes, refused over the byte limit before it is read. */
  input(path: string): Uint8Array {
    checkBytes(path, this.limits);
    return read(path);
  }

  /** An input model, refused over the byte limit before it is read and over the triangle or vertex limit once parsed. */
  inputModel(path: string): Promise<Soup> {
    return this.parseModel(this.input(path));
  }

  /** A model from an input's bytes, refused over the triangle or vertex limit once parsed. */
  parseModel(bytes: Uint8Array): Promise<Soup> {
    return readModel(bytes, (triangles, vertices) => checkCounts(triangles, vertices, this.limits));
  }

  put(key: string, name: string, bytes: Uint8Array) {
    writeFileSync(join(this.dir, name), bytes, { mode: 0o600 });
    this.result.files[key] = name;
  }

  /** A model in every asked format (GLB always), its thumbnail, and its face and vertex counts. */
  async model(soup: Soup, formats: readonly string[], opts: GlbOptions & { texture?: Rgba | null; faces?: number; views?: boolean } = {}) {
    const glb = await writeGlb(soup, { vertexColors: true, ...opts });
    const written = await writeFormats(soup, [...new Set(['glb', ...formats])], glb);
    for (const [format, bytes] of Object.entries(written)) this.put(format, `model.${format}`, bytes);
    this.put('thumbnail', 'thumbnail.png', soupThumbnail(soup, opts.texture ?? null));
    // multi_view_thumbnails (live): front, right, back and left views.
    if (opts.views) for (const [i, view] of (['front', 'right', 'back', 'left'] as const).entries()) this.put(`thumb_${view}`, `thumbnail_${view}.png`, soupThumbnail(soup, opts.texture ?? null, { yaw: (i * Math.PI) / 2, pitch: 0.15 }));
    this.result.meta.face_count = opts.faces ?? faceCount(soup);
    this.result.meta.vertex_count = vertexCount(soup);
  }

  /** A file that is kept beside the outputs but named by no record field. */
  keep(key: string, name: string, text: string) {
    writeFileSync(join(this.dir, name), text, { mode: 0o600 });
    this.result.files[key] = name;
  }

  facts(f: Record<string, unknown>) {
    this.result.meta.facts = { ...this.result.meta.facts, ...f };
  }
}

export const read = (path: string) => new Uint8Array(readFileSync(path));
