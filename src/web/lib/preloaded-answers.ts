/*
 * Answers the server put into the page it served (`<script type="application/json"
 * id="triptych-preloaded-answers">`, by API path): the page it foresaw, a finished task's, renders
 * without asking for them again. Each is taken once, and only while the page is fresh: any later
 * read asks the server.
 */

const ELEMENT_ID = 'triptych-preloaded-answers';
/** After this long from the page's load, the answers it carried are not used. */
const FRESH_MS = 10_000;

let answers: Map<string, unknown> | null = null;

function read(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID);
  if (!element?.textContent) return answers;
  try {
    const body = JSON.parse(element.textContent) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) for (const [path, answer] of Object.entries(body)) answers.set(path, answer);
  } catch {
    // Not readable: every read goes to the server, as without it.
  }
  element.remove();
  return answers;
}

/** The answer the page carries for a GET of `path`, once; `undefined` when it carries none. */
export function takeFirstAnswer(path: string): unknown {
  if (typeof performance !== 'undefined' && performance.now() > FRESH_MS) {
    answers = new Map();
    return undefined;
  }
  const all = read();
  if (!all.has(path)) return undefined;
  const answer = all.get(path);
  all.delete(path);
  return answer;
}
