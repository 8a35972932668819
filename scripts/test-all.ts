/**
 * `npm test`: every test of the project. First, side by side: the three checks (typecheck, lint
 * and the build the end-to-end tests run on) and, once the build is written, unit and
 * integration (Vitest). Then end-to-end in Chromium (Playwright). Ends with one plain line `N passed, N failed` that counts every test case
 * plus each check (typecheck, lint, build) as one. Each stage's wall time is in the summary: where
 * the loop's minutes go (README, Running tests).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

type Stage = { name: string; passed: number; failed: number; note?: string; seconds?: number; failures?: string[] };
const out = join(process.cwd(), '.tmp');
mkdirSync(out, { recursive: true });
const stages: Stage[] = [];
const only = process.argv.slice(2);
const want = (name: string) => only.length === 0 || only.includes(name);

/**
 * A command run beside others: its exit code and wall time. Its output is kept and printed whole
 * when it ends, so outputs do not interleave, unless it is the one that prints as it goes.
 */
function start(name: string, cmd: string, args: string[], live = false, env: Record<string, string> = {}): Promise<{ code: number; seconds: number }> {
  const started = performance.now();
  if (live) console.log(`\n$ ${cmd} ${args.join(' ')}   (${name}, printed as it runs)`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let text = '';
    child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (!live) console.log(`\n$ ${cmd} ${args.join(' ')}   (${name}, ${Math.round(seconds)} s)\n${text.trimEnd()}`);
      resolve({ code: code ?? 1, seconds });
    });
  });
}

/** A check (typecheck, lint, build) counts as one test. */
const check = (name: string, cmd: string, args: string[]): Promise<Stage> =>
  start(name, cmd, args).then(({ code, seconds }) => ({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, seconds }));

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Vitest, its summary read from its JSON report: passed and failed cases, and which failed. */
async function unit(): Promise<Stage> {
  const file = join(out, 'vitest.json');
  rmSync(file, { force: true });
  const { code, seconds } = await start('unit + integration', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], true);
  const r = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
    testResults: Array<{ name: string; message?: string; assertionResults: Array<{ status: string; fullName: string }> }>;
  }>(file);
  // The failed cases by file and name (and files that failed to load), for the summary.
  const failures = (r?.testResults ?? []).flatMap((f) => {
    const where = relative(process.cwd(), f.name);
    const cases = f.assertionResults.filter((a) => a.status === 'failed').map((a) => `${where} › ${a.fullName}`);
    return cases.length === 0 && f.message ? [`${where} › ${f.message.split('\n')[0]}`] : cases;
  });
  return {
    ...(r ? { name: 'unit + integration', passed: r.numPassedTests, failed: r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0) } : { name: 'unit + integration', passed: 0, failed: 1, note: 'no report' }),
    seconds,
    failures,
  };
}

// The first phase: the checks, the build and Vitest side by side. Vitest's files mostly wait (on
// servers, sandbox clocks, child processes) and the checks mostly use one core each, so together
// they keep both cores busy; end-to-end runs alone afterwards (it keeps both busy by itself).
const firstStarted = performance.now();
// Vitest starts once the build is written: the servers some of its tests start serve dist/.
const build = want('e2e') ? check('build', 'npx', ['vite', 'build']) : Promise.resolve(null);
const first = await Promise.all([
  want('typecheck') ? check('typecheck', 'npx', ['tsx', 'scripts/typecheck.ts']) : null,
  want('lint') ? check('lint', 'npx', ['eslint', '.']) : null,
  build,
  want('unit') ? build.then(unit) : null,
]);
for (const stage of first) if (stage) stages.push(stage);
const firstSeconds = (performance.now() - firstStarted) / 1000;

if (want('e2e')) {
  const file = join(out, 'playwright.json');
  rmSync(file, { force: true });
  const { seconds } = await start('e2e (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], true, { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  type Suite = { file?: string; specs?: Array<{ title: string; line: number; tests: Array<{ status: string }> }>; suites?: Suite[] };
  const r = existsSync(file) ? readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number }; suites: Suite[] }>(file) : null;
  // Failed and retried tests by spec and title, for the summary.
  const failures: string[] = [];
  const walk = (suite: Suite, at: string) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) if (t.status === 'unexpected' || t.status === 'flaky') failures.push(`${at}:${spec.line} › ${spec.title}${t.status === 'flaky' ? ' (passed on retry)' : ''}`);
    for (const child of suite.suites ?? []) walk(child, child.file ?? at);
  };
  for (const suite of r?.suites ?? []) walk(suite, suite.file ?? '');
  stages.push({
    failures,
    ...(r
      ? { name: 'e2e (Chromium)', passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, note: r.stats.flaky ? `${r.stats.flaky} passed on retry` : undefined }
      : { name: 'e2e (Chromium)', passed: 0, failed: 1, note: 'no report' }),
    seconds,
  });
}

console.log('\nSummary');
if (first.filter(Boolean).length > 1) console.log(`  (typecheck, lint, build and unit ran side by side: ${Math.round(firstSeconds)} s together)`);
const time = (s: Stage) => (s.seconds === undefined ? '' : ` in ${Math.round(s.seconds)} s`);
for (const s of stages) {
  console.log(`  ${s.name.padEnd(20)} ${s.passed} passed, ${s.failed} failed${time(s)}${s.note ? ` (${s.note})` : ''}`);
  for (const f of s.failures ?? []) console.log(`      ${f}`);
}
const passed = stages.reduce((n, s) => n + s.passed, 0);
const failed = stages.reduce((n, s) => n + s.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
