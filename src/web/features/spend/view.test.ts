// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { chartsByUnit, readLimit } from './view';

describe('chartsByUnit', () => {
  it('draws one chart per unit, days oldest first, summed across answers', () => {
    const charts = chartsByUnit([
      { service: 'agentnet', mode: 'sandbox', unit: 'USD', units: ['USD', 'EUR'], days: [{ day: '2026-11-23', amount: 3, writes: 1 }, { day: '2026-11-22', amount: 2, writes: 1 }] },
      { service: 'agentnet', mode: 'sandbox', unit: 'EUR', units: ['USD', 'EUR'], days: [{ day: '2026-11-23', amount: 7, writes: 2 }] },
      { service: 'agentnet', mode: 'sandbox', unit: 'USD', units: ['USD', 'EUR'], days: [{ day: '2026-11-23', amount: 1, writes: 1 }] },
    ]);
    expect(charts.map((c) => c.unit)).toEqual(['USD', 'EUR']);
    expect(charts[0]?.bars.map((b) => [b.key, b.label, b.value])).toEqual([
      ['2026-11-22', '22 Nov', 2],
      ['2026-11-23', '23 Nov', 4],
    ]);
    expect(charts[0]?.total).toBe(6);
  });
  it('takes the unit from the answer', () => {
    expect(chartsByUnit([{ service: 'gen3d', mode: 'live', unit: 'credits', units: ['credits'], days: [] }])).toEqual([{ unit: 'credits', bars: [], total: 0 }]);
  });
});

describe('readLimit', () => {
  it('reads empty as no limit and numbers as amounts', () => {
    expect(readLimit(' ', 'Daily limit', 'credits')).toEqual({ ok: true, value: null });
    expect(readLimit('1,500', 'Daily limit', 'credits')).toEqual({ ok: true, value: 1500 });
    expect(readLimit('0', 'Per write', 'credits')).toEqual({ ok: true, value: 0 });
  });
  it('refuses what is not an amount, naming the field and the unit', () => {
    expect(readLimit('-3', 'Daily limit', 'credits')).toEqual({ ok: false, message: 'Daily limit must be a number of credits (0 or more), or empty for no limit.' });
    expect(readLimit('ten', 'Per write', 'USD')).toMatchObject({ ok: false });
    expect(readLimit('2000000000', 'Daily limit', 'credits')).toEqual({ ok: false, message: 'Daily limit must be at most 1,000,000,000 credits.' });
  });
});
