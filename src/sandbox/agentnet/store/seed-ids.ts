import { createHash } from 'node:crypto';

/** A stable id from a name, shaped like the live service's UUIDs (the seeded agents' and their work's). */
export function seedAgentId(name: string): string {
  const h = createHash('sha256').update(`agentnet-seed:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
