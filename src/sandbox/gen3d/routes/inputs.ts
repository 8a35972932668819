import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileMaker } from '../engine/files';
import type { Gen3dStore } from '../store/store';

/**
 * Inputs a task takes by URL (`image_url`, `model_url`, ...): a base64 data URI, saved into the new
 * task's folder, or a file of this sandbox (`…/files/<task>/<name>`), read in place. The sandbox
 * fetches nothing from elsewhere (ARCHITECTURE.md, convention 10): any other URL is refused with 400.
 */
export type Saved = { path: string; url: string };
export type InputError = { error: string };

const extOf: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/jpg': 'jpg', 'image/webp': 'webp', 'model/gltf-binary': 'glb', 'model/stl': 'stl', 'model/obj': 'obj' };

export class InputSaver {
  private n = 0;
  readonly dir: string;
  constructor(
    private readonly files: FileMaker,
    private readonly store: Gen3dStore,
    readonly taskId: string,
    private readonly base: string,
  ) {
    this.dir = files.taskDir(taskId);
  }

  /** Saves or locates one input; `what` names the field in a refusal. */
  take(value: string, what: string): Saved | InputError {
    const data = /^data:([\w.+-]+\/[\w.+-]+);base64,(.*)$/s.exec(value);
    if (data) {
      const bytes = Buffer.from(data[2] ?? '', 'base64');
      if (bytes.length === 0) return { error: `${what} holds an empty data URI.` };
      const name = `input_${this.n++}.${extOf[data[1]!.toLowerCase()] ?? 'bin'}`;
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      writeFileSync(join(this.dir, name), bytes, { mode: 0o600 });
      return { path: join(this.dir, name), url: `${this.base}/files/${this.taskId}/${name}` };
    }
    const own = ownFile(value);
    if (own) {
      const owner = this.store.ownerOf(own.taskId);
      if (owner && this.files.read(own.taskId, own.name)) return { path: this.files.path(own.taskId, own.name), url: value };
      return { error: `${what} names a file of this sandbox that does not exist (or has expired).` };
    }
    return { error: `${what} must be a base64 data URI or a file URL of this sandbox: the sandbox fetches nothing from elsewhere.` };
  }

  /** Drops what was saved (the task was not created). */
  discard() {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A file URL of the sandbox: `…/files/<task id>/<name>`. */
export function ownFile(url: string): { taskId: string; name: string } | null {
  try {
    const m = /\/files\/([\w-]{1,100})\/([\w.-]{1,100})$/.exec(new URL(url).pathname);
    return m ? { taskId: m[1]!, name: m[2]! } : null;
  } catch {
    return null;
  }
}
