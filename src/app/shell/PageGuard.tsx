import type { ReactNode } from 'react';
import { Loading } from 'react-admin';
import { Navigate } from 'react-router';
import type { PageTable } from '../../shared/generated-contract';
import { CompanyPicker } from './CompanyPicker';
import { usePageVerdict } from '../access/page-decision';

/**
 * The page-access guard of core §2 around every page of a react-admin area (the shop, or the
 * platform admin area with its super-admin and extra-privileges pages, core §6): access/page-decision's
 * verdict, drawn with react-admin's spinner and the company picker.
 */
export function PageGuard({ children, pages, area = 'shop' }: { children: ReactNode; pages?: PageTable; area?: 'shop' | 'admin' }) {
  const verdict = usePageVerdict(area, pages);
  switch (verdict.show) {
    case 'page': return <>{children}</>;
    case 'loading': return <Loading />;
    case 'nothing': return null;
    case 'companyPicker': return <CompanyPicker />;
    case 'redirect': return <Navigate to={verdict.to} replace state={verdict.state} />;
  }
}
