import { useNavigate } from 'react-router';
import { useRefresh } from 'react-admin';
import { useAppServices } from '../../../bootstrap/context';
import { startImpersonation } from '../../../session/impersonation';
import type { UserKind } from '../../../../../model/resources/platform';

/** The platform's user pages (/ycAdmin/users, /ycAdmin/administrators, /ycAdmin/user-details/{id}). */
/** The i18n key of a kind of user (customer user, supplier user, platform admin …). */
export const userKindKey = (kind: UserKind) => `users.admin.kind.${kind}`;

/** Starts acting as the user (super admins; core §4 Impersonation) and opens the shop as them. */
export function useImpersonate() {
  const { http, session: loader } = useAppServices();
  const navigate = useNavigate();
  const refresh = useRefresh();
  return async (userId: string) => {
    await startImpersonation(http, loader, userId);
    navigate('/');
    refresh();
  };
}
