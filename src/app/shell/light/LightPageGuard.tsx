import type { ReactNode } from 'react';
import { CircularProgress } from '@mui/material';
import { Navigate } from 'react-router';
import { usePageVerdict } from '../../access/page-decision';
import { useCoreServices } from '../../bootstrap/context';
import { LightCompanyPicker } from './LightCompanyPicker';

/**
 * The page-access guard of core §2 on the light shop pages: access/page-decision's verdict, the same
 * as access/PageGuard's, drawn without react-admin.
 */
export function LightPageGuard({ children }: { children: ReactNode }) {
  const { i18n } = useCoreServices();
  const verdict = usePageVerdict('shop');
  switch (verdict.show) {
    case 'page': return <>{children}</>;
    case 'loading': return <CircularProgress aria-label={i18n.i18nProvider.translate('app.common.loading')} sx={{ m: 2 }} />;
    case 'nothing': return null;
    case 'companyPicker': return <LightCompanyPicker />;
    case 'redirect': return <Navigate to={verdict.to} replace state={verdict.state} />;
  }
}
