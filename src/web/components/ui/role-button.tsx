import type { Role } from '../../../contracts/roles';
import { mayDo, myRole } from '../../lib/role';
import { Button, type ButtonProps } from './button';

/**
 * A button whose action needs a role (a write: operator; keys, limits, resets: admin): below it,
 * the button is off and says why. The server refuses the action anyway (contracts/roles.ts); this
 * spares the person a refusal. Apart from Button, so the first page does not carry it.
 */
export function RoleButton({ needs, disabled, title, ...props }: ButtonProps & { needs?: Role }) {
  const refused = needs !== undefined && !mayDo(needs);
  return <Button disabled={disabled || refused} title={refused ? `This needs ${a(needs)}; you are signed in as ${a(myRole)}.` : title} {...props} />;
}

const a = (role: string) => `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`;
