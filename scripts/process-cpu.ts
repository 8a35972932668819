import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time used so far by the processes a page load involves, by kind (Linux, from /proc): each of
 * Chromium's processes by its `--type` (renderer, GPU process, network service, browser), the
 * console's server, and this process (Playwright's client, and the minimal page's own server).
 * Null where there is no /proc.
 */
export type ProcessCpu = Map<string, number>;

const TICK_MS = 10; // USER_HZ is 100 on Linux.

export function processCpu(consolePid: number | null): ProcessCpu | null {
  if (!existsSync('/proc/self/stat')) return null;
  const out: ProcessCpu = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let cmd: string[];
    let stat: string;
    try {
      // Chromium rewrites its children's command lines into one string: split on spaces too.
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // Gone meanwhile.
    }
    // Fields after the command name: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    let kind: string | null = null;
    if (/chrom(e|ium)/.test(cmd[0] ?? '')) {
      const type = cmd.find((a) => a.startsWith('--type='))?.slice(7);
      const sub = cmd.find((a) => a.startsWith('--utility-sub-type='))?.split('.').pop();
      kind = type === undefined ? 'browser' : type === 'utility' && sub ? sub : type;
    } else if (Number(pid) === process.pid) kind = 'bench';
    // The console runs in a process group of its own (scripts/console.ts): the third field is the group.
    else if (consolePid !== null && fields[2] === String(consolePid)) kind = 'console server';
    if (kind !== null) out.set(kind, (out.get(kind) ?? 0) + ms);
  }
  return out;
}

/** What each kind used between two readings; null without them. */
export function cpuBetween(before: ProcessCpu | null, after: ProcessCpu | null): ProcessCpu | null {
  if (!before || !after) return null;
  return new Map([...after].map(([kind, ms]) => [kind, ms - (before.get(kind) ?? 0)]));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * The median load's CPU by kind, and the median of the loads' totals (a load disturbed by something
 * else on the machine weighs no more than one): null when no reading was had.
 */
export function medianCpu(loads: ReadonlyArray<ProcessCpu | null>): { total: number; byKind: Record<string, number> } | null {
  const had = loads.filter((load): load is ProcessCpu => load !== null);
  if (had.length === 0) return null;
  const kinds = new Set(had.flatMap((load) => [...load.keys()]));
  const byKind = Object.fromEntries([...kinds].map((kind) => [kind, median(had.map((load) => load.get(kind) ?? 0))] as const).filter(([, ms]) => ms > 0));
  return { total: median(had.map((load) => [...load.values()].reduce((a, b) => a + b, 0))), byKind };
}
