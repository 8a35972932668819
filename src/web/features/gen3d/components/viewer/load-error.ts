/** Why a model could not be shown, in terms the page can explain. */
export type LoadFailure =
  { kind: 'http'; status: number; message: string | null } | { kind: 'invalid'; reason: string } | { kind: 'network' };

export class ViewerLoadError extends Error {
  readonly failure: LoadFailure;
  constructor(failure: LoadFailure) {
    super(failure.kind === 'http' ? `HTTP ${failure.status}` : failure.kind === 'invalid' ? failure.reason : 'Network error');
    this.name = 'ViewerLoadError';
    this.failure = failure;
  }
}

/** Reads the BFF's `{"error":{"message"}}` body; anything else gives null. */
export async function readErrorMessage(res: Response): Promise<string | null> {
  try {
    const text = await res.text();
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const error: unknown = body.error;
      if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
        return error.message.trim() || null;
      }
    }
  } catch {
    // not JSON, or the body could not be read: no message
  }
  return null;
}

/** Any thrown value to a failure; fetch's TypeError (and a broken stream) means the server was not reached. */
export function toFailure(error: unknown): LoadFailure {
  if (error instanceof ViewerLoadError) return error.failure;
  if (error instanceof TypeError) return { kind: 'network' };
  return { kind: 'invalid', reason: cleanReason(error) };
}

/** The parser's reason without three's "THREE.GLTFLoader:" prefix. */
export function cleanReason(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const text = raw.replace(/^THREE\.GLTFLoader:\s*/, '').trim();
  return text || 'the parser gave no reason';
}

const expired = new Set([403, 404, 410]);

/** A title and an explanation in plain sentences. */
export function describeFailure(failure: LoadFailure): { title: string; detail: string } {
  switch (failure.kind) {
    case 'http': {
      const server = failure.message ? ` The server said: “${withStop(failure.message)}”` : '';
      if (expired.has(failure.status)) {
        return {
          title: 'The model file has expired or was removed',
          detail: `The service deletes generated files 3 days after a task finishes (HTTP ${failure.status}). Run the task again to get a new model.${server}`,
        };
      }
      return {
        title: `The model could not be downloaded (HTTP ${failure.status})`,
        detail: `${failure.message ? `The server said: “${withStop(failure.message)}”` : 'The console server answered with an error.'} Try again in a moment.`,
      };
    }
    case 'invalid':
      return {
        title: 'The file is not a valid GLB model',
        detail: `The parser reported: ${withStop(failure.reason)}`,
      };
    case 'network':
      return {
        title: 'Could not reach the console server',
        detail: 'Check your connection and that the console is still running, then try again.',
      };
  }
}

const withStop = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);
