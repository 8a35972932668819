import type { SpendDaily, SpendStatus } from '../../../contracts/spend';
import type { Bar } from '../../components/charts/bar-chart';

const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** One chart per unit a service spends in (credits today; an amount per currency for agent payments), days oldest first. */
export function chartsByUnit(answers: readonly SpendDaily[]): Array<{ unit: string; bars: Bar[]; total: number }> {
  const byUnit = new Map<string, Map<string, number>>();
  for (const a of answers) {
    const days = byUnit.get(a.unit) ?? new Map<string, number>();
    for (const d of a.days) days.set(d.day, (days.get(d.day) ?? 0) + d.amount);
    byUnit.set(a.unit, days);
  }
  return [...byUnit.entries()].map(([unit, days]) => {
    const bars = [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, value]) => ({ key: day, label: dayLabel.format(new Date(`${day}T00:00:00Z`)), value }));
    return { unit, bars, total: bars.reduce((s, b) => s + b.value, 0) };
  });
}

/** What each spend write status means, for the writes list. */
export const spendStatusWords: Record<SpendStatus, { label: string; meaning: string }> = {
  sending: {
    label: 'Sending',
    meaning: "Recorded before it left, and no answer yet, or one that does not tell whether it was done (lost, or a server error): being checked in the service's own list. It counts against the limits until then.",
  },
  sent: { label: 'Sent', meaning: 'The service accepted it.' },
  refused: { label: 'Refused', meaning: 'The service answered that it did not do it: nothing was charged.' },
  recovered: { label: 'Recovered', meaning: "Its answer was lost (the console stopped or the network broke); it was found afterwards in the service's task list and counts as spent." },
  unconfirmed: { label: 'Unconfirmed', meaning: 'Its answer was lost and the service has no trace of it: taken as never made, nothing counted.' },
};

/** A limit typed in: empty is no limit; otherwise a number of the unit, 0 or more. Answers the number, null, or the reason it is refused. */
export function readLimit(text: string, label: string, unit: string): { ok: true; value: number | null } | { ok: false; message: string } {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return { ok: true, value: null };
  if (!/^\d+(\.\d+)?$/.test(t)) return { ok: false, message: `${label} must be a number of ${unit} (0 or more), or empty for no limit.` };
  const n = Number(t);
  if (n > 1_000_000_000) return { ok: false, message: `${label} must be at most 1,000,000,000 ${unit}.` };
  return { ok: true, value: n };
}
