import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { findInSource, WEB, webSources } from './web-sources';

/**
 * Every path of the console's API is written once: the BFF's own routes in their table
 * (contracts/bff-routes), the services' operations in theirs. The web reaches them through the one
 * client (lib/bff.ts: `bff`, `bffUrl`, `servicePath`; lib/operation.ts builds on it; lib/bff-prefix.ts tells its URLs), so no other
 * file of src/web writes an `/api/…` path. Tests are left out: they may name the URLs they expect.
 */

const CLIENT = 'lib/bff.ts';

/** Every string and template piece of a source that starts an `/api` path, with its line. */
function apiPathLiterals(file: string, text: string): Array<{ line: number; text: string }> {
  return findInSource(file, text, (node) =>
    (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) && /^\/api(\/|$)/.test(node.text) ? node.text : null,
  );
}

describe('the web writes no API path outside its client', () => {
  it('finds a path in a string, a template and a template after an expression, and nothing in comments', () => {
    const probe = "// '/api/not/this'\nconst a = '/api/spend/limits';\nconst b = `/api/ledger/${id}/x`;\nconst c = `${origin}/api/hooks/social/`;\nconst d = '/sandbox/api/x';";
    expect(apiPathLiterals('probe.ts', probe).map((f) => f.line)).toEqual([2, 3, 4]);
  });

  it(`no file of src/web but ${CLIENT} writes one`, () => {
    const offenders = webSources()
      .map((path) => ({ file: relative(WEB, path), found: apiPathLiterals(path, readFileSync(path, 'utf8')) }))
      .filter((f) => f.file !== CLIENT && f.found.length > 0)
      .map((f) => `${f.file}: ${f.found.map((x) => `line ${x.line} (${x.text})`).join(', ')}`);
    expect(offenders, 'Name the route (bff-routes) or the operation (callOperation) instead of writing its path').toEqual([]);
  });
});
