/**
 * Fixed points of a credit-spending write where a test ends the process with SIGKILL (`kill -9`),
 * to prove no charged write is lost: set `TRIPTYCH_TEST_CRASH_AT` to one of them. Off unless that
 * variable names the point; nothing else reads it.
 */
export type CrashPoint = 'spend-recorded' | 'upstream-answered' | 'task-recorded';

export function crashPoint(point: CrashPoint) {
  if (process.env.TRIPTYCH_TEST_CRASH_AT === point) process.kill(process.pid, 'SIGKILL');
}
