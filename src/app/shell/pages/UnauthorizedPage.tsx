import { Typography } from '@mui/material';
import { Navigate, useLocation } from 'react-router';
import { useTranslate } from 'react-admin';
import { MessagePage } from '../../common/ui/MessagePage';
import type { RefusedPage } from '../../access/page-decision';

/**
 * /unauthorized: where page guards send a user who may not open a page (core §2). When the guard
 * says which page and why (page-decision.ts), the page says it in words: the company's feature that
 * is off (named as the platform admin's customer page names it), the right the role lacks, the
 * customer's side for a supplier's user, or the platform admins' pages; otherwise the general text.
 */
export function UnauthorizedPage() {
  const translate = useTranslate();
  const refused = useLocation().state as Partial<RefusedPage> | null;
  const reason = refused?.reason;
  const why = (() => {
    switch (reason?.kind) {
      case 'feature': return translate('unauthorizedWhy.feature', { feature: translate(`customerPanel.features.${reason.feature}`, { _: reason.feature }) });
      case 'right': return translate('unauthorizedWhy.right', { what: translate(`unauthorizedWhy.letters.${reason.letter}`) });
      case 'supplierSide': return translate('unauthorizedWhy.supplierSide');
      case 'actAsCompany': return translate('unauthorizedWhy.actAsCompany');
      case 'platform': return translate('unauthorizedWhy.platform');
      default: return translate('app.unauthorized.text');
    }
  })();
  return (
    <MessagePage status={403} title={translate('app.unauthorized.title')}>
      {refused?.refusedPage && (
        <Typography sx={{ mb: 1 }}>{translate('unauthorizedWhy.page', { page: translate(`pages.${refused.refusedPage}`, { _: refused.refusedPage }) })}</Typography>
      )}
      <Typography color="text.secondary">{why}</Typography>
    </MessagePage>
  );
}

/** react-admin's access-denied route (it lives under each area's basename) → the one /unauthorized page. */
export function ToUnauthorized() {
  return <Navigate to="/unauthorized" replace />;
}
