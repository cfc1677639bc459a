/**
 * The identity helper's OIDC auth provider (src/app/auth) with what the app adds per area: canAccess
 * from the model's access rules, permissions from the loaded session (the acting customer's, no extra
 * call), and forgetting the session on sign-in and sign-out.
 */
import type { AuthProvider } from 'react-admin';
import { fullNameOf } from '../auth/authProvider';
import type { ResourceAccessTable } from '../../shared/generated-contract';
import type { PermissionsDto } from '../../shared/session-types';
import type { SessionLoader } from '../session/load';
import { clearSession } from '../session/store';
import { createCanAccess, type AppArea } from './can-access';

export interface AppAuthOptions {
  area: AppArea;
  session: SessionLoader;
  table: ResourceAccessTable;
}

export function withAppAuth<T extends AuthProvider>(base: T, { area, session, table }: AppAuthOptions): T {
  return {
    ...base,
    canAccess: createCanAccess({ area, table, ensureSession: () => session.ensure() }),
    async handleCallback(params) {
      // A new sign-in: whatever a previous user left in the session must not be reused.
      session.reset();
      clearSession();
      return base.handleCallback?.(params);
    },
    async logout(params) {
      try {
        return await base.logout(params);
      } finally {
        session.reset();
        clearSession();
      }
    },
    // The session already loaded /users/me (and, while impersonating, holds the impersonated user).
    async getIdentity() {
      const { user } = await session.ensure();
      if (!user) throw new Error('not signed in');
      return { ...user, fullName: fullNameOf(user) };
    },
    async getPermissions(): Promise<PermissionsDto> {
      try {
        return (await session.ensure()).permissions ?? { customerId: null, permissions: [] };
      } catch {
        return { customerId: null, permissions: [] };
      }
    },
  };
}
