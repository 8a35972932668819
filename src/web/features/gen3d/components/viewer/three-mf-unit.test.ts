// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { threeMfMetres } from './three-mf-unit';

describe('the unit of a 3MF model', () => {
  it('turns millimetres (the default) and the other units into metres', () => {
    expect(threeMfMetres('<?xml version="1.0"?>\n<model unit="millimeter" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">')).toBe(0.001);
    expect(threeMfMetres('<model xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">')).toBe(0.001);
    expect(threeMfMetres("<model unit='inch'>")).toBe(0.0254);
    expect(threeMfMetres('<model unit="meter">')).toBe(1);
    expect(threeMfMetres('<model unit="parsec">')).toBe(0.001);
  });
});
