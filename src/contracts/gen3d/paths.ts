/**
 * Paths of the 3D service's route table (routes.ts) that the first page reads by their path alone
 * (web/features/gen3d/api/queries.ts): a module of its own, so the table stays off that page.
 */
export const balancePath = '/openapi/v1/balance';
