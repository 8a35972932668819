// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LedgerTask } from '../../../contracts/bff';
import { creditsOf, elapsedSeconds, statusLabel, textTo3dCost, titleOf, typeLabel } from './task-view';
import { readableNote, watchNote } from './watch-note';
import { filesExpired } from '../../../contracts/gen3d/viewable-model';

const task = (over: Record<string, unknown> = {}, ledger: Record<string, unknown> = {}) =>
  LedgerTask.parse({
    id: 't-1',
    service: 'gen3d',
    createPath: '/openapi/v2/text-to-3d',
    mode: 'sandbox',
    parentId: null,
    request: { mode: 'preview', prompt: 'a chair', ai_model: 'latest' },
    createdAt: 1_000,
    updatedAt: 5_000,
    archived: false,
    task: { id: 't-1', type: 'text-to-3d-preview', status: 'IN_PROGRESS', progress: 40, created_at: 1_000, ...over },
    watch: { active: true, lastError: null, nextCheckAt: null },
    ...ledger,
  });

describe('how a task reads', () => {
  it('prices text to 3D as the document does', () => {
    expect(textTo3dCost({ mode: 'preview', ai_model: 'latest' })).toBe(20);
    expect(textTo3dCost({ mode: 'preview', ai_model: 'model-5' })).toBe(5);
    // The live name of the same model: the route table's price, not a copy of it.
    expect(textTo3dCost({ mode: 'preview', ai_model: 'meshy-5' })).toBe(5);
    expect(textTo3dCost({ mode: 'refine' })).toBe(10);
  });

  it("shows an imported task's charge as the service recorded it where it was made, never a price guessed from a body it lacks", () => {
    expect(creditsOf(task({ status: 'SUCCEEDED', consumed_credits: 5 }, { imported: true, request: {} }))).toEqual({ credits: '5', final: true });
    expect(creditsOf(task({ consumed_credits: 30 }, { imported: true, request: {} }))).toEqual({ credits: '30', final: false });
  });

  it('counts a running task as charged but not final, a canceled one as refunded', () => {
    expect(creditsOf(task())).toEqual({ credits: '20', final: false });
    expect(creditsOf(task({ status: 'CANCELED', consumed_credits: 0 }))).toEqual({ credits: '0', final: true });
    expect(creditsOf(task({ status: 'SUCCEEDED', consumed_credits: 20 }))).toEqual({ credits: '20', final: true });
    expect(creditsOf(task({ status: 'SUCCEEDED', consumed_credits: 0 }, { createPath: '/openapi/v1/print/analyze', request: {} }))).toEqual({ credits: '0', final: true });
  });

  it("charges a task other than text to 3D its own price, not a preview's 20 credits", () => {
    const remesh = { createPath: '/openapi/v1/remesh', request: { input_task_id: 't-0', target_polycount: 5000 } };
    // Before its record says what it spent: the route table's price, a range as a range, or unknown.
    expect(creditsOf(task({}, remesh), { min: 5, max: 5 })).toEqual({ credits: '5', final: false });
    expect(creditsOf(task({}, { createPath: '/openapi/v1/image-to-3d', request: {} }), { min: 5, max: 30 })).toEqual({ credits: '5–30', final: false });
    expect(creditsOf(task({}, remesh))).toEqual({ credits: '…', final: false });
    // Once it does, what it spent.
    expect(creditsOf(task({ consumed_credits: 5 }, remesh))).toEqual({ credits: '5', final: false });
  });

  it("words a running task's watch problem, and drops it once the task is over (a deleted task is not found by the service)", () => {
    const lastError = 'The service\'s event stream reported an error: {"message":"Task not found.","status_code":404}';
    const watch = { active: false, lastError, nextCheckAt: null };
    expect(watchNote(task({ status: 'CANCELED', consumed_credits: 0 }, { watch }))).toBeNull();
    expect(watchNote(task({}, { watch: { ...watch, active: true } }))).toBe("The service's event stream reported an error: Task not found.");
    expect(watchNote(task())).toBeNull();
  });

  it('titles a task by its prompt, else its name, else its type and short id (not the bare id twice in its header)', () => {
    expect(titleOf(task())).toBe('a chair');
    expect(titleOf(task({ type: 'creative-lab-prototype', name: 'orange vase' }, { createPath: '/openapi/creative-lab/figure/v1/prototype', request: { name: 'orange vase' } }))).toBe('orange vase');
    expect(titleOf(task({ type: 'rig', name: '' }, { id: '0d7fd8de-0cb1-4a4d-a119-f41cc0fae2db', createPath: '/openapi/v1/rigging', request: { input_task_id: 't-0' } }))).toBe('Rig 0d7fd8de');
  });

  it('times a running task until now and a finished one until it finished', () => {
    expect(elapsedSeconds(task(), 61_000)).toBe(60);
    expect(elapsedSeconds(task({ status: 'SUCCEEDED', finished_at: 31_000 }), 999_000)).toBe(30);
  });

  it('knows when the files are gone for good', () => {
    const done = { status: 'SUCCEEDED', expires_at: 10_000 };
    expect(filesExpired(task(done), 20_000)).toBe(true);
    expect(filesExpired(task(done, { archived: true }), 20_000)).toBe(false);
    expect(filesExpired(task(done), 5_000)).toBe(false);
  });

  it('turns a JSON body in a watcher note into its message', () => {
    expect(readableNote(`The service's event stream reported an error: {"message":"Task not found.","status_code":404}`)).toBe("The service's event stream reported an error: Task not found.");
    expect(readableNote('The service did not answer in time.')).toBe('The service did not answer in time.');
  });

  it('labels types and statuses in words', () => {
    expect(typeLabel('text-to-3d-refine')).toBe('Refine');
    expect(typeLabel('image-to-3d')).toBe('image to 3D');
    expect(typeLabel('uv-unwrap')).toBe('UV unwrap');
    expect(typeLabel('print-multi-color')).toBe('print multi color');
    expect(statusLabel.CANCELED).toBe('Canceled');
  });
});
