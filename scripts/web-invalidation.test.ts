import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { findInSource, WEB, webSources } from './web-sources';

/**
 * One rule refreshes what a write touched: a write declares its reads in `meta.invalidates` and
 * the console's QueryClient (lib/query-client.ts) reads them again once it settles. The only other
 * caller of React Query's invalidation is the live stream (lib/live.ts), which is not a write. A
 * write invalidating its own reads would bring back the many rules this one replaced (some on
 * success, some awaited), so no other file of src/web names `invalidateQueries`. Tests are left out.
 */

const ALLOWED = ['lib/query-client.ts', 'lib/live.ts'];

/** The lines of a source whose code (not its comments) names `invalidateQueries`: a call, a reference, a destructuring. */
function invalidations(file: string, text: string): number[] {
  return findInSource(file, text, (node) =>
    (ts.isIdentifier(node) || ts.isPrivateIdentifier(node) || ts.isStringLiteralLike(node)) && node.text === 'invalidateQueries' ? node.text : null,
  ).map((f) => f.line);
}

describe('writes refresh their reads through the one rule', () => {
  it('finds a call, a reference, a destructuring and an element access, and nothing in comments', () => {
    const probe = "// qc.invalidateQueries({ queryKey })\nvoid qc.invalidateQueries({ queryKey: k });\nconst again = qc.invalidateQueries;\nconst { invalidateQueries } = qc;\nvoid qc['invalidateQueries']({});\nconst meta = { invalidates: [k] };";
    expect(invalidations('probe.tsx', probe)).toEqual([2, 3, 4, 5]);
  });

  it(`no file of src/web but ${ALLOWED.join(' and ')} invalidates queries`, () => {
    const offenders = webSources()
      .map((path) => ({ file: relative(WEB, path), lines: invalidations(path, readFileSync(path, 'utf8')) }))
      .filter((f) => !ALLOWED.includes(f.file) && f.lines.length > 0)
      .map((f) => `${f.file}: line ${f.lines.join(', ')}`);
    expect(offenders, 'Declare what the write refreshes in useMutation({ meta: { invalidates: [...] } }) instead (lib/query-client.ts)').toEqual([]);
  });
});
