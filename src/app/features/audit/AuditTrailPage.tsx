import { Alert, Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { auditEntriesAdminExport, auditEntriesAdminList, auditEntriesCustomerList, auditEntriesExport } from '../../../../generated/app/calls/audit-entries.gen';
import { customersAdminList } from '../../../../generated/app/calls/customers.gen';
import type { AuditEntryRecord } from '../../../../generated/types/audit-entries.gen';
import { useSession } from '../../bootstrap/context';
import { useCallQuery } from '../../data/calls';
import { usePagedCall, type PageRequest } from '../../data/paged-call';
import { ExportButton } from '../../common/ui/ExportButton';
import { ListPager } from '../../generated-support/ListPager';
import { formatDateTime } from '../../i18n/format';

const PAGE_SIZE = 50;
const R = 'resources.audit-entries';

/** The list's filters and order as the list and its export take them (the page and its size apart). */
const listQuery = ({ text }: PageRequest) => ({
  tableName: text('tableName'), recordId: text('recordId'), actorUserId: text('actorUserId'), customerId: text('customerId'), from: text('from'), to: text('to'),
  sort: 'at' as const, order: 'DESC' as const,
});

type Side = 'customer' | 'admin';

/**
 * The audit trail (issue 30, docs/audit-trail.md): who changed what, newest first, each entry with
 * its time, who wrote (and whom they impersonated), the record, the action and the fields before and
 * after. A company admin reads their company's (/users/audit-trail), a platform admin the tenant's
 * (/ycAdmin/audit-trail, with the company's name: a click on it keeps that company's entries).
 * Filters: table and record, user (a click on a name), the period; the export downloads what the
 * filters select as an .xlsx. The one paged list (data/paged-call.ts).
 */
function AuditTrail({ side }: { side: Side }) {
  const translate = useTranslate();
  const session = useSession();
  // The two lists differ in their path only (and in whose rows the server answers).
  const call = (side === 'admin' ? auditEntriesAdminList : auditEntriesCustomerList) as typeof auditEntriesCustomerList;
  const list = usePagedCall(call, {
    name: side === 'admin' ? 'admin-audit-trail' : 'audit-trail', perPage: PAGE_SIZE,
    input: (request) => ({ query: { ...listQuery(request), page: request.page, pageSize: request.perPage } }),
    rows: (answer) => answer,
    enabled: side === 'admin' || !!session.activeCustomerId,
  });
  const text = (k: string) => (typeof list.filterValues[k] === 'string' ? list.filterValues[k] as string : '');
  const set = (key: string) => (e: { target: { value: string } }) => list.changeFilters({ [key]: e.target.value });
  const { rows, total, error } = list;
  const userName = (rows ?? []).find((r) => r.actorUserId === text('actorUserId'))?.actor ?? text('actorUserId');
  const companies = useCompanyNames(side === 'admin' ? [...(rows ?? []).map((r) => r.customerId), text('customerId')] : []);
  const companyName = (id: string) => companies.get(id) ?? id;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">{translate('audit.title')}</Typography>
        {side === 'admin'
          ? <ExportButton call={auditEntriesAdminExport} query={listQuery(list.request)} fileName="audit-trail.xlsx" size="small" />
          : <ExportButton call={auditEntriesExport} query={listQuery(list.request)} fileName="audit-trail.xlsx" size="small" />}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(side === 'admin' ? 'audit.adminIntro' : 'audit.intro')}</Typography>
      <Box role="search" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, gap: 1.5, mb: 1 }}>
        <TextField size="small" type="search" label={translate('audit.table')} value={text('tableName')} onChange={set('tableName')} />
        <TextField size="small" type="search" label={translate('audit.record')} value={text('recordId')} onChange={set('recordId')} />
        <TextField size="small" type="date" label={translate('audit.from')} value={text('from')} onChange={set('from')} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField size="small" type="date" label={translate('audit.to')} value={text('to')} onChange={set('to')} slotProps={{ inputLabel: { shrink: true } }} />
      </Box>
      {(text('actorUserId') || text('customerId')) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          {text('customerId') && <Chip label={translate('audit.companyFilter', { name: companyName(text('customerId')) })} onDelete={() => list.changeFilters({ customerId: '' })} />}
          {text('actorUserId') && <Chip label={translate('audit.user', { name: userName })} onDelete={() => list.changeFilters({ actorUserId: '' })} />}
        </Box>
      )}
      {error && <Alert severity="error">{translate('audit.listFailed')}</Alert>}
      {rows && <Typography variant="body2" color="text.secondary" aria-live="polite">{translate('audit.count', { count: total ?? 0 })}</Typography>}
      {rows?.length === 0 && <Typography sx={{ mt: 2 }}>{translate('audit.empty')}</Typography>}
      {!!rows?.length && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('audit.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('audit.at')}</TableCell>
                <TableCell>{translate('audit.by')}</TableCell>
                {side === 'admin' && <TableCell>{translate('audit.company')}</TableCell>}
                <TableCell>{translate('audit.what')}</TableCell>
                <TableCell>{translate('audit.action')}</TableCell>
                <TableCell>{translate('audit.changes')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((e) => <EntryRow key={e.id} entry={e} onUser={(id) => list.changeFilters({ actorUserId: id })}
                onRecord={(table, id) => list.changeFilters({ tableName: table, recordId: id })}
                company={side === 'admin' ? { name: companyName, onClick: (id) => list.changeFilters({ customerId: id }) } : undefined} />)}
            </TableBody>
          </Table>
        </Box>
      )}
      {!!rows?.length && <ListPager list={list} />}
    </Box>
  );
}

/**
 * The names of the companies `ids` name (the platform admins' list of companies, read with the `ids`
 * filter every list takes, as references are read elsewhere): an id not (yet) known shows as itself.
 */
function useCompanyNames(ids: readonly (string | null | undefined)[]): ReadonlyMap<string, string> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))].sort();
  const answer = useCallQuery(customersAdminList, { body: { query: { ids: wanted, take: wanted.length } } }, { enabled: wanted.length > 0 });
  return new Map((answer.data?.result.items ?? []).map((c) => [c.id, c.name ?? c.id]));
}

interface CompanyCell { name: (id: string) => string; onClick: (id: string) => void }

function EntryRow({ entry: e, onUser, onRecord, company }: {
  entry: AuditEntryRecord; onUser: (id: string) => void; onRecord: (table: string, id: string) => void; company?: CompanyCell;
}) {
  const translate = useTranslate();
  const by = e.actor === 'system' || !e.actor ? translate('audit.system') : e.actor;
  return (
    <TableRow sx={{ verticalAlign: 'top' }}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</TableCell>
      <TableCell>
        {e.actorUserId
          ? <Button size="small" sx={{ p: 0, minWidth: 0, textTransform: 'none' }} title={translate('audit.filterUser')} onClick={() => onUser(e.actorUserId!)}>{by}</Button>
          : by}
        {e.impersonatedName && <Typography variant="caption" component="div" color="text.secondary">{translate('audit.actingAs', { name: e.impersonatedName })}</Typography>}
      </TableCell>
      {company && (
        <TableCell>
          {e.customerId
            ? <Button size="small" sx={{ p: 0, minWidth: 0, textTransform: 'none', textAlign: 'left' }} title={translate('audit.filterCompany')} onClick={() => company.onClick(e.customerId!)}>{company.name(e.customerId)}</Button>
            : <Typography variant="body2" color="text.secondary">{translate('audit.noCompany')}</Typography>}
        </TableCell>
      )}
      <TableCell>
        <Button size="small" sx={{ p: 0, minWidth: 0, textTransform: 'none' }} title={translate('audit.filterRecord')} onClick={() => onRecord(e.tableName ?? '', e.recordId ?? '')}>
          {e.tableName}
        </Button>
        <Typography variant="caption" component="div" color="text.secondary" sx={{ wordBreak: 'break-all' }}>{e.recordId}</Typography>
      </TableCell>
      <TableCell>{translate(`${R}.choices.action.${e.action}`)}</TableCell>
      <TableCell>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1, fontSize: '0.85rem' }}>
          {(e.changes ?? []).map((c) => (
            <Box key={c.field} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 600 }}>{c.field}</Box>
              <Box component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                {e.action === 'update' ? `${c.before ?? '∅'} → ${c.after ?? '∅'}` : (c.after ?? c.before ?? '∅')}
              </Box>
            </Box>
          ))}
        </Box>
      </TableCell>
    </TableRow>
  );
}

/** /users/audit-trail: the acting company's trail, for its admin. */
export function AuditTrailPage() {
  return <AuditTrail side="customer" />;
}

/** /ycAdmin/audit-trail: the tenant's trail, for platform admins. */
export function AdminAuditTrailPage() {
  return <AuditTrail side="admin" />;
}
