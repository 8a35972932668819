import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The SPA's sources (src/web). */
export const WEB = fileURLToPath(new URL('../src/web', import.meta.url));

/** Every source file under `dir`, tests and generated files left out: what ships to the browser. */
export const webSources = (dir: string = WEB): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return webSources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.gen.ts') ? [path] : [];
  });

/** A source read by TypeScript (TSX for .tsx files), to look for code rather than text. */
export const parseSource = (file: string, text: string) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

/**
 * Every node of a source's code (comments are not nodes) that `match` picks, as its line and the
 * text `match` gives for it: what the scan tests look for in src/web.
 */
export function findInSource(file: string, text: string, match: (node: ts.Node) => string | null): Array<{ line: number; text: string }> {
  const source = parseSource(file, text);
  const found: Array<{ line: number; text: string }> = [];
  const visit = (node: ts.Node) => {
    const hit = match(node);
    if (hit !== null) found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: hit });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
