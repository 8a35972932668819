import { QueryClientProvider, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gen3dOps } from '../../../../contracts/gen3d/routes';
import { callOperation } from '../../../lib/operation';
import { createQueryClient } from '../../../lib/query-client';
import { sendToSandboxConsole } from '../../../testing/sandbox-console';
import { PreviewForm } from '../components/preview-form';
import { kindForms } from '../new-task/kind-forms';
import { kindOf } from '../new-task/kinds';
import { TaskForm } from '../new-task/task-form';
import { useCreateTextTo3d } from './create';
import { useDeleteTask } from './mutations';
import { gen3dQueries } from './queries';

/** The console answers while its sandbox runs tasks in the same process: give it time. */
const WAIT = { timeout: 15_000 };

let sent: string[] = [];
beforeAll(() => {
  sent = sendToSandboxConsole().sent;
  // The router restores the scroll position, which jsdom does not do.
  window.scrollTo = () => undefined;
});
afterAll(() => vi.unstubAllGlobals());
afterEach(cleanup);

/** What the queue shows of what the tab holds: the balance, the ledger's count, the tasks listed. */
function Held() {
  const balance = useQuery(gen3dQueries.balance());
  const summary = useQuery(gen3dQueries.summary());
  const pages = useInfiniteQuery(gen3dQueries.pages({}));
  const listed = (pages.data?.pages ?? []).flatMap((p) => p.tasks.map((t) => t.id));
  return <output aria-label="Held">{`balance ${balance.data ?? '…'} · ${summary.data?.total ?? '…'} tasks · listed ${listed.join(' ')}`}</output>;
}

/** A tab with the queue's reads held and `form` on its page; a task page to go to once queued. */
function openConsole(form: ReactNode) {
  const qc = createQueryClient();
  const root = createRootRoute({ component: () => (<><Held /><Outlet /></>) });
  const page = createRoute({ getParentRoute: () => root, path: '/', component: () => form });
  const taskPage = createRoute({ getParentRoute: () => root, path: '/3d/tasks/$taskId', component: () => <p>Task page</p> });
  const router = createRouter({ routeTree: root.addChildren([page, taskPage]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<QueryClientProvider client={qc}><RouterProvider router={router} /></QueryClientProvider>);
  return { qc, router };
}

const held = () => screen.getByRole('status', { name: 'Held' }).textContent ?? '';
const figures = () => {
  const m = /^balance (\d+) · (\d+) tasks · listed (.*)$/.exec(held());
  return m ? { balance: Number(m[1]), total: Number(m[2]), listed: m[3]!.split(' ').filter(Boolean) } : null;
};

/** When each read the tab holds was last answered (or patched), to tell which a write refreshed. */
const stamps = (qc: QueryClient) => new Map(qc.getQueryCache().getAll().map((q) => [q.queryHash, q.state.dataUpdatedAt]));
/** The keys of the reads refreshed since `before`, the task's id written `:new`. */
const refreshedSince = (qc: QueryClient, before: Map<string, number>, id: string) =>
  qc
    .getQueryCache()
    .getAll()
    .filter((q) => before.get(q.queryHash) !== q.state.dataUpdatedAt)
    .map((q) => JSON.stringify(q.queryKey).replaceAll(id, ':new'))
    .sort();
/** What the rule after a create or a delete refreshes. */
const theRule = [gen3dQueries.balance(), gen3dQueries.pages({}), gen3dQueries.summary(), gen3dQueries.task(':new')].map((q) => JSON.stringify(q.queryKey)).sort();

/** Queues one task from a form; answers its id and the reads the create refreshed. */
async function queue(form: ReactNode, submit: () => void, newId: (c: ReturnType<typeof openConsole>) => string | null) {
  const c = openConsole(form);
  await vi.waitFor(() => expect(figures()).not.toBeNull(), WAIT);
  const before = figures()!;
  const stamped = stamps(c.qc);
  submit();
  const id = await vi.waitFor(() => newId(c) ?? Promise.reject(new Error('not queued yet')), WAIT);
  // What the operator sees once it is queued: the task listed, the count one more, the balance charged.
  await vi.waitFor(() => expect(figures()).toMatchObject({ total: before.total + 1, listed: expect.arrayContaining([id]) }), WAIT);
  await vi.waitFor(() => expect(figures()!.balance).toBeLessThan(before.balance), WAIT);
  const refreshed = refreshedSince(c.qc, stamped, id);
  cleanup();
  return { id, refreshed };
}

describe('every 3D create, from either form, is followed by the one rule', () => {
  it("the queue's preview form and the New task form refresh the same reads: the new task into the lists, the balance and the counts", async () => {
    const fromQueue = await queue(
      <PreviewForm />,
      () => {
        fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a red wooden chair' } });
        fireEvent.click(screen.getByRole('button', { name: 'Queue preview' }));
      },
      () => screen.queryByRole('link', { name: 'Open it' })?.getAttribute('href')?.split('/').pop() ?? null,
    );
    const kind = kindOf('text-to-image');
    const ctx = { product: 'figure', from: null, fromFaces: null, fromFile: null, fromSignedUrl: null, tasks: [] } as const;
    const fromNewTask = await queue(
      <TaskForm kind={kind} spec={kindForms['text-to-image']} ctx={ctx} />,
      () => {
        fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a knight in silver armour' } });
        fireEvent.click(screen.getByRole('button', { name: kindForms['text-to-image'].submit }));
      },
      (c) => /^\/3d\/tasks\/(.+)$/.exec(c.router.state.location.pathname)?.[1] ?? null,
    );
    expect(fromQueue.id).not.toBe(fromNewTask.id);
    expect(fromNewTask.refreshed).toEqual(fromQueue.refreshed);
    expect(fromQueue.refreshed).toEqual(theRule);
  });

  it("a delete is sent to the delete of the task's create path and follows the same rule; one the table has no delete for is not sent", async () => {
    const qc = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={qc}>
        <Held />
        {children}
      </QueryClientProvider>
    );
    const { result } = renderHook(() => ({ create: useCreateTextTo3d(), remove: useDeleteTask() }), { wrapper });
    act(() => result.current.create.mutate({ mode: 'preview', prompt: 'a lamp to cancel' }));
    const id = await vi.waitFor(() => result.current.create.data ?? Promise.reject(new Error('not queued yet')), WAIT);
    await vi.waitFor(() => expect(figures()?.listed).toContain(id), WAIT);
    // The create's own rule has run its course before the delete.
    await vi.waitFor(() => expect(qc.isFetching()).toBe(0), WAIT);
    const stamped = stamps(qc);
    const requests = sent.length;
    act(() => result.current.remove.mutate({ id, createPath: gen3dOps['textTo3d.create'].path, request: {} }));
    await vi.waitFor(() => expect(result.current.remove.isSuccess).toBe(true), WAIT);
    expect(sent[requests]).toBe(`DELETE /api/gen3d${gen3dOps['textTo3d.create'].path}/${id}`);
    // The service no longer has it (the ledger keeps it).
    await expect(callOperation(gen3dOps['textTo3d.get'], { params: { id } })).rejects.toMatchObject({ status: 404 });
    await vi.waitFor(() => expect(refreshedSince(qc, stamped, id)).toEqual(theRule), WAIT);

    const tried = sent.length;
    act(() => result.current.remove.mutate({ id, createPath: '/openapi/v1/unknown', request: {} }));
    await vi.waitFor(() => expect(result.current.remove.isError).toBe(true), WAIT);
    expect(result.current.remove.error?.message).toBe('The console knows no delete for tasks made on /openapi/v1/unknown, so nothing was sent.');
    // No write left; what followed are the reads the rule after every write (failed ones too) refreshes.
    expect(sent.slice(tried).filter((r) => !r.startsWith('GET '))).toEqual([]);
  });

  it('a body the operation refuses is never sent', async () => {
    const qc = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useCreateTextTo3d(), { wrapper });
    const tried = sent.length;
    act(() => result.current.mutate({ mode: 'preview', prompt: '' }));
    await vi.waitFor(() => expect(result.current.isError).toBe(true), WAIT);
    expect(result.current.error?.message).toMatch(/^Nothing was sent: prompt/);
    expect(sent.slice(tried)).toEqual([]);
  });
});
