import { decodeCursor, encodeCursor } from '../search/cursor';

/**
 * A list as the service shows it: the corpus's own items (in the list's order) followed by generated
 * ones, so a list holds exactly what its count says. Items are refs: a corpus index (>= 0), or a
 * generated or live number `n` as `-n - 1`. Cursors name the last item's position and id, so a
 * cursor from another list or a changed list is refused.
 */
export type Ref = number;
export const genRef = (n: number): Ref => -n - 1;
export const refNumber = (ref: Ref) => -ref - 1;

export type ListSpec = {
  scope: string;
  corpus: ArrayLike<number>;
  order: 'asc' | 'desc';
  /** Live items before everything else (newest first). */
  head?: readonly Ref[];
  /** Generated items after the corpus's (their numbers). */
  genCount: number;
  genNumber: (k: number) => number;
  keep?: (ref: Ref) => boolean;
  idOf: (ref: Ref) => string;
};

export const BAD_CURSOR = 'cursor is not one this service gave: pass next_cursor from the previous page unchanged';

function refAt(spec: ListSpec, pos: number): Ref | undefined {
  const head = spec.head ?? [];
  if (pos < head.length) return head[pos];
  const p = pos - head.length;
  const n = spec.corpus.length;
  if (p < n) return spec.corpus[spec.order === 'asc' ? p : n - 1 - p];
  const k = p - n;
  return k < spec.genCount ? genRef(spec.genNumber(k)) : undefined;
}

export const rawLength = (spec: ListSpec) => (spec.head?.length ?? 0) + spec.corpus.length + spec.genCount;

/** Items from a raw position on, in order. */
export function* walk(spec: ListSpec, from = 0): Generator<{ pos: number; ref: Ref }> {
  const end = rawLength(spec);
  for (let pos = from; pos < end; pos++) {
    const ref = refAt(spec, pos) as Ref;
    if (!spec.keep || spec.keep(ref)) yield { pos, ref };
  }
}

/** How many items the list holds (its filter applied). */
export function countOf(spec: ListSpec): number {
  if (!spec.keep) return rawLength(spec);
  let n = 0;
  for (const _ of walk(spec)) n++;
  return n;
}

export type RefPage = { refs: Ref[]; nextCursor: string | null } | { error: string };

/** One page after the cursor's item. */
export function pageOf(spec: ListSpec, cursor: string | undefined, limit: number): RefPage {
  let from = 0;
  if (cursor !== undefined) {
    const decoded = decodeCursor(spec.scope, cursor);
    if (!decoded.ok) return { error: decoded.message };
    const [pos, id] = decoded.key;
    const at = typeof pos === 'number' ? refAt(spec, pos) : undefined;
    if (at === undefined || spec.idOf(at) !== id) return { error: BAD_CURSOR };
    from = (pos as number) + 1;
  }
  const refs: Ref[] = [];
  let last = -1;
  let more = false;
  for (const { pos, ref } of walk(spec, from)) {
    if (refs.length === limit) {
      more = true;
      break;
    }
    refs.push(ref);
    last = pos;
  }
  return { refs, nextCursor: more ? encodeCursor(spec.scope, [last, spec.idOf(refs[refs.length - 1]!)]) : null };
}
