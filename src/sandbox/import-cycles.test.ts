import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The sandbox's modules import each other without a cycle: a module that needs a piece of another
 * which needs it back shares that piece through a module of its own (agentnet/store/seed-ids.ts).
 */

const root = resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Each module's relative imports inside the sandbox (type-only ones included), resolved to files. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, false).importedFiles.map((i) => i.fileName);
    const targets = imports
      .filter((name) => name.startsWith('.'))
      .map((name) => resolve(dirname(file), name))
      .map((base) => [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(f)))
      .filter((f): f is string => !!f && f.startsWith(root));
    graph.set(file, targets);
  }
  return graph;
}

/** Groups of modules that reach each other (Tarjan's strongly connected components of two or more). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      group.push(w);
      if (w === v) break;
    }
    if (group.length > 1) found.push(group.map((f) => relative(root, f)).sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the sandbox’s imports', () => {
  it('form no cycle', () => {
    const files = sourceFiles(root);
    expect(files.length).toBeGreaterThan(100);
    expect(cycles(importGraph(files))).toEqual([]);
  });
});
