import type { ReactNode } from 'react';
import { CircularProgress } from '@mui/material';
import { AppRedirect, useAppLocation } from '../navigation/context';
import { PAGES } from '../../../generated/app/pages.gen';
import { canOpenPage, matchPage, type PageDecision } from '../../shared/page-access';
import { pageSubjectOf } from '../access/page-subject';
import { useCoreServices } from '../bootstrap/context';
import { useLoadedSession } from '../session/useLoadedSession';
import { LightCompanyPicker } from './LightCompanyPicker';

/**
 * Where a refusal sends the user, as access/PageGuard's DECISION_PATHS (that module loads react-admin;
 * tests/app/light-shell.test.tsx keeps the two equal).
 */
export const LIGHT_DECISION_PATHS: Readonly<Record<Exclude<PageDecision, 'ok' | 'chooseCustomer'>, string>> = {
  login: '/login',
  registration: '/registration',
  unauthorized: '/unauthorized',
};

/**
 * The page-access guard of core §2 on the light shop pages: the same decision as access/PageGuard
 * (src/shared/page-access.ts canOpenPage for the page the path shows), without react-admin.
 */
export function LightPageGuard({ children }: { children: ReactNode }) {
  const { pathname } = useAppLocation();
  const { domain, i18n } = useCoreServices();
  const { session, error } = useLoadedSession();
  const page = matchPage(PAGES, pathname);
  if (!page || page.area !== 'shop') return <>{children}</>;
  // /users/me failed: the session gate shows the error (or maintenance takes over).
  if (error) return <>{children}</>;
  if (!session) return <CircularProgress aria-label={i18n.i18nProvider.translate('app.common.loading')} sx={{ m: 2 }} />;
  const subject = pageSubjectOf(session, domain.links);
  // Signing out: the logout takes the user to the provider and /login; a redirect here would race it.
  if (!subject) return null;
  const decision = canOpenPage(page, subject);
  if (decision === 'ok') return <>{children}</>;
  if (decision === 'chooseCustomer') return <LightCompanyPicker />;
  return <AppRedirect to={LIGHT_DECISION_PATHS[decision]} state={decision === 'login' ? { nextPathname: pathname } : undefined} />;
}
