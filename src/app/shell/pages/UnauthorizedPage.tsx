import { Typography } from '@mui/material';
import { Navigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { MessagePage } from '../../common/ui/MessagePage';

/** /unauthorized: where page guards send a user who lacks the rights for a page (core §2). */
export function UnauthorizedPage() {
  const translate = useTranslate();
  return (
    <MessagePage status={403} title={translate('app.unauthorized.title')}>
      <Typography color="text.secondary">{translate('app.unauthorized.text')}</Typography>
    </MessagePage>
  );
}

/** react-admin's access-denied route (it lives under each area's basename) → the one /unauthorized page. */
export function ToUnauthorized() {
  return <Navigate to="/unauthorized" replace />;
}
