import { formGroups, isProductOperation, operationOf, type FormGroup, type FormTaskType, type OperationForm } from '../../../../contracts/gen3d/operations';
import { createOperation, products, type Product } from '../../../../contracts/gen3d/routes';
import { gen3dTaskTypes, type Gen3dTaskType } from '../../../../contracts/gen3d/task-types';
import { priceOf, priceWords, type Operation, type Price } from '../../../../contracts/routes';
import { formatInt } from '../../../lib/format';

/**
 * The task types the "New task" area creates: each operation of contracts/gen3d/operations.ts
 * with a form (all but text to 3D, which keeps its own form on the queue page), bound to its
 * route-table entry: the form checks its body with the entry's schema, prices it with the entry's
 * `spend`, and sends it with the entry's path.
 */
export type KindType = FormTaskType;
export type KindGroup = FormGroup;
export type Kind = OperationForm & {
  type: KindType;
  /** The route-table entry; products pick theirs by product. */
  op: (product: Product) => Operation;
  /** One operation per product (the creative lab's). */
  perProduct: boolean;
};

const hasForm = (t: Gen3dTaskType): t is KindType => operationOf(t).form !== null;
const kindOfType = (type: KindType): Kind => {
  const entry = operationOf(type);
  return { ...(entry.form as OperationForm), type, op: (p) => createOperation(type, p), perProduct: isProductOperation(entry) };
};

export const kindGroups = formGroups;
/** By group, then in the order of the task types. */
export const kinds: readonly Kind[] = gen3dTaskTypes
  .filter(hasForm)
  .map(kindOfType)
  .sort((a, b) => formGroups.indexOf(a.group) - formGroups.indexOf(b.group));
export const kindOf = (type: KindType): Kind => kinds.find((k) => k.type === type) as Kind;
/** The kind whose page is `/3d/new/{slug}`. */
export const kindBySlug = (slug: string): Kind | undefined => kinds.find((k) => k.slug === slug);
export const isKindSlug = (slug: string) => kindBySlug(slug) !== undefined;

/** The kind (and product) whose form creates tasks on this create path; null for text to 3D, which has its own form. */
export function kindOfPath(createPath: string): { kind: Kind; product: Product | null } | null {
  for (const kind of kinds) {
    const options: readonly Product[] = kind.perProduct ? products : ['figure'];
    const product = options.find((p) => kind.op(p).path === createPath);
    if (product) return { kind, product: options.length > 1 ? product : null };
  }
  return null;
}
export { products, type Product };
export const productLabel: Record<Product, string> = { figure: 'Figure', lamp: 'Lamp', keychain: 'Keychain', 'fridge-magnet': 'Fridge magnet' };

/** What a body costs by its entry: null for an operation that spends nothing. */
export function kindPrice(op: Operation, body: unknown): Price | null {
  return op.spend ? priceOf(op.spend, body) : null;
}

/**
 * The price line of a form: the price (a range where the document gives one, with the upper end
 * the spend guard counts) and the balance after it.
 */
export function priceLine(price: Price | null, balance: number | undefined): { cost: string; after: string | null; short: boolean } {
  const p = price ?? { min: 0, max: 0 };
  const cost = p.max === 0 ? 'nothing (free)' : p.min === p.max ? priceWords(p, 'credits') : `${priceWords(p, 'credits')} (the spend guard counts ${p.max})`;
  if (balance === undefined) return { cost, after: null, short: false };
  const low = balance - p.max;
  const high = balance - p.min;
  return { cost, after: low === high ? formatInt(low) : `${formatInt(low)} to ${formatInt(high)}`, short: low < 0 };
}
