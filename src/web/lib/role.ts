import { ROLES, type Role } from '../../contracts/roles';

/**
 * The signed-in person's role, named by the server in the page (README, Team mode); without
 * sign-in the one person may do everything. A name it does not know ranks below every role.
 */
export const myRole = (typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="triptych-role"]')?.content) ?? 'admin';

/** Whether this person's role allows what needs `need` (the server checks again, by contracts/roles.ts). */
export const mayDo = (need: Role): boolean => (ROLES as readonly string[]).indexOf(myRole) >= ROLES.indexOf(need);
