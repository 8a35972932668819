/**
 * The output files of a task record (each operation's `outputs`, operations.ts): which fields of a
 * record the console treats as files, and the record rewritten with them replaced.
 */

import { products } from './ids';
import { gen3dOperations, operationOf, pathOf } from './operations';
import { gen3dTaskTypes, type Gen3dTaskType } from './task-types';

export { gen3dTaskTypes, type Gen3dTaskType } from './task-types';

/** Each create path and the task types made on it (text to 3D: two, by `mode`; the first is the default). */
const typesByPath = new Map<string, Gen3dTaskType[]>();
for (const type of gen3dTaskTypes) {
  const op = operationOf(type);
  for (const path of new Set(products.map((p) => pathOf(op, p)))) typesByPath.set(path, [...(typesByPath.get(path) ?? []), type]);
}

/** The type of task a create path makes (text-to-3d: by the body's `mode`); null for a path that makes none. */
export function taskTypeOf(createPath: string, body?: { mode?: unknown } | null): Gen3dTaskType | null {
  const types = typesByPath.get(createPath) ?? [];
  return types.find((t) => operationOf(t).mode === body?.mode) ?? types[0] ?? null;
}

const isKnownType = (t: unknown): t is Gen3dTaskType => typeof t === 'string' && (gen3dTaskTypes as readonly string[]).includes(t);

/** The output fields of a record: by its own `type` when the table knows it, else by the path it was created on. */
export function outputFieldsOf(recordType: unknown, createPath: string, body?: { mode?: unknown } | null): readonly string[] {
  if (isKnownType(recordType)) return gen3dOperations[recordType].outputs;
  const byPath = taskTypeOf(createPath, body);
  return byPath ? gen3dOperations[byPath].outputs : [];
}

const globs = new Map<string, RegExp>();
const globOf = (pattern: string) => {
  let re = globs.get(pattern);
  if (!re) {
    re = new RegExp(
      `^${pattern
        .split('*')
        .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^.]*')}$`,
    );
    globs.set(pattern, re);
  }
  return re;
};
const segmentMatches = (pattern: string, segment: string) => pattern === '*' || (pattern.includes('*') ? globOf(pattern).test(segment) : pattern === segment);

const isFileUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\/\S+$/i.test(v);

/** Walks the values a field pattern names: `[key, value]` with the key as a dotted path. */
function* walk(value: unknown, pattern: readonly string[], path: string[]): Generator<[string, unknown]> {
  if (pattern.length === 0) {
    yield [path.join('.'), value];
    return;
  }
  if (!value || typeof value !== 'object') return;
  const [head, ...rest] = pattern as [string, ...string[]];
  const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  for (const [k, v] of entries) if (segmentMatches(head, k)) yield* walk(v, rest, [...path, k]);
}

/** The output file URLs of a record, each named by its path (`model_urls.glb`, `texture_urls.0.base_color`). Empty values are skipped. */
export function outputFiles(record: unknown, fields: readonly string[]): Array<{ key: string; url: string }> {
  const seen = new Set<string>();
  const out: Array<{ key: string; url: string }> = [];
  for (const field of fields) {
    for (const [key, v] of walk(record, field.split('.'), [])) {
      if (isFileUrl(v) && !seen.has(key)) {
        seen.add(key);
        out.push({ key, url: v });
      }
    }
  }
  return out;
}

/** A copy of the record with each output file URL replaced by `to(key)`; every other field as it was. */
export function mapOutputFiles<T>(record: T, fields: readonly string[], to: (key: string, url: string) => string): T {
  const keys = new Map(outputFiles(record, fields).map((f) => [f.key, f.url]));
  if (keys.size === 0) return record;
  const rebuild = (v: unknown, path: string[]): unknown => {
    const key = path.join('.');
    const url = keys.get(key);
    if (url !== undefined && typeof v === 'string') return to(key, url);
    if (Array.isArray(v)) return v.map((x, i) => rebuild(x, [...path, String(i)]));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rebuild(x, [...path, k])]));
    return v;
  };
  return rebuild(record, []) as T;
}
