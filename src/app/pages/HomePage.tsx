import { Alert, Card, CardContent, Typography } from '@mui/material';
import { Loading, Title, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { isPlatformUser } from '../access/can-access';
import { useLoadedSession } from '../session/useLoadedSession';
import { DashboardWidgets } from './dashboard/DashboardWidgets';
import { adminLandingPath } from './landing';

/** /ycAdmin itself: on to the first admin screen in menu order the user may list. */
export function AdminLanding() {
  const { session } = useLoadedSession();
  if (!session) return <Loading />;
  return <Navigate to={adminLandingPath(session)} replace />;
}

/** The customer's home (/dashboard): a greeting, the company they act for and the dashboard widgets. */
export function HomePage() {
  const translate = useTranslate();
  const { session } = useLoadedSession();
  const user = session?.user;
  if (!user) return <Loading />;
  const access = user.customerAccess.find((a) => a.id === session.activeCustomerAccessId);
  const name = user.displayname || user.firstname || user.email;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.home.title')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('app.home.greeting', { name })}
        </Typography>
        {access && <Typography color="text.secondary">{translate('app.home.activeCompany', { company: access.customer.name })}</Typography>}
        {/* Platform users need no company (core §6); a customer user without one cannot order. */}
        {!access && !isPlatformUser(session) && <Alert severity="warning">{translate('app.home.noCompany')}</Alert>}
        {access && <DashboardWidgets />}
      </CardContent>
    </Card>
  );
}
