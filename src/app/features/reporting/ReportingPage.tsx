import { exportRequestsMyExports, exportRequestsRequestExport } from '../../../../generated/app/calls/export-requests.gen';
import { useExportRequestsRequestExport } from '../../../../generated/app/calls.gen';
import { Alert, Box, Button, Card, CardContent, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { canCall } from '../../../shared/access';
import { subjectOf } from '../../access/can-access';
import { useSession } from '../../bootstrap/context';
import { formatDate, formatDateTime } from '../../i18n/format';
import { useAppNotify } from '../../notify/useAppNotify';
import { useMyExports, type ExportRequest, type PeriodInput } from './report-api';
import { ReportView } from './ReportView';

const M = 'reporting';
const STATUS_COLOR = { queued: 'default', running: 'info', sent: 'success', failed: 'error' } as const;

/** Asking an export of the shown period (exports X) and the caller's requests with their state. */
function ExportPanel({ period, mayRequest }: { period: PeriodInput; mayRequest: boolean }) {
  const translate = useTranslate();
  const { toast } = useAppNotify();
  const queryClient = useQueryClient();
  const requestExport = useExportRequestsRequestExport({
    failure: { op: 'create' },
    onSuccess: async () => {
      toast(translate(`${M}.exportQueued`), { variation: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['app', 'my-exports'] });
    },
  });
  const busy = requestExport.isPending;
  const problem = requestExport.errorText;
  const { data: mine } = useMyExports(true);

  const request = () => requestExport.mutate({ body: { startDate: period.startDate || null, endDate: period.endDate || null } });

  const label = (e: ExportRequest) => [e.startDate ? formatDate(e.startDate) : '…', e.endDate ? formatDate(e.endDate) : '…'].join(' – ');
  return (
    <Card component="section" aria-labelledby="report-exports" variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" id="report-exports" gutterBottom>{translate(`${M}.exports`)}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>{translate(`${M}.exportText`, { max: CONSTANTS.maxQueuedExports })}</Typography>
          {mayRequest && <Button variant="outlined" onClick={request} disabled={busy}>{translate(`${M}.requestExport`)}</Button>}
        </Stack>
        {problem && <Alert severity="error" role="alert" sx={{ mb: 1 }}>{problem}</Alert>}
        <Typography variant="subtitle2" component="h3">{translate(`${M}.myExports`)}</Typography>
        {!mine?.length ? (
          <Typography variant="body2" color="text.secondary">{translate(`${M}.noExports`)}</Typography>
        ) : (
          <List dense aria-label={translate(`${M}.myExports`)}>
            {mine.map((e) => (
              <ListItem key={e.id} disableGutters data-testid="export-request"
                secondaryAction={<Chip size="small" color={STATUS_COLOR[e.status]} label={translate(`resources.export-requests.choices.status.${e.status}`)} />}>
                <ListItemText
                  primary={label(e)}
                  secondary={[`${translate(`${M}.requestedAt`)} ${formatDateTime(e.createdAt)}`, e.rowCount != null ? translate(`${M}.rows`, { rows: e.rowCount }) : null, e.recipient].filter(Boolean).join(' · ')}
                  sx={{ pr: 12 }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

/** /reporting (flows §1, §5 Reports; page guard: read reports): the acting company's figures and exports. */
export default function ReportingPage() {
  const translate = useTranslate();
  const session = useSession();
  const subject = subjectOf(session);
  const mayList = canCall(exportRequestsMyExports.access, subject);
  const mayRequest = canCall(exportRequestsRequestExport.access, subject);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1200 }}>
      <Typography variant="h5" component="h1">{translate('pages.reporting')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.intro`)}</Typography>
      <ReportView>{(period) => (mayList || mayRequest ? <ExportPanel period={period} mayRequest={mayRequest} /> : null)}</ReportView>
    </Box>
  );
}
