/** Metres in one of each unit a 3MF model may be written in (3MF core specification; millimetre when unsaid). */
const metres: Readonly<Record<string, number>> = { micron: 1e-6, millimeter: 1e-3, centimeter: 1e-2, inch: 0.0254, foot: 0.3048, meter: 1 };

/**
 * The scale that turns a 3MF model's coordinates into metres, read from its `<model unit="…">`
 * (`head`: the start of its model part). A multi-colour print in millimetres is 1.44 m tall, not 1,440 m.
 */
export function threeMfMetres(head: string): number {
  const unit = /<model\b[^>]*\bunit\s*=\s*["']([a-z]+)["']/i.exec(head)?.[1]?.toLowerCase() ?? 'millimeter';
  return metres[unit] ?? metres.millimeter!;
}
