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
