/*
 * What a signed-in person may do (README, Team mode): a viewer reads and downloads; an operator
 * also creates, spends and acts as agents; an admin also sets keys, spend limits and accounts. The
 * BFF's routes say which they need (bff-routes/route.ts, `role`; left out: viewers read, operators
 * write), and the server refuses the rest before anything is sent (src/server/http/roles.ts).
 */

export const ROLES = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };

/** What each role may do, in a phrase (the refusal says it). */
export const ROLE_WORDS: Record<Role, string> = {
  viewer: 'viewers read and download',
  operator: 'operators create, spend and act as agents',
  admin: 'admins set keys, spend limits and accounts',
};

/** A stored role as one of the three; anything else reads as a viewer (the least). */
export const asRole = (value: unknown): Role => (ROLES as readonly unknown[]).includes(value) ? (value as Role) : 'viewer';

/** Whether `have` may do what needs `need`. */
export const may = (have: Role, need: Role): boolean => RANK[have] >= RANK[need];

/** The role a request needs when its route names none: reads for viewers, writes for operators. */
export const neededFor = (method: string, declared?: Role): Role => declared ?? (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? 'viewer' : 'operator');
