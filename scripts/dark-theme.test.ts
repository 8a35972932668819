import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The dark theme changes colours and nothing else: `.dark` in src/web/styles.css sets colour
 * variables (and `color-scheme`), and no class in src/web uses Tailwind's `dark:` variant, which
 * could hide, show or move something in one theme only. The accessibility sweep relies on this
 * (e2e/a11y.spec.ts): it runs every axe rule in the light theme and, in the dark one, the rules
 * whose verdict can depend on colour.
 */

const WEB = join(__dirname, '..', 'src', 'web');

/** The declarations of the `.dark { … }` block of a stylesheet. */
function darkDeclarations(css: string): string[] {
  const block = /(^|\n)\.dark\s*\{([^}]*)\}/.exec(css)?.[2] ?? '';
  return block
    .split(';')
    .map((d) => d.replace(/\/\*[\s\S]*?\*\//g, '').trim())
    .filter(Boolean);
}

/** Whether a declaration only sets a colour: a `--color-*` variable or `color-scheme`. */
const onlyColour = (declaration: string) => /^(--color-[\w-]+|color-scheme)\s*:/.test(declaration);

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return /\.(tsx?|css)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });

describe('the dark theme changes colours only', () => {
  it('reads a dark block, and tells a colour from a layout declaration', () => {
    const css = ':root { --color-bg: #fff; }\n.dark {\n  color-scheme: dark;\n  --color-bg: #000; /* night */\n  display: none;\n}';
    expect(darkDeclarations(css)).toEqual(['color-scheme: dark', '--color-bg: #000', 'display: none']);
    expect(darkDeclarations(css).filter((d) => !onlyColour(d))).toEqual(['display: none']);
  });

  it('.dark in styles.css sets colour variables and the colour scheme, nothing else', () => {
    const declarations = darkDeclarations(readFileSync(join(WEB, 'styles.css'), 'utf8'));
    expect(declarations.length).toBeGreaterThan(5);
    expect(declarations.filter((d) => !onlyColour(d))).toEqual([]);
  });

  it('no source of src/web uses the dark: variant', () => {
    const used = files(WEB).filter((f) => /(^|[\s"'`])dark:/.test(readFileSync(f, 'utf8')));
    expect(used).toEqual([]);
  });
});
