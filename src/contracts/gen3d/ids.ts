/**
 * What the console's URLs name in the 3D service: a task, a creative-lab product. A module of its
 * own so the route tree, read by every page, checks its URLs without loading the route table.
 */

export const products = ['figure', 'lamp', 'keychain', 'fridge-magnet'] as const;
export type Product = (typeof products)[number];

/** Task ids: the service's are UUID-like; anything path-safe up to 100 characters is passed on. */
export const TASK_ID = /^[A-Za-z0-9_-]{1,100}$/;
