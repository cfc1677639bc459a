import type { UserDto } from '../../shared/session-types';
import { fullNameOf } from '../auth/authProvider';

/**
 * The accessible name of the user menu's button, which shows the user's name: that name first, then
 * what the button is for ("Bert Buyer (Profiel)"). A name without the visible text fails WCAG 2.5.3
 * (axe and Lighthouse: label-content-name-mismatch), and speech users say what they see.
 */
export function userMenuName(user: UserDto | null | undefined, purpose: string): string {
  const name = user ? fullNameOf(user) : '';
  return name ? `${name} (${purpose})` : purpose;
}
