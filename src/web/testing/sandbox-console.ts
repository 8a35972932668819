import { inject, vi } from 'vitest';

/**
 * For `*.sandbox.test.tsx` (the web-sandbox test project, vite.config.ts): the web's same-origin
 * requests (`/api/…`) go to the real console its global setup started on the sandbox. Nothing is
 * answered here: only the origin the page would have is added. Answers the console's origin and
 * the requests sent (method and path), to show what never left.
 */
export function sendToSandboxConsole(): { origin: string; sent: string[] } {
  const origin = inject('bffOrigin');
  const send = globalThis.fetch;
  const sent: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return send(new URL(String(input), origin), init);
  });
  return { origin, sent };
}
