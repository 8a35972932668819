// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LOCAL_MODEL_MAX_BYTES, localFileProblem } from './local-model-inspector';

describe('which local files the inspector opens', () => {
  it('takes .glb and .3mf files of some size, and says why not otherwise', () => {
    expect(localFileProblem({ name: 'robot.GLB', size: 10 })).toBeNull();
    expect(localFileProblem({ name: 'print.3mf', size: 10 })).toBeNull();
    expect(localFileProblem({ name: 'notes.txt', size: 10 })).toBe('“notes.txt” is not a .glb or .3mf file.');
    expect(localFileProblem({ name: 'empty.glb', size: 0 })).toBe('“empty.glb” is empty.');
    expect(localFileProblem({ name: 'huge.glb', size: LOCAL_MODEL_MAX_BYTES + 1 })).toMatch(/opens files up to 512 MB/);
  });
});
