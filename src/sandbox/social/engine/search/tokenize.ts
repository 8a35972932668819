/**
 * Tokens of post text and of query words, read the same way on both sides: lower case (NFKC),
 * URLs whole, #hashtags and @mentions whole, words of letters, digits and _, emoji one by one.
 * Japanese has no spaces, so runs of kanji, hiragana and katakana are split where the script
 * changes; a query word that gives several tokens is matched as a phrase.
 */
const TOKEN = /(https?:\/\/[^\s]+)|([#@][\p{L}\p{N}_]+)|([\p{L}\p{N}_]+)|(\p{Extended_Pictographic})/gu;

/** 0 other, 1 hiragana, 2 katakana, 3 han. */
function script(code: number): number {
  if (code >= 0x3040 && code <= 0x309f) return 1;
  if ((code >= 0x30a0 && code <= 0x30ff) || (code >= 0xff66 && code <= 0xff9f)) return 2;
  if ((code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf) || code === 0x3005) return 3;
  return 0;
}

function splitScripts(word: string, out: string[]) {
  let start = 0;
  let current = script(word.charCodeAt(0));
  for (let i = 1; i < word.length; i++) {
    const s = script(word.charCodeAt(i));
    if (s !== current) {
      out.push(word.slice(start, i));
      start = i;
      current = s;
    }
  }
  out.push(word.slice(start));
}

const hasCjk = (word: string) => /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/.test(word);

export function tokenize(text: string): string[] {
  const out: string[] = [];
  const lower = text.normalize('NFKC').toLowerCase();
  for (const m of lower.matchAll(TOKEN)) {
    if (m[1]) out.push(m[1].replace(/[.,!?)]+$/, ''));
    else if (m[2]) out.push(m[2]);
    else if (m[3]) {
      if (hasCjk(m[3])) splitScripts(m[3], out);
      else out.push(m[3]);
    } else if (m[4]) out.push(m[4]);
  }
  return out;
}

/** The bare word a hashtag also counts as ("#ai" is found by "ai"); null for other tokens. */
export const bareOf = (token: string): string | null => (token.length > 1 && token.startsWith('#') ? token.slice(1) : null);
