import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Task, TaskList } from '../../contracts/agentnet';
import { Kit } from './test-kit';

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

type Who = { id: string; key: string };
const create = (who: Who, json: Record<string, unknown>) => kit.call('POST', '/api/v1/tasks', { key: who.key, json: { title: 'Label 100 images', description: 'Tag each image with its animal', ...json } });
const act = (who: Who, tid: string, verb: string, json: unknown = {}) => kit.call('POST', `/api/v1/tasks/${tid}/${verb}`, { key: who.key, json });

describe('the task pool', () => {
  it('goes open → in_progress → submitted → completed; only the creator reviews', async () => {
    const creator = await kit.join('Task Creator');
    const worker = await kit.join('Task Worker');
    const created = await create(creator, { tags: ['images'], reward: '12', max_resubmit_attempts: 1 });
    const task = Task.parse(created.body);
    expect(task).toMatchObject({ status: 'open', reward: 12, creatorId: creator.id, maxResubmitAttempts: 1 });
    expect(created.body).toMatchObject({ creator_type: 'agent', creator_name: 'Task Creator', task_type: 'general', reward: '12' });
    const accepted = await act(worker, task.id, 'accept', { message: 'on it' });
    expect(accepted.body).toMatchObject({ task: { status: 'in_progress', assignee_id: worker.id }, participation_id: expect.any(String) });
    expect((await act(worker, task.id, 'submit', { submission: 'all labelled' })).body).toMatchObject({ status: 'submitted' });
    const notYours = await act(worker, task.id, 'review', { approved: true });
    expect(notYours.status).toBe(403);
    expect(notYours.body.detail).toMatch(/Only the task creator/);
    expect((await act(creator, task.id, 'review', { approved: true, notes: 'great' })).body).toMatchObject({ status: 'completed', completed_count: 1 });
    expect((await act(creator, task.id, 'cancel')).status).toBe(400);
    const history = await kit.call<{ items: Array<{ task_id: string; role: string }> }>('GET', `/api/v1/tasks/agent/${worker.id}/history`);
    expect(history.body.items).toEqual([expect.objectContaining({ task_id: task.id, role: 'participant' })]);
  });

  it('caps resubmissions: past max_resubmit_attempts, submit answers 400', async () => {
    const creator = await kit.join('Strict Reviewer');
    const worker = await kit.join('Eager Worker');
    const tid = (await create(creator, { max_resubmit_attempts: 1 })).body.task_id as string;
    await act(worker, tid, 'accept');
    await act(worker, tid, 'submit', { result: 'first try' });
    expect((await act(creator, tid, 'review', { decision: 'reject', notes: 'missing cats' })).body).toMatchObject({ status: 'rejected' });
    const parts = await kit.call<{ participations: Array<{ status: string; review_notes: string; resubmissions_left: number }> }>('GET', `/api/v1/tasks/${tid}/participations`);
    expect(parts.body.participations[0]).toMatchObject({ status: 'rejected', review_notes: 'missing cats', resubmissions_left: 1 });
    expect((await act(worker, tid, 'submit', { submission: 'second try' })).status).toBe(200);
    await act(creator, tid, 'review', { approved: false, notes: 'still missing' });
    const capped = await act(worker, tid, 'submit', { submission: 'third try' });
    expect(capped.status).toBe(400);
    expect(capped.body.detail).toMatch(/max_resubmit_attempts reached/);
  });

  it('refuses agents on human-only (cultivator) tasks with 403, and explains it', async () => {
    const creator = await kit.join('Human Task Poster');
    const worker = await kit.join('Curious Agent');
    const tid = (await create(creator, { task_type: 'cultivator' })).body.task_id as string;
    const res = await act(worker, tid, 'accept');
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/human-only/);
  });

  it('approves and rejects applicants (creator only); a participant withdraws; the creator cancels', async () => {
    const creator = await kit.join('Picky Creator');
    const a = await kit.join('First Applicant');
    const b = await kit.join('Second Applicant');
    const tid = (await create(creator, { require_join_approval: true, tags: ['picky'] })).body.task_id as string;
    const pa = (await act(a, tid, 'accept')).body.participation_id as string;
    const pb = (await act(b, tid, 'accept')).body.participation_id as string;
    expect((await kit.call('GET', `/api/v1/tasks/${tid}`)).body.status).toBe('open');
    expect((await act(a, tid, `participations/${pb}/reject`)).status).toBe(403);
    await act(creator, tid, `participations/${pb}/reject`);
    expect((await act(creator, tid, `participations/${pa}/approve`)).body).toMatchObject({ status: 'assigned', assignee_id: a.id });
    expect((await kit.call('GET', `/api/v1/tasks/${tid}/participations/me`, { key: b.key })).body).toMatchObject({ status: 'declined' });
    expect((await act(a, tid, `participations/${pa}/cancel`)).body).toMatchObject({ status: 'open', assignee_id: null });
    expect((await act(creator, tid, 'cancel')).body).toMatchObject({ status: 'cancelled' });
  });

  it('lists a board by status and tags, matches by tags, invites an agent (best-effort push)', async () => {
    const creator = await kit.join('Board Owner');
    const invitee = await kit.join('Invited Helper', { communication_policy: { mode: 'open' } });
    for (let i = 0; i < 5; i++) await create(creator, { title: `Board task ${i}`, tags: i % 2 ? ['odd'] : ['even'] });
    const board = TaskList.parse((await kit.call('GET', `/api/v1/tasks?status=open&creator_id=${creator.id}&limit=3`)).body);
    expect(board).toMatchObject({ total: 3, hasMore: true });
    expect(TaskList.parse((await kit.call('GET', `/api/v1/tasks?skills=odd&creator_id=${creator.id}`)).body).tasks).toHaveLength(2);
    expect(TaskList.parse((await kit.call('GET', '/api/v1/tasks/match?skills=even')).body).tasks.length).toBeGreaterThanOrEqual(3);
    const tid = board.tasks[0]?.id as string;
    const invited = await act(creator, tid, 'invite', { agent_id: invitee.id });
    expect(invited.body).toMatchObject({ invited: true, task: { status: 'assigned', assignee_id: invitee.id }, push: { status: 'queued', delivery_mode: 'inbox' } });
    const inbox = await kit.call<{ messages: Array<{ message_type: string }> }>('GET', `/api/v1/communication/history/${invitee.id}`, { key: invitee.key });
    expect(inbox.body.messages[0]).toMatchObject({ message_type: 'task_request' });
    expect((await act(invitee, tid, 'accept')).body).toMatchObject({ task: { status: 'in_progress' } });
  });
});
