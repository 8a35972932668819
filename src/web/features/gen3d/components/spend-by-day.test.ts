// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LedgerTask } from '../../../../contracts/bff';
import { spendByDay } from './spend-by-day';

const task = (id: string, createdAt: number, status: string, ai_model = 'latest') =>
  LedgerTask.parse({
    id,
    service: 'gen3d',
    createPath: '/openapi/v2/text-to-3d',
    mode: 'sandbox',
    parentId: null,
    request: { mode: 'preview', prompt: 'x', ai_model },
    createdAt,
    updatedAt: createdAt,
    archived: false,
    task: { id, type: 'text-to-3d-preview', status, progress: 0, consumed_credits: status === 'SUCCEEDED' ? (ai_model === 'model-5' ? 5 : 20) : 0 },
    watch: { active: false, lastError: null, nextCheckAt: null },
  });

describe('spend per day', () => {
  it('adds what each day’s tasks took, refunded ones at nothing, oldest day first', () => {
    const day1 = Date.UTC(2025, 4, 1, 9);
    const day2 = Date.UTC(2025, 4, 2, 9);
    const bars = spendByDay([task('c', day2, 'SUCCEEDED', 'model-5'), task('a', day1, 'SUCCEEDED'), task('b', day1, 'FAILED'), task('d', day2, 'IN_PROGRESS')]);
    expect(bars.map((b) => [b.key, b.value])).toEqual([
      ['2025-05-01', 20],
      ['2025-05-02', 25],
    ]);
    expect(bars[0]?.label).toBe('1 May');
  });
});
