// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LedgerTask } from '../../../contracts/bff';
import { queryString } from '../../../contracts/routes';
import { QueryClient } from '@tanstack/react-query';
import { oldestUnfinished } from './api/apply';
import { gen3dQueries } from './api/queries';
import { ledgerPageQuery, matchesFilters, patchPages } from './ledger-patch';

const task = (id: string, createdAt: number, status = 'PENDING', prompt = `prompt ${id}`, type = 'text-to-3d-preview') =>
  LedgerTask.parse({
    id,
    service: 'gen3d',
    createPath: '/openapi/v2/text-to-3d',
    mode: 'sandbox',
    parentId: null,
    request: { mode: 'preview', prompt },
    createdAt,
    updatedAt: createdAt,
    archived: false,
    task: { id, type, status, progress: 0, created_at: createdAt, prompt },
    watch: { active: true, lastError: null, nextCheckAt: null },
  });
const pages = (...ps: Array<{ tasks: LedgerTask[]; nextCursor: string | null }>) => ({ pages: ps, pageParams: ps.map((_, i) => (i ? `c${i}` : null)) });

describe('ledgerPageQuery', () => {
  it('sends only the filters set, with the cursor', () => {
    expect(queryString(ledgerPageQuery({ status: 'PENDING,IN_PROGRESS', q: 'lamp' }, 'abc', 50))).toBe('?service=gen3d&limit=50&status=PENDING%2CIN_PROGRESS&q=lamp&cursor=abc');
    expect(queryString(ledgerPageQuery({}, null, 50))).toBe('?service=gen3d&limit=50');
  });
});

describe('matchesFilters', () => {
  it('follows the server: any listed status, exact type, text in id or prompt, case ignored', () => {
    const t = task('abc123', 1, 'IN_PROGRESS', 'A Brass Lamp');
    expect(matchesFilters(t, { status: 'PENDING,IN_PROGRESS' })).toBe(true);
    expect(matchesFilters(t, { status: 'SUCCEEDED' })).toBe(false);
    expect(matchesFilters(t, { type: 'remesh' })).toBe(false);
    expect(matchesFilters(t, { q: 'brass' })).toBe(true);
    expect(matchesFilters(t, { q: 'C12' })).toBe(true);
    expect(matchesFilters(t, { q: 'kettle' })).toBe(false);
  });
});

describe('patchPages', () => {
  it('replaces a held task where it is, on whichever page', () => {
    const data = pages({ tasks: [task('b', 20), task('a', 10)], nextCursor: 'x' }, { tasks: [task('z', 5)], nextCursor: null });
    const next = patchPages(data, [task('z', 5, 'SUCCEEDED')], {});
    expect(next?.pages[1]?.tasks[0]?.task.status).toBe('SUCCEEDED');
    expect(next?.pages[0]).toBe(data.pages[0]);
  });
  it('drops a held task that no longer matches the filters', () => {
    const data = pages({ tasks: [task('b', 20), task('a', 10)], nextCursor: null });
    const next = patchPages(data, [task('a', 10, 'SUCCEEDED')], { status: 'PENDING' });
    expect(next?.pages[0]?.tasks.map((t) => t.id)).toEqual(['b']);
  });
  it('puts a new matching task at the top, by creation time', () => {
    const data = pages({ tasks: [task('b', 20), task('a', 10)], nextCursor: 'x' });
    expect(patchPages(data, [task('c', 30)], {})?.pages[0]?.tasks.map((t) => t.id)).toEqual(['c', 'b', 'a']);
  });
  it('leaves out a new task that does not match, or that is older than every page held (a later page has it)', () => {
    const data = pages({ tasks: [task('b', 20), task('a', 10)], nextCursor: 'x' });
    expect(patchPages(data, [task('c', 30, 'FAILED')], { status: 'PENDING' })).toBe(data);
    expect(patchPages(data, [task('old', 5)], {})).toBe(data);
  });
  it('fills an empty list', () => {
    const data = pages({ tasks: [], nextCursor: null });
    expect(patchPages(data, [task('c', 30)], {})?.pages[0]?.tasks.map((t) => t.id)).toEqual(['c']);
  });
});

describe('oldestUnfinished', () => {
  it('is the server time of the oldest unfinished task held, on its own page or in a list, so a first connection reads what changed since', () => {
    const qc = new QueryClient();
    expect(oldestUnfinished(qc)).toBeNull();
    // A task page carried from the served HTML: running when the page was made.
    qc.setQueryData(gen3dQueries.task('page').queryKey, task('page', 500, 'IN_PROGRESS'));
    qc.setQueryData(gen3dQueries.task('done').queryKey, task('done', 100, 'SUCCEEDED'));
    expect(oldestUnfinished(qc)).toBe(500);
    qc.setQueryData(gen3dQueries.pages({}).queryKey, pages({ tasks: [task('listed', 300, 'PENDING'), task('old', 50, 'FAILED')], nextCursor: null }));
    expect(oldestUnfinished(qc)).toBe(300);
  });
});
