// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeFailure, readErrorMessage, toFailure, ViewerLoadError } from './load-error';

describe('why a model cannot be shown, in sentences', () => {
  it('an expired or removed file says so and what to do, with the server’s own message', async () => {
    const res = new Response(JSON.stringify({ error: { status: 410, message: 'This file has expired.' } }), { status: 410 });
    const failure = toFailure(new ViewerLoadError({ kind: 'http', status: 410, message: await readErrorMessage(res) }));
    expect(describeFailure(failure)).toEqual({
      title: 'The model file has expired or was removed',
      detail: 'The service deletes generated files 3 days after a task finishes (HTTP 410). Run the task again to get a new model. The server said: “This file has expired.”',
    });
  });

  it('a file that is not a GLB names the parser’s reason', () => {
    expect(describeFailure(toFailure(new Error('THREE.GLTFLoader: Unsupported asset. glTF versions >=2.0 are supported.')))).toEqual({
      title: 'The file is not a valid GLB model',
      detail: 'The parser reported: Unsupported asset. glTF versions >=2.0 are supported.',
    });
  });

  it('a dropped connection reads as the server not reached', () => {
    expect(describeFailure(toFailure(new TypeError('Failed to fetch'))).title).toBe('Could not reach the console server');
  });

  it('a server error keeps its status', async () => {
    const message = await readErrorMessage(new Response('<html>oops</html>', { status: 502 }));
    expect(message).toBeNull();
    expect(describeFailure({ kind: 'http', status: 502, message }).title).toBe('The model could not be downloaded (HTTP 502)');
  });
});
