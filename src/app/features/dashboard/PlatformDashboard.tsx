import { Box, Button, Card, CardActions, CardContent, Skeleton, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { RESOURCE_ACCESS } from '../../../../generated/access/access.gen';
import { ADMIN_MENU } from '../../../../generated/app/menu.gen';
import type { MenuEntry } from '../../../shared/generated-contract';
import { decideAccess } from '../../access/can-access';
import type { SessionState } from '../../session/store';
import { orderedMenu } from '../../access/landing';

/** One admin screen: its name, how many records it holds (the list call's total) and the way in. */
function AdminScreenCard({ entry }: { entry: MenuEntry }) {
  const translate = useTranslate();
  // One record is enough: the answer's total is the count.
  const { total, isPending, isError } = useGetList(entry.resource, { pagination: { page: 1, perPage: 1 } }, { retry: false });
  const name = translate(entry.labelKey, { smart_count: 2 });
  const id = `platform-${entry.resource}`;
  return (
    <Card component="section" aria-labelledby={id} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Typography id={id} variant="subtitle1" component="h3">{name}</Typography>
        {isPending
          ? <Skeleton variant="text" width={64} sx={{ typography: 'h4' }} />
          : <Typography variant="h4" component="p" data-testid={`platform-count-${entry.resource}`}>{isError || total === undefined ? '–' : total}</Typography>}
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={entry.path} size="small" aria-label={translate('dashboard.platform.open', { name })}>
          {translate('dashboard.platform.openShort')}
        </Button>
      </CardActions>
    </Card>
  );
}

/**
 * The dashboard of a platform user (super admin, platform admin), who has no company to order for:
 * the admin screens they may open, each with the number of records it holds, so the page is a way
 * into the work instead of a bare greeting.
 */
export function PlatformDashboard({ session }: { session: SessionState }) {
  const translate = useTranslate();
  const screens = orderedMenu(ADMIN_MENU).filter((entry) => decideAccess({ area: 'admin', action: 'list', resource: entry.resource }, session, RESOURCE_ACCESS));
  if (!screens.length) return null;
  return (
    <Box component="section" aria-labelledby="platform-screens" sx={{ mt: 3 }}>
      <Typography id="platform-screens" variant="h6" component="h2" gutterBottom>{translate('dashboard.platform.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('dashboard.platform.text')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}>
        {screens.map((entry) => <AdminScreenCard key={entry.resource} entry={entry} />)}
      </Box>
    </Box>
  );
}
