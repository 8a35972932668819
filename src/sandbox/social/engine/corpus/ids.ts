/** Numeric string ids shaped like the platform's: milliseconds since its epoch, then a sequence. */
const EPOCH = 1288834974657;

export function snowflake(ms: number, seq: number): string {
  return ((BigInt(Math.max(0, Math.floor(ms - EPOCH))) << 22n) | BigInt(seq & 0x3fffff)).toString();
}
