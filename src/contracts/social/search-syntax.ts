/**
 * The platform's search syntax, parsed once for everyone: the sandbox runs queries with it, the
 * console's filter panel writes it and reads it back. Supported: words (all must match),
 * "exact phrase", OR, -exclusion, ( grouping ), from:, to:, lang:, since:, until: (dates,
 * until exclusive), min_faves:, min_retweets:, min_replies:, filter:media|images|videos|verified|replies|links
 * (and -filter:...), #hashtags and @mentions as words.
 */

export type Term =
  | { kind: 'word'; value: string }
  | { kind: 'phrase'; value: string }
  | { kind: 'from' | 'to' | 'lang'; value: string }
  | { kind: 'since' | 'until'; value: string }
  | { kind: 'min_faves' | 'min_retweets' | 'min_replies'; value: number }
  | { kind: 'filter'; value: FilterName }
  | { kind: 'or'; terms: Node[] }
  | { kind: 'group'; terms: Node[] };
export type Node = Term & { negated?: boolean };
export type Query = { terms: Node[] };

export const filterNames = ['media', 'images', 'videos', 'verified', 'replies', 'links'] as const;
export type FilterName = (typeof filterNames)[number];

export type ParseResult = { ok: true; query: Query } | { ok: false; message: string };

const USERNAME = /^@?[A-Za-z0-9_]{1,15}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s: string) => DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

type Token = { type: 'word' | 'phrase' | 'or' | 'open' | 'close'; value: string; negated: boolean };

function tokenize(q: string): Token[] | string {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    let negated = false;
    if (c === '-' && i + 1 < q.length && !/\s/.test(q[i + 1] as string)) {
      negated = true;
      i++;
    }
    const ch = q[i] as string;
    if (ch === '(' || ch === ')') {
      tokens.push({ type: ch === '(' ? 'open' : 'close', value: ch, negated });
      i++;
      continue;
    }
    if (ch === '"') {
      const end = q.indexOf('"', i + 1);
      if (end === -1) return 'a quoted phrase is not closed: add the closing "';
      const value = q.slice(i + 1, end).trim();
      if (value) tokens.push({ type: 'phrase', value, negated });
      i = end + 1;
      continue;
    }
    let j = i;
    while (j < q.length && !/[\s()]/.test(q[j] as string)) {
      if (q[j] === '"' && q[j - 1] === ':') {
        // operator:"quoted value"
        const end = q.indexOf('"', j + 1);
        if (end === -1) return 'a quoted value is not closed: add the closing "';
        j = end + 1;
      } else j++;
    }
    const value = q.slice(i, j);
    tokens.push({ type: value === 'OR' && !negated ? 'or' : 'word', value, negated });
    i = j;
  }
  return tokens;
}

function toTerm(t: Token): Node | string {
  if (t.type === 'phrase') return { kind: 'phrase', value: t.value, negated: t.negated };
  const m = /^([a-z_]+):(.*)$/i.exec(t.value);
  if (!m) return { kind: 'word', value: t.value, negated: t.negated };
  const op = (m[1] as string).toLowerCase();
  const raw = (m[2] as string).replace(/^"|"$/g, '');
  switch (op) {
    case 'from':
    case 'to':
      if (!USERNAME.test(raw)) return `${op}: needs a user name of 1 to 15 letters, digits or _ (got "${raw}")`;
      // As typed (user names match without regard to case; the panel keeps what was written).
      return { kind: op, value: raw.replace(/^@/, ''), negated: t.negated };
    case 'lang':
      if (!/^[a-z]{2,3}$/i.test(raw)) return `lang: needs a language code such as en, es or ja (got "${raw}")`;
      return { kind: 'lang', value: raw.toLowerCase(), negated: t.negated };
    case 'since':
    case 'until':
      if (!validDate(raw)) return `${op}: needs a date as YYYY-MM-DD (got "${raw}")`;
      return { kind: op, value: raw };
    case 'min_faves':
    case 'min_retweets':
    case 'min_replies':
      if (!/^\d{1,9}$/.test(raw)) return `${op}: needs a whole number (got "${raw}")`;
      return { kind: op, value: Number(raw) };
    case 'filter':
      if (!(filterNames as readonly string[]).includes(raw.toLowerCase())) return `filter: can be ${filterNames.join(', ')} (got "${raw}")`;
      return { kind: 'filter', value: raw.toLowerCase() as FilterName, negated: t.negated };
    default:
      // Not an operator we know (a URL, a time like 10:30): an ordinary word.
      return { kind: 'word', value: t.value, negated: t.negated };
  }
}

/** Parses a query; errors are sentences that say what to change. */
export function parseQuery(input: string): ParseResult {
  const q = input.trim();
  if (!q) return { ok: false, message: 'the query is empty: type words to search for' };
  if (q.length > 512) return { ok: false, message: 'the query is longer than 512 characters' };
  const tokens = tokenize(q);
  if (typeof tokens === 'string') return { ok: false, message: tokens };
  let pos = 0;
  const parseSeq = (depth: number): Node[] | string => {
    const seq: Node[] = [];
    while (pos < tokens.length) {
      const t = tokens[pos] as Token;
      if (t.type === 'close') {
        if (depth === 0) return 'a ")" has no matching "("';
        pos++;
        return seq;
      }
      if (t.type === 'or') {
        const prev = seq.pop();
        pos++;
        const next = parseOne(depth);
        if (!prev || !next) return 'OR needs a term on each side';
        // A term after OR that does not read says why itself (from:bad! is a bad user name, not a missing term).
        if (typeof next === 'string') return next;
        seq.push(prev.kind === 'or' && !prev.negated ? { kind: 'or', terms: [...prev.terms, next] } : { kind: 'or', terms: [prev, next] });
        continue;
      }
      const one = parseOne(depth);
      if (typeof one === 'string') return one;
      if (one) seq.push(one);
    }
    return depth > 0 ? 'a "(" is not closed: add the closing ")"' : seq;
  };
  const parseOne = (depth: number): Node | string | null => {
    const t = tokens[pos];
    if (!t) return null;
    if (t.type === 'open') {
      pos++;
      const inner = parseSeq(depth + 1);
      if (typeof inner === 'string') return inner;
      return { kind: 'group', terms: inner, negated: t.negated };
    }
    if (t.type === 'close' || t.type === 'or') return 'OR needs a term on each side';
    pos++;
    return toTerm(t);
  };
  const terms = parseSeq(0);
  if (typeof terms === 'string') return { ok: false, message: terms };
  const positive = (n: Node): boolean =>
    !n.negated && (n.kind === 'or' ? n.terms.some(positive) : n.kind === 'group' ? n.terms.some(positive) : true);
  if (!terms.some(positive)) return { ok: false, message: 'the query only excludes: add at least one word or operator to search for' };
  return { ok: true, query: { terms } };
}

/** What the filter panel edits; `formatQuery` writes it as syntax. */
export type SearchFilters = {
  allWords: string;
  exactPhrase: string;
  anyWords: string;
  noneWords: string;
  hashtags: string;
  from: string;
  to: string;
  mentioning: string;
  lang: string;
  since: string;
  until: string;
  minFaves: string;
  minRetweets: string;
  minReplies: string;
  media: boolean;
  verified: boolean;
  excludeReplies: boolean;
};

export const emptyFilters: SearchFilters = {
  allWords: '',
  exactPhrase: '',
  anyWords: '',
  noneWords: '',
  hashtags: '',
  from: '',
  to: '',
  mentioning: '',
  lang: '',
  since: '',
  until: '',
  minFaves: '',
  minRetweets: '',
  minReplies: '',
  media: false,
  verified: false,
  excludeReplies: false,
};

const words = (s: string) => s.split(/\s+/).filter(Boolean);
const quote = (s: string) => `"${s.replace(/"/g, '')}"`;

/** Writes the panel's filters as one query in the platform's syntax. */
export function formatQuery(f: SearchFilters): string {
  const parts: string[] = [...words(f.allWords)];
  if (f.exactPhrase.trim()) parts.push(quote(f.exactPhrase.trim()));
  const any = words(f.anyWords);
  if (any.length === 1) parts.push(any[0] as string);
  if (any.length > 1) parts.push(`(${any.join(' OR ')})`);
  for (const w of words(f.noneWords)) parts.push(`-${w}`);
  for (const h of words(f.hashtags)) parts.push(h.startsWith('#') ? h : `#${h}`);
  const users = (s: string, op: string) => {
    const list = words(s).map((u) => `${op}${u.replace(/^@/, '')}`);
    if (list.length > 1) parts.push(`(${list.join(' OR ')})`);
    else parts.push(...list);
  };
  users(f.from, 'from:');
  users(f.to, 'to:');
  for (const m of words(f.mentioning)) parts.push(m.startsWith('@') ? m : `@${m}`);
  if (f.lang.trim()) parts.push(`lang:${f.lang.trim()}`);
  if (f.since.trim()) parts.push(`since:${f.since.trim()}`);
  if (f.until.trim()) parts.push(`until:${f.until.trim()}`);
  if (f.minFaves.trim()) parts.push(`min_faves:${f.minFaves.trim()}`);
  if (f.minRetweets.trim()) parts.push(`min_retweets:${f.minRetweets.trim()}`);
  if (f.minReplies.trim()) parts.push(`min_replies:${f.minReplies.trim()}`);
  if (f.media) parts.push('filter:media');
  if (f.verified) parts.push('filter:verified');
  if (f.excludeReplies) parts.push('-filter:replies');
  return parts.join(' ');
}

/**
 * Reads a query back into the panel's filters, when the query is one the panel could have
 * written; null when it uses syntax the panel has no field for (the box still runs it).
 */
export function toFilters(q: string): SearchFilters | null {
  const parsed = parseQuery(q);
  if (!parsed.ok) return null;
  const f: SearchFilters = { ...emptyFilters };
  const add = (key: keyof SearchFilters, v: string) => {
    const cur = f[key];
    if (typeof cur === 'string') (f[key] as string) = cur ? `${cur} ${v}` : v;
  };
  for (const n of parsed.query.terms) {
    if (n.kind === 'word' && n.negated) add('noneWords', n.value);
    else if (n.kind === 'word' && n.value.startsWith('#')) add('hashtags', n.value.slice(1));
    else if (n.kind === 'word' && n.value.startsWith('@') && n.value.length > 1) add('mentioning', n.value.slice(1));
    else if (n.kind === 'word') add('allWords', n.value);
    else if (n.kind === 'phrase' && !n.negated && !f.exactPhrase) f.exactPhrase = n.value;
    else if ((n.kind === 'from' || n.kind === 'to') && !n.negated) add(n.kind, n.value);
    else if (n.kind === 'lang' && !n.negated && !f.lang) f.lang = n.value;
    else if (n.kind === 'since' || n.kind === 'until') f[n.kind] = n.value;
    else if (n.kind === 'min_faves') f.minFaves = String(n.value);
    else if (n.kind === 'min_retweets') f.minRetweets = String(n.value);
    else if (n.kind === 'min_replies') f.minReplies = String(n.value);
    else if (n.kind === 'filter' && !n.negated && (n.value === 'media' || n.value === 'verified')) f[n.value] = true;
    else if (n.kind === 'filter' && n.negated && n.value === 'replies') f.excludeReplies = true;
    else if ((n.kind === 'or' || n.kind === 'group') && !n.negated) {
      const inner = n.kind === 'group' && n.terms.length === 1 && n.terms[0]?.kind === 'or' ? n.terms[0].terms : n.kind === 'or' ? n.terms : null;
      if (!inner) return null;
      if (inner.every((t) => t.kind === 'word' && !t.negated)) add('anyWords', inner.map((t) => (t as { value: string }).value).join(' '));
      else if (inner.every((t) => t.kind === 'from' && !t.negated)) add('from', inner.map((t) => (t as { value: string }).value).join(' '));
      else if (inner.every((t) => t.kind === 'to' && !t.negated)) add('to', inner.map((t) => (t as { value: string }).value).join(' '));
      else return null;
    } else return null;
  }
  return f;
}
