/**
 * The page-access guard of core §2 as one decision, for both shells (access/PageGuard in the
 * react-admin areas, light/LightPageGuard on the light pages; each draws it with its own spinner and
 * company picker): the page the path shows (PAGES), decided by canOpenPage for the signed-in user as
 * the one access check sees them (can-access.ts subjectOf, through pageSubjectOf). No react-admin here.
 */
import { useLocation } from 'react-router';
import { PAGES } from '../../../generated/app/pages.gen';
import type { PageTable } from '../../shared/generated-contract';
import { canOpenPage, matchPage, refusalReason, type PageDecision, type RefusalReason } from '../../shared/page-access';
import { useCoreServices } from '../bootstrap/context';
import { useLoadedSession } from '../session/useLoadedSession';
import { pageSubjectOf } from './page-subject';

/** Where a refusal sends the user; 'chooseCustomer' stays and shows the company picker. */
export const DECISION_PATHS: Readonly<Record<Exclude<PageDecision, 'ok' | 'chooseCustomer'>, string>> = {
  login: '/login',
  registration: '/registration',
  unauthorized: '/unauthorized',
};

export type GuardVerdict =
  /** Show the page: it is no page of the area (404, system pages, generated screens not in PAGES), it may be opened, or /users/me failed (the session gate shows that). */
  | { show: 'page' }
  | { show: 'loading' }
  /** Signing out: the logout takes the user to the provider and /login; a redirect here would race it. */
  | { show: 'nothing' }
  | { show: 'companyPicker' }
  | { show: 'redirect'; to: string; state?: { nextPathname: string } | RefusedPage };

/** What /unauthorized is told of the page refused: its name (PAGES) and why, to say it in words. */
export interface RefusedPage {
  refusedPage: string;
  reason: RefusalReason | null;
}

export function usePageVerdict(area: 'shop' | 'admin' = 'shop', pages: PageTable = PAGES): GuardVerdict {
  const { pathname } = useLocation();
  const { domain } = useCoreServices();
  const { session, error } = useLoadedSession();
  const page = matchPage(pages, pathname);
  if (!page || page.area !== area || error) return { show: 'page' };
  if (!session) return { show: 'loading' };
  const subject = pageSubjectOf(session, domain.links);
  if (!subject) return { show: 'nothing' };
  const decision = canOpenPage(page, subject);
  if (decision === 'ok') return { show: 'page' };
  if (decision === 'chooseCustomer') return { show: 'companyPicker' };
  if (decision === 'unauthorized') return { show: 'redirect', to: DECISION_PATHS.unauthorized, state: { refusedPage: page.name, reason: refusalReason(page, subject) } };
  return { show: 'redirect', to: DECISION_PATHS[decision], state: decision === 'login' ? { nextPathname: pathname } : undefined };
}
