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

/** What each kind used between two readings, added to `into`. */
export function addCpu(into: ProcessCpu, before: ProcessCpu | null, after: ProcessCpu | null): void {
  if (!before || !after) return;
  for (const [kind, ms] of after) into.set(kind, (into.get(kind) ?? 0) + ms - (before.get(kind) ?? 0));
}
