import type { Csr } from './types';

/** Growable edge list (two int columns). */
export class Edges {
  src: number[] = [];
  dst: number[] = [];
  add(from: number, to: number) {
    this.src.push(from);
    this.dst.push(to);
  }
  get length() {
    return this.src.length;
  }
}

/** Groups edges by source node; each node's targets come out ascending. */
export function toCsr(nodes: number, from: readonly number[], to: readonly number[]): Csr {
  const offsets = new Int32Array(nodes + 1);
  for (const s of from) offsets[s + 1]!++;
  for (let i = 0; i < nodes; i++) offsets[i + 1]! += offsets[i]!;
  const fill = offsets.slice(0, nodes);
  const items = new Int32Array(from.length);
  for (let e = 0; e < from.length; e++) items[fill[from[e]!]!++] = to[e]!;
  for (let i = 0; i < nodes; i++) items.subarray(offsets[i]!, offsets[i + 1]!).sort();
  return { offsets, items };
}

/** A node's targets (ascending), as a view into the shared array. */
export const row = (csr: Csr, node: number): Int32Array => csr.items.subarray(csr.offsets[node]!, csr.offsets[node + 1]!);
export const degree = (csr: Csr, node: number): number => csr.offsets[node + 1]! - csr.offsets[node]!;
