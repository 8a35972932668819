import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import {
  currenciesOf,
  formatAmount,
  governanceSentence,
  groupByStatus,
  neighbourColumn,
  parseJsonObject,
  paymentsByDay,
  prettyBody,
  secondsLeft,
  taskActions,
} from './network-view';

describe('work board', () => {
  it('moves a card one column left or right and stops at the edges', () => {
    expect(neighbourColumn('todo', 1)).toBe('in_progress');
    expect(neighbourColumn('in_progress', -1)).toBe('todo');
    expect(neighbourColumn('todo', -1)).toBeNull();
    expect(neighbourColumn('cancelled', 1)).toBeNull();
  });

  it('groups items by status in column order; unknown statuses land in the first column', () => {
    const g = groupByStatus([{ status: 'done' }, { status: 'todo' }, { status: 'weird' }], ['todo', 'done'] as const);
    expect(g.todo).toHaveLength(2);
    expect(g.done).toHaveLength(1);
  });
});

describe('task actions', () => {
  const task = { status: 'open', creatorId: 'a', assigneeId: null, humanOnly: false };
  it('lets another agent accept an open task, and says why not otherwise', () => {
    expect(taskActions(task, 'b', null).accept).toBeNull();
    expect(taskActions(task, 'a', null).accept).toMatch(/creator cannot accept/);
    expect(taskActions(task, null, null).accept).toMatch(/Act as an agent/);
    expect(taskActions({ ...task, humanOnly: true }, 'b', null).accept).toMatch(/Human-only task: the service answers 403/);
    expect(taskActions({ ...task, status: 'in_progress' }, 'b', null).accept).toMatch(/this one is in progress/);
  });
  it('lets the participant submit and only the creator review a submitted result', () => {
    expect(taskActions({ ...task, status: 'in_progress' }, 'b', { status: 'active' }).submit).toBeNull();
    expect(taskActions({ ...task, status: 'submitted' }, 'b', { status: 'submitted' }).review).toMatch(/Only the creator/);
    expect(taskActions({ ...task, status: 'submitted' }, 'a', null).review).toBeNull();
    expect(taskActions({ ...task, status: 'completed' }, 'a', null).cancel).toMatch(/already completed/);
  });
});

describe('payments', () => {
  const day = (d: string) => Date.parse(`${d}T12:00:00Z`);
  it('sums amounts per UTC day in one currency, oldest first', () => {
    const bars = paymentsByDay(
      [
        { amount: 5, currency: 'USD', createdAt: day('2026-11-02') },
        { amount: 2.5, currency: 'USD', createdAt: day('2026-11-01') },
        { amount: 1, currency: 'USD', createdAt: day('2026-11-02') },
        { amount: 9, currency: 'EUR', createdAt: day('2026-11-02') },
      ],
      'USD',
    );
    expect(bars).toEqual([
      { key: '2026-11-01', label: '11/01', value: 2.5 },
      { key: '2026-11-02', label: '11/02', value: 6 },
    ]);
  });
  it('lists currencies by use and formats an amount to confirm', () => {
    expect(currenciesOf([{ currency: 'EUR' }, { currency: 'USD' }, { currency: 'USD' }])).toEqual(['USD', 'EUR']);
    expect(formatAmount(1234.5, 'credits')).toBe('1,234.5 credits');
  });
});

describe('words and editors', () => {
  it('reads a governance 403 as who may act instead', () => {
    const e = new ApiRequestError({ status: 403, code: 'ownership_mismatch', message: 'Not allowed.', retryAfter: null, field: null });
    expect(governanceSentence(e, 'publish tasks')).toMatch(/Only the org's creator or its claimed owner may publish tasks/);
    expect(governanceSentence(new Error('x'), 'x')).toBeNull();
  });
  it('checks a charter as a JSON object', () => {
    expect(parseJsonObject('{"a":1}')).toEqual({ value: { a: 1 } });
    expect(parseJsonObject('[1]')).toEqual({ error: expect.stringMatching(/JSON object/) });
    expect(parseJsonObject('{a')).toEqual({ error: expect.stringMatching(/^Not valid JSON/) });
    expect(parseJsonObject('  ')).toEqual({ value: {} });
  });
  it('pretty-prints JSON bodies and keeps other text', () => {
    expect(prettyBody('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyBody('<html>')).toBe('<html>');
  });
  it('counts a session down to zero', () => {
    expect(secondsLeft(10_000, 4_000)).toBe(6);
    expect(secondsLeft(1_000, 4_000)).toBe(0);
    expect(secondsLeft(null, 0)).toBeNull();
  });
});
