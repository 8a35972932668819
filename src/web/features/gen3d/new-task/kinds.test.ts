import { describe, expect, it } from 'vitest';
import { gen3dOps, products } from '../../../../contracts/gen3d/routes';
import { priceWords } from '../../../../contracts/routes';
import { kindPrice, kinds, priceLine } from './kinds';

describe('task kinds of the New task area', () => {
  it('are the operations with a form, by group, each at its page', () => {
    expect(kinds.map((k) => k.slug)).toEqual([
      'image-to-3d', 'multi-image-to-3d', 'retexture', 'remesh', 'convert', 'resize', 'uv-unwrap', 'rigging', 'animation', 'text-to-motion',
      'text-to-image', 'image-to-image', 'prototype', 'build', 'print-analyze', 'print-repair', 'print-multi-color',
    ]);
    expect(kinds.find((k) => k.slug === 'rigging')).toMatchObject({ type: 'rig', label: 'Rigging', group: 'Animate', modelSource: true, perProduct: false });
  });

  it('cover every create operation of the route table but text to 3D (its own form)', () => {
    const covered = new Set(kinds.flatMap((k) => (k.perProduct ? products.map((p) => k.op(p).id) : [k.op('figure').id])));
    const creates = Object.values(gen3dOps).filter((op) => op.kind === 'create' && op.id !== 'textTo3d.create');
    expect(creates.map((op) => op.id).filter((id) => !covered.has(id))).toEqual([]);
    expect(covered.size).toBe(creates.length);
  });

  it('prices from the entry: a range with the guard’s upper end, a model’s price, free', () => {
    const image = kinds.find((k) => k.slug === 'image-to-3d')!.op('figure');
    expect(priceLine(kindPrice(image, {}), 100)).toEqual({ cost: '5 to 30 credits (the spend guard counts 30)', after: '70 to 95', short: false });
    const t2i = kinds.find((k) => k.slug === 'text-to-image')!.op('figure');
    expect(priceLine(kindPrice(t2i, { ai_model: 'nano-banana-2' }), 4)).toEqual({ cost: '6 credits', after: '-2', short: true });
    const analyze = kinds.find((k) => k.slug === 'print-analyze')!.op('figure');
    expect(priceLine(kindPrice(analyze, {}), 10)).toEqual({ cost: 'nothing (free)', after: '10', short: false });
    expect(priceLine(kindPrice(kinds.find((k) => k.slug === 'build')!.op('lamp'), {}), undefined)).toEqual({ cost: '30 credits', after: null, short: false });
    // A balance reads as on the 3D page: with thousands separators.
    expect(priceLine(kindPrice(image, {}), 1000)).toEqual({ cost: '5 to 30 credits (the spend guard counts 30)', after: '970 to 995', short: false });
    expect(priceLine(kindPrice(image, {}), 2000).after).toBe('1,970 to 1,995');
    // One credit reads as one: "1 credit", as in the chain panel's offers (priceWords).
    const convert = kinds.find((k) => k.slug === 'convert')!.op('figure');
    expect(priceLine(kindPrice(convert, {}), 10).cost).toBe('1 credit');
    expect(priceWords({ min: 1, max: 1 }, 'credits')).toBe('1 credit');
    expect(priceWords({ min: 1, max: 5 }, 'credits')).toBe('1 to 5 credits');
  });
});
