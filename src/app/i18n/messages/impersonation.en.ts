import type { ImpersonationMessages } from './impersonation';

/** The English texts of ./impersonation.ts. */
export const en: ImpersonationMessages = {
  impersonation: {
    start: 'Act as user',
    search: 'Search a user by name or e-mail address',
    noUsers: 'No users found',
    inactive: 'inactive',
    starting: 'Switching…',
    cancel: 'Cancel',
    actingAs: 'You are acting as {{name}}',
    stop: 'Stop',
  },
};
