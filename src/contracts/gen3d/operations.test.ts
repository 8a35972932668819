import { describe, expect, it } from 'vitest';
import { products } from './ids';
import { gen3dOperations, isProductOperation, operationOf, pathOf } from './operations';
import { outputFieldsOf, taskTypeOf } from './outputs';
import { createOperation, gen3dRoutes } from './routes';
import { gen3dTaskTypes } from './task-types';

/** The body fields a schema names (an object's shape; through its checks). */
const fieldsOf = (schema: unknown): string[] => Object.keys((schema as { shape?: Record<string, unknown> }).shape ?? {});

describe('one entry per 3D operation', () => {
  it('holds every task type, in the order of the type list', () => {
    expect(Object.keys(gen3dOperations)).toEqual([...gen3dTaskTypes]);
  });

  it('is what the route table registers: each path once, with the entry’s body and price', () => {
    const creates = gen3dRoutes.filter((o) => o.kind === 'create');
    const paths = gen3dTaskTypes.flatMap((t) => products.map((p) => pathOf(operationOf(t), p)));
    expect(creates.map((o) => o.path).sort()).toEqual([...new Set(paths)].sort());
    for (const type of gen3dTaskTypes) {
      const entry = operationOf(type);
      for (const p of isProductOperation(entry) ? products : (['figure'] as const)) {
        const op = createOperation(type, p);
        expect(op.path).toBe(pathOf(entry, p));
        expect(op.body).toBe(isProductOperation(entry) ? entry.body(p) : entry.body);
        expect(op.spend).toBe(entry.spend);
        expect(gen3dRoutes.filter((o) => o.path === op.path || o.path === `${op.path}/:id`).map((o) => o.kind).sort()).toEqual(['create', 'delete', 'list', 'task']);
      }
    }
  });

  it('gives each path’s type back (text to 3D by mode) and its output files', () => {
    for (const type of gen3dTaskTypes) {
      const entry = operationOf(type);
      expect(taskTypeOf(pathOf(entry, 'lamp'), { mode: entry.mode }), type).toBe(type);
      expect(outputFieldsOf(null, pathOf(entry), { mode: entry.mode })).toBe(entry.outputs);
    }
    expect(taskTypeOf('/openapi/v2/text-to-3d', {})).toBe('text-to-3d-preview');
    expect(taskTypeOf('/openapi/v2/remesh', {})).toBeNull();
  });

  it('lists as form fields only fields of the operation’s request', () => {
    for (const type of gen3dTaskTypes) {
      const entry = operationOf(type);
      if (!entry.form) continue;
      const bodies = isProductOperation(entry) ? products.map((p) => entry.body(p)) : [entry.body];
      const known = new Set(bodies.flatMap(fieldsOf));
      expect(known.size, type).toBeGreaterThan(0);
      expect(Object.keys(entry.form.fields).filter((f) => !known.has(f)), type).toEqual([]);
      if (entry.form.modelSource) expect([...known], type).toEqual(expect.arrayContaining(['input_task_id', 'model_url']));
    }
  });
});
