import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { ReportView } from './ReportView';

/** /ycAdmin/reporting (flows §1): a platform admin's reports, of one customer of the tenant or of all. */
export default function AdminReportingPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1200 }}>
      <Title title={translate('pages.admin-reporting')} />
      <Typography variant="h5" component="h1">{translate('pages.admin-reporting')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('reporting.adminIntro')}</Typography>
      <ReportView admin />
    </Box>
  );
}
