import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from '../../contracts/zod';

const Task = z.object({ id: z.string(), status: z.string() });

/** The page as the server sends it for a foreseen page: the answers in a JSON script. */
function carry(answers: unknown) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'triptych-preloaded-answers';
  script.textContent = JSON.stringify(answers);
  document.head.append(script);
}

describe('answers the page carries', () => {
  // The page opened 0.1 s ago (answers are used only while it is fresh).
  beforeEach(() => {
    vi.resetModules();
    vi.spyOn(performance, 'now').mockReturnValue(100);
  });
  afterEach(() => {
    document.getElementById('triptych-preloaded-answers')?.remove();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('the first read of a carried path asks nobody; the next one asks the server', async () => {
    carry({ '/api/ledger/gen3d/tasks/t1': { id: 't1', status: 'SUCCEEDED' } });
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (path: string) => {
      fetched.push(path);
      return new Response(JSON.stringify({ id: 't1', status: 'IN_PROGRESS' }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const { api } = await import('./api');
    expect(await api('/api/ledger/gen3d/tasks/t1', Task)).toEqual({ id: 't1', status: 'SUCCEEDED' });
    expect(fetched).toEqual([]);
    expect(await api('/api/ledger/gen3d/tasks/t1', Task)).toEqual({ id: 't1', status: 'IN_PROGRESS' });
    expect(fetched).toEqual(['/api/ledger/gen3d/tasks/t1']);
    // Another path, and a write to the carried one, always go to the server.
    await api('/api/ledger/gen3d/tasks/t2', Task);
    expect(fetched).toHaveLength(2);
  });

  it('a write is never answered from the page', async () => {
    carry({ '/api/x': { id: 'x', status: 'carried' } });
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ id: 'x', status: 'written' }), { status: 200 }));
    const { api } = await import('./api');
    expect(await api('/api/x', Task, { method: 'POST', json: {} })).toEqual({ id: 'x', status: 'written' });
  });

  it('a carried answer that does not fit the contract is refused in words, as a server answer would be', async () => {
    carry({ '/api/x': { id: 3 } });
    const { api } = await import('./api');
    await expect(api('/api/x', Task)).rejects.toThrow(/cannot read \(id: /);
  });

  it('answers carried by a page open for a while are not used', async () => {
    carry({ '/api/x': { id: 'x', status: 'carried' } });
    vi.spyOn(performance, 'now').mockReturnValue(20_000);
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ id: 'x', status: 'asked' }), { status: 200 }));
    const { api } = await import('./api');
    expect(await api('/api/x', Task)).toEqual({ id: 'x', status: 'asked' });
  });

  it('unreadable carried answers are ignored: the server is asked', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'triptych-preloaded-answers';
    script.textContent = '{not json';
    document.head.append(script);
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ id: 'x', status: 'asked' }), { status: 200 }));
    const { api } = await import('./api');
    expect(await api('/api/x', Task)).toEqual({ id: 'x', status: 'asked' });
  });
});
