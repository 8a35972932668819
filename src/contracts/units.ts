/**
 * The units spending is counted in: the services' own points (`credits`, the agent network's
 * `ap_points`), always written in lower case, and currencies, whose ISO 4217 codes (and the
 * tokens written like them, `USDC`) mean the same in any letter case and are written in upper
 * case. One spelling per unit, so that a limit in USD also holds a payment in `usd` or `Usd`.
 */
const NAMED_UNITS: ReadonlySet<string> = new Set(['credits', 'ap_points']);

/** The one spelling of a unit: `credits`, `ap_points`, or a currency code in upper case (`usd` → `USD`). */
export function unitCode(unit: string): string {
  const trimmed = unit.trim();
  const lower = trimmed.toLowerCase();
  return NAMED_UNITS.has(lower) ? lower : trimmed.toUpperCase();
}

/** The SQL of `unitCode` for a column (a migration rewrites stored units with it): ASCII case, which is all a unit may hold. */
export const unitCodeSql = (column: string) =>
  `CASE WHEN lower(trim(${column})) IN (${[...NAMED_UNITS].map((u) => `'${u}'`).join(', ')}) THEN lower(trim(${column})) ELSE upper(trim(${column})) END`;
