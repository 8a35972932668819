/**
 * Makes the Japanese font the sandbox's PDF exports use: VL Gothic (Debian's fonts-vlgothic,
 * BSD-style licence with the M+ licence), cut down with pyftsubset (python3-fonttools) to ASCII,
 * kana, CJK punctuation, full-width forms and every character the corpus's Japanese texts, names
 * and places use. Run once after changing the Japanese lexicon:
 *   apt-get install fonts-vlgothic python3-fonttools && npx tsx scripts/make-pdf-font.ts
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ja } from '../src/sandbox/social/engine/corpus/lang/ja';
import { CITIES, NAMES } from '../src/sandbox/social/engine/corpus/names';

const out = join('src', 'sandbox', 'social', 'engine', 'fonts');
const source = '/usr/share/fonts/truetype/vlgothic/VL-Gothic-Regular.ttf';
const chars = new Set<string>();
const add = (v: unknown): void => {
  if (typeof v === 'string') for (const ch of v) chars.add(ch);
  else if (Array.isArray(v)) v.forEach(add);
  else if (v && typeof v === 'object') Object.values(v).forEach(add);
};
add(ja);
add(NAMES.ja);
add(CITIES.ja);
const ranges = 'U+0020-007E,U+00A0-00FF,U+2010-2027,U+3000-303F,U+3040-309F,U+30A0-30FF,U+FF00-FFEF';
const text = [...chars].filter((ch) => ch.codePointAt(0)! > 0x7f).join('');
const charsFile = join(tmpdir(), `font-chars-${process.pid}.txt`);
writeFileSync(charsFile, text);
const r = spawnSync('/usr/bin/python3', ['-m', 'fontTools.subset', source, `--unicodes=${ranges}`, `--text-file=${charsFile}`, `--output-file=${join(out, 'VLGothic-ja-subset.ttf')}`, '--name-IDs=*', '--no-hinting'], { stdio: 'inherit' });
rmSync(charsFile, { force: true });
if (r.status !== 0) process.exit(r.status ?? 1);
copyFileSync('/usr/share/doc/fonts-vlgothic/copyright', join(out, 'VLGothic-LICENSE.txt'));
console.log(`subset of ${chars.size} characters written to ${out}`);
