import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gen3dOps } from '../../../../contracts/gen3d/routes';
import { useCreateTask, useCreateTextTo3d } from './create';
import { useDeleteTask } from './mutations';
import { gen3dQueries } from './queries';

afterEach(() => vi.unstubAllGlobals());

const ledgerTask = (id: string, createPath: string) => ({
  id,
  service: 'gen3d',
  createPath,
  mode: 'sandbox',
  parentId: null,
  request: {},
  createdAt: 1,
  updatedAt: 1,
  archived: false,
  task: { id, type: null, status: 'PENDING', progress: 0, created_at: 1 },
  watch: { active: true, lastError: null, nextCheckAt: null },
});

/** A console that queues every task as `t-new` and answers its ledger record; the requests it saw. */
function fakeConsole() {
  const requests: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ method, url, body: init.body === undefined ? undefined : JSON.parse(init.body as string) });
    const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    if (url.startsWith('/api/ledger/gen3d/tasks/')) return json(200, ledgerTask(decodeURIComponent(url.split('/').pop() as string), '/openapi/v1/remesh'));
    if (method === 'POST') return json(202, { result: 't-new' });
    return Promise.resolve(new Response(null, { status: 204 }));
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The balance and the counts are held, as the queue holds them.
  qc.setQueryData(gen3dQueries.balance().queryKey, 100);
  qc.setQueryData(gen3dQueries.summary().queryKey, { service: 'gen3d', total: 0, byStatus: {}, byType: {} });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  const stale = () => [gen3dQueries.balance(), gen3dQueries.summary()].map((q) => qc.getQueryState(q.queryKey)?.isInvalidated);
  return { requests, qc, wrapper, stale };
}

describe('every 3D create and delete goes through the route table, with one rule after it', () => {
  it("a preview and a task form's create are sent to their operation's path, then the task is read and the balance and counts go stale", async () => {
    const creates: Array<[() => ReturnType<typeof useCreateTask>, string, object]> = [
      // The queue's preview form (useCreateTextTo3d): no operation named, text to 3D.
      [() => useCreateTask(), '/api/gen3d/openapi/v2/text-to-3d', { mode: 'preview', prompt: 'a chair' }],
      [() => useCreateTask(gen3dOps['remesh.create']), '/api/gen3d/openapi/v1/remesh', { input_task_id: 't-1', target_formats: ['glb'] }],
    ];
    for (const [use, path, body] of creates) {
      const c = fakeConsole();
      const { result } = renderHook(use, { wrapper: c.wrapper });
      act(() => result.current.mutate(body));
      await waitFor(() => expect(result.current.data).toBe('t-new'));
      expect(c.requests[0]).toEqual({ method: 'POST', url: path, body });
      await waitFor(() => expect(c.requests.map((r) => r.url)).toContain('/api/ledger/gen3d/tasks/t-new'));
      expect(c.stale()).toEqual([true, true]);
      expect(c.qc.getQueryData(gen3dQueries.task('t-new').queryKey)).toMatchObject({ id: 't-new' });
    }
  });

  it('a body the operation refuses is never sent', async () => {
    const c = fakeConsole();
    const { result } = renderHook(() => useCreateTextTo3d(), { wrapper: c.wrapper });
    act(() => result.current.mutate({ mode: 'preview', prompt: '' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toMatch(/^Nothing was sent: prompt/);
    expect(c.requests).toEqual([]);
  });

  it("a delete is sent to the delete of the task's create path, then follows the same rule; a path the table lacks is not sent", async () => {
    const c = fakeConsole();
    const { result } = renderHook(() => useDeleteTask(), { wrapper: c.wrapper });
    act(() => result.current.mutate({ id: 't-1', createPath: '/openapi/v1/remesh', request: {} }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(c.requests[0]).toEqual({ method: 'DELETE', url: '/api/gen3d/openapi/v1/remesh/t-1', body: undefined });
    await waitFor(() => expect(c.stale()).toEqual([true, true]));

    act(() => result.current.mutate({ id: 't-2', createPath: '/openapi/v1/unknown', request: {} }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toMatch(/knows no delete for tasks made on \/openapi\/v1\/unknown/);
    expect(c.requests.filter((r) => r.url.includes('unknown'))).toEqual([]);
  });
});
