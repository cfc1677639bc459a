import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { PAGES } from '../../../../generated/app/pages.gen';
import { orderWorkflow } from '../../../../model/resources/ordering';
import { formatDate } from '../../i18n/format';
import { usePrice } from '../../common/hooks';
import { useDashboard, type Loaded } from './useDashboard';

const detailPath = (id: string) => PAGES['order-detail-id']!.path.replace(':id', encodeURIComponent(id));
const STATUS = (status: string) => `resources.orders.choices.status.${status}`;
/** The statuses whose next step is assigning budgets (the workflow's assignBudgets), not a decision. */
const BUDGET_STEP = new Set<string>(orderWorkflow.transitions.filter((t) => t.action === 'assignBudgets').flatMap((t) => t.from));

/**
 * The texts of the widget of orders waiting for the user: a user whose only step is assigning
 * budgets (a buyer's own orders) is asked to assign a budget; anyone who also decides, to approve.
 */
function waitingTexts(byStatus: Record<string, number>) {
  const statuses = Object.keys(byStatus);
  return statuses.length > 0 && statuses.every((s) => BUDGET_STEP.has(s))
    ? { title: 'dashboard.assignBudget', count: 'dashboard.toAssignCount', none: 'dashboard.nothingToAssign', open: 'dashboard.openToAssign', byStatus: false }
    : { title: 'dashboard.toApprove', count: 'dashboard.toApproveCount', none: 'dashboard.nothingToApprove', open: 'dashboard.openInbox', byStatus: true };
}

function Widget<T>({ title, state, children }: { title: string; state: Loaded<T>; children: (data: T) => ReactNode }) {
  const translate = useTranslate();
  const id = `dashboard-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card component="section" aria-labelledby={id} sx={{ flex: '1 1 280px', minWidth: 0 }}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>{title}</Typography>
        {state.failed && <Alert severity="warning">{translate('dashboard.loadFailed')}</Alert>}
        {!state.failed && state.data === null && <CircularProgress size={24} aria-label={title} />}
        {state.data !== null && children(state.data)}
      </CardContent>
    </Card>
  );
}

/**
 * The dashboard's widgets for a customer user (issue 3: "what the spec's calls already give"):
 * orders waiting for the user's step, their tasks, and their latest orders. Each widget loads on its
 * own; one that fails says so without hiding the others.
 */
export function DashboardWidgets() {
  return <DashboardWidgetsView state={useDashboard()} />;
}

/** Whether every widget's call has answered (or failed): the page can be drawn without jumps. */
export const widgetsSettled = ({ ready, toApprove, tasks, recent }: ReturnType<typeof useDashboard>) =>
  ready && [toApprove, tasks, recent].every((s) => s.failed || s.data !== null);

/** The widgets for calls already made (HomePage waits for them before it draws the page's content). */
export function DashboardWidgetsView({ state }: { state: ReturnType<typeof useDashboard> }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const price = usePrice();
  const { ready, toApprove, tasks, recent } = state;
  if (!ready) return null;
  const takesSteps = !!toApprove.data && Object.keys(toApprove.data.byStatus).length > 0;
  const waiting = waitingTexts(toApprove.data?.byStatus ?? {});
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 }}>
      {(takesSteps || toApprove.failed) && (
        <Widget title={translate(waiting.title)} state={toApprove}>
          {(data) => (
            <>
              <Typography variant="h3" component="p" data-testid="to-approve-count">{data.count}</Typography>
              <Typography color="text.secondary">
                {data.count ? translate(waiting.count, { smart_count: data.count }) : translate(waiting.none)}
              </Typography>
              {waiting.byStatus && Object.entries(data.byStatus).filter(([, n]) => n > 0).map(([status, n]) => (
                <Typography key={status} variant="body2">{translate(STATUS(status))}: {n}</Typography>
              ))}
              {data.count > 0 && <Button component={RouterLink} to={PAGES['orders-to-approve']!.path} sx={{ mt: 1 }}>{translate(waiting.open)}</Button>}
            </>
          )}
        </Widget>
      )}
      {(takesSteps || tasks.failed) && (
        <Widget title={translate('dashboard.tasks')} state={tasks}>
          {(data) => data.length === 0 ? <Typography>{translate('dashboard.noTasks')}</Typography> : (
            <List dense disablePadding>
              {data.slice(0, 5).map((task) => (
                <ListItem key={task.id} disableGutters>
                  <ListItemText
                    primary={<Link component={RouterLink} to={detailPath(task.orderId)}>{translate(`dashboard.step.${task.action}`)}: {task.orderNumber}</Link>}
                    secondary={[task.orderedBy && translate('dashboard.orderedBy', { name: task.orderedBy }), formatDate(task.orderDate, language), task.totalCost && price(task.totalCost)].filter(Boolean).join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Widget>
      )}
      <Widget title={translate('dashboard.recentOrders')} state={recent}>
        {(data) => (
          <>
            {data.length === 0 ? <Typography>{translate('dashboard.noOrders')}</Typography> : (
              <List dense disablePadding>
                {data.map((order) => (
                  <ListItem key={order.id} disableGutters>
                    <ListItemText
                      primary={<Link component={RouterLink} to={detailPath(order.id)}>{order.orderNumber}</Link>}
                      secondary={[formatDate(order.orderDate, language), order.status ? translate(STATUS(order.status)) : '', order.totalCost && price(order.totalCost)].filter(Boolean).join(' · ')}
                    />
                  </ListItem>
                ))}
              </List>
            )}
            <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <Button component={RouterLink} to={PAGES.orders!.path}>{translate('dashboard.allOrders')}</Button>
              <Button component={RouterLink} to={PAGES.products!.path}>{translate('dashboard.shop')}</Button>
            </Box>
          </>
        )}
      </Widget>
    </Box>
  );
}
