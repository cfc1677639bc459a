import { Alert, Box, Button, Chip, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useParams } from 'react-router';
import { canCall } from '../../../shared/access';
import { access } from '../../../../model/dsl/access';
import { CONTRACT_FIELD_GROUPS } from '../../../../model/dsl/workflow';
import { subjectOf } from '../../access/can-access';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { formatCurrency, formatDate } from '../../i18n/format';
import { useContractsById } from '../../../../generated/app/calls.gen';
import { useContractChoices, useContractLayout } from './contract-api';
import { statusColor } from './ContractsPage';

const R = 'resources.contracts.fields';
const same = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>{children}</Typography>
    </Box>
  );
}

/** /contracts/{id} (core §2; GET /contracts/{id}): the contract, its fixed fields and the layout's, group by group; its files to download. */
export default function ContractPage() {
  const { id } = useParams();
  const translate = useTranslate();
  const session = useSession();
  const { http } = useCoreServices();
  const layout = useContractLayout();
  const contract = useContractsById({ params: { id: id ?? '' }, query: {} }, { enabled: !!id });
  const choices = useContractChoices();
  if (layout.error || contract.error) return <Alert severity="error" sx={{ m: 2 }}>{translate('contracts.loadFailed')}</Alert>;
  if (!layout.data || !contract.data) return <CircularProgress aria-label={translate('contracts.title')} sx={{ m: 2 }} />;
  const c = contract.data;
  const mayEdit = canCall(access.customer('contracts', 'W'), subjectOf(session));
  const nameOf = (list: { id: string; name: string }[] | undefined, ref: string | null | undefined) => list?.find((x) => x.id === ref)?.name ?? ref ?? '–';
  const fileLink = (f: { containerName: string; blobName: string; fileName: string }) => (
    <Link key={f.blobName} component="button" type="button"
      onClick={async () => {
        const { url, headers } = await http.prepare(`/upload?containerName=${encodeURIComponent(f.containerName)}&blobName=${encodeURIComponent(f.blobName)}`);
        const response = await fetch(url, { headers });
        if (!response.ok) return;
        const href = URL.createObjectURL(await response.blob());
        const a = document.createElement('a'); a.href = href; a.download = f.fileName; document.body.append(a); a.click(); a.remove();
        setTimeout(() => URL.revokeObjectURL(href), 30_000);
      }}
      sx={{ display: 'block', textAlign: 'left' }}>{f.fileName}</Link>
  );
  const valueOf = (f: (typeof layout.data)[number]) => {
    switch (f.type) {
      case 'users': return (c.extraUserFields?.find((x) => same(x.name, f.name))?.userIds ?? []).map((u) => nameOf(choices.data?.users, u)).join(', ') || '–';
      case 'department': return nameOf(choices.data?.departments, c.extraDepartmentFields?.find((x) => same(x.name, f.name))?.departmentId);
      case 'attachments': {
        const files = (c.attachments ?? []).filter((a) => same(a.fieldName, f.name));
        return files.length ? files.map((a) => fileLink(a.file)) : '–';
      }
      case 'budgets': {
        const items = (c.budgets ?? []).filter((b) => same(b.fieldName, f.name)).flatMap((b) => b.items ?? []);
        return items.length ? items.map((it, i) => <span key={i} style={{ display: 'block' }}>{`${it.description}: ${formatCurrency(Number(it.amount))}`}</span>) : '–';
      }
      case 'extension':
        return (c.contractExtensions ?? []).length ? (c.contractExtensions ?? []).map((e, i) => (
          <span key={i} style={{ display: 'block' }}>
            {translate('contracts.extensionLine', { end: e.endDate ? formatDate(e.endDate) : '–', budget: e.budgetEstimation ? formatCurrency(Number(e.budgetEstimation)) : '–', cancel: e.latestCancellationDate ? formatDate(e.latestCancellationDate) : '–' })}
          </span>
        )) : '–';
      case 'cancellationDate': return c.latestCancellationDate ? formatDate(c.latestCancellationDate) : '–';
      case 'date': { const v = c.extraFields?.find((x) => same(x.name, f.name))?.value; return v ? formatDate(v) : '–'; }
      default: return c.extraFields?.find((x) => same(x.name, f.name))?.value ?? '–';
    }
  };
  const extraFiles = (c.attachments ?? []).filter((a) => !layout.data!.some((f) => f.type === 'attachments' && same(a.fieldName, f.name)));
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 }, maxWidth: 960 }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>{c.title}</Typography>
        <Chip size="small" color={statusColor(c.status)} label={translate(`resources.contracts.choices.status.${c.status}`)} />
        <Box sx={{ flex: 1 }} />
        {mayEdit ? <Button component={RouterLink} to={`/contracts/${c.id}/edit`} variant="outlined">{translate('contracts.edit')}</Button> : null}
      </Stack>
      {CONTRACT_FIELD_GROUPS.map((group) => {
        const fields = layout.data!.filter((f) => f.group === group);
        if (group !== 'General' && !fields.length && !(group === 'Extra' && extraFiles.length)) return null;
        return (
          <Box component="section" key={group} aria-labelledby={`group-${group}`} sx={{ mt: 2 }}>
            <Typography id={`group-${group}`} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>{translate(`contracts.groups.${group}`)}</Typography>
            <Box component="dl" sx={{ m: 0 }}>
              {group === 'General' ? (
                <>
                  <Row label={translate(`${R}.contractNumber`)}>{c.contractNumber ?? '–'}</Row>
                  <Row label={translate(`${R}.supplierId`)}>{c.supplierName ?? '–'}</Row>
                  <Row label={translate(`${R}.categoryId`)}>{c.categoryName ?? '–'}</Row>
                  <Row label={translate(`${R}.ownerId`)}>{c.ownerName ?? '–'}</Row>
                  <Row label={translate(`${R}.departmentId`)}>{c.departmentName ?? '–'}</Row>
                  <Row label={translate(`${R}.startDate`)}>{c.startDate ? formatDate(c.startDate) : '–'}</Row>
                  <Row label={translate(`${R}.endDate`)}>{c.endDate ? formatDate(c.endDate) : '–'}</Row>
                  <Row label={translate(`${R}.description`)}>{c.description ?? '–'}</Row>
                  <Row label={translate(`${R}.notificationEmails`)}>{(c.notificationEmails ?? []).join(', ') || '–'}</Row>
                </>
              ) : null}
              {fields.map((f) => <Row key={f.name} label={f.name}>{valueOf(f)}</Row>)}
              {group === 'Extra' && extraFiles.length ? <Row label={translate('contracts.extraFiles')}>{extraFiles.map((a) => fileLink(a.file))}</Row> : null}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
