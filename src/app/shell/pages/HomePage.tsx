import { Alert, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { Loading, Title, useTranslate } from 'react-admin';
import { Navigate } from 'react-router';
import { isPlatformUser } from '../../access/can-access';
import { SessionLoadFailed } from '../../session/SessionLoadFailed';
import { useLoadedSession } from '../../session/useLoadedSession';
import { DashboardWidgetsView, widgetsSettled } from '../../features/dashboard/DashboardWidgets';
import { PlatformDashboard } from '../../features/dashboard/PlatformDashboard';
import { ShopDashboard } from '../../features/dashboard/ShopDashboard';
import { useDashboard } from '../../features/dashboard/useDashboard';
import { shopDashboardSettled, useShopDashboard } from '../../features/dashboard/useShopDashboard';
import { adminLandingPath } from '../../access/landing';

/** /ycAdmin itself: on to the first admin screen in menu order the user may list. */
export function AdminLanding() {
  const { session } = useLoadedSession();
  if (!session) return <Loading />;
  return <Navigate to={adminLandingPath(session)} replace />;
}

/**
 * The home (/dashboard): a greeting and the company the user acts for; for a customer user the
 * dashboard widgets (approvals, tasks, latest orders) and the shop's content (banners, articles to
 * order again, promoted articles, popular categories); for a platform user the admin screens.
 */
export function HomePage() {
  const translate = useTranslate();
  const { session, error } = useLoadedSession();
  const widgets = useDashboard();
  const shop = useShopDashboard();
  const user = session?.user;
  // /users/me failed: said here, as on '/' (LandingPage), not a spinner that never ends.
  if (error) return <SessionLoadFailed />;
  if (!user) return <Loading />;
  const access = user.customerAccess.find((a) => a.id === session.activeCustomerAccessId);
  const name = user.displayname || user.firstname || user.email;
  const platform = isPlatformUser(session);
  const settled = widgetsSettled(widgets) && shopDashboardSettled(shop);
  return (
    // One column that takes the screen's width, not its content's: the article rows scroll sideways
    // inside it on a phone instead of widening the page.
    <Box sx={{ mt: 2, mb: 3, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={translate('app.home.title')} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('app.home.greeting', { name })}
          </Typography>
          {access && <Typography color="text.secondary">{translate('app.home.activeCompany', { company: access.customer.name })}</Typography>}
          {/* Platform users need no company (core §6); a customer user without one cannot order. */}
          {!access && !platform && <Alert severity="warning">{translate('app.home.noCompany')}</Alert>}
          {/* The content is drawn once every call has answered: parts arriving one by one would push
              the others down while the user reads (layout shift). One placeholder holds the room. */}
          {access && settled && <DashboardWidgetsView state={widgets} />}
        </CardContent>
      </Card>
      {access && (settled
        ? <ShopDashboard state={shop} hasOrders={(widgets.recent.data?.length ?? 0) > 0} />
        : <Skeleton variant="rounded" height={480} sx={{ mt: 3 }} aria-label={translate('app.common.loading')} />)}
      {!access && platform && <PlatformDashboard session={session} />}
    </Box>
  );
}
