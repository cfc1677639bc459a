import type { ReactNode } from 'react';
import { Loading } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { PAGES } from '../../../generated/app/pages.gen';
import type { PageTable } from '../../shared/generated-contract';
import { canOpenPage, matchPage, type PageDecision } from '../../shared/page-access';
import { useAppServices } from '../bootstrap/context';
import { CompanyPicker } from '../layout/CompanyPicker';
import { useLoadedSession } from '../session/useLoadedSession';
import { pageSubjectOf } from './page-subject';

/** Where a refusal sends the user; 'chooseCustomer' stays and shows the company picker. */
export const DECISION_PATHS: Readonly<Record<Exclude<PageDecision, 'ok' | 'chooseCustomer'>, string>> = {
  login: '/login',
  registration: '/registration',
  unauthorized: '/unauthorized',
};

/**
 * The page-access guard of core §2 around every page of an area (the shop, or the platform admin
 * area with its super-admin and extra-privileges pages, core §6): the page the path shows (PAGES),
 * decided by canOpenPage for the signed-in user. Paths that are no page of the area (404, system
 * pages, generated resource screens not in PAGES) pass.
 */
export function PageGuard({ children, pages = PAGES, area = 'shop' }: { children: ReactNode; pages?: PageTable; area?: 'shop' | 'admin' }) {
  const { pathname } = useLocation();
  const { domain } = useAppServices();
  const { session, error } = useLoadedSession();
  const page = matchPage(pages, pathname);
  if (!page || page.area !== area) return <>{children}</>;
  // /users/me failed: the session gate shows the error (or maintenance takes over).
  if (error) return <>{children}</>;
  if (!session) return <Loading />;
  const subject = pageSubjectOf(session, domain.links);
  // Signing out: react-admin's logout takes the user to the provider and /login; a redirect here would race it.
  if (!subject) return null;
  const decision = canOpenPage(page, subject);
  if (decision === 'ok') return <>{children}</>;
  if (decision === 'chooseCustomer') return <CompanyPicker />;
  return <Navigate to={DECISION_PATHS[decision]} replace state={decision === 'login' ? { nextPathname: pathname } : undefined} />;
}
