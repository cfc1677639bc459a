import { useState, type FormEvent } from 'react';
import { warehouseInstancesCreate, warehouseInstancesRemove, warehouseInstancesUpdate } from '../../../../generated/app/calls/warehouse-instances.gen';
import {
  Alert, Box, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, FormHelperText, Link,
  List, ListItem, ListItemText, Pagination, Paper, Stack, TextField, Typography,
} from '@mui/material';
import { HttpError, useTranslate } from 'ra-core';
import { Link as RouterLink, useParams } from 'react-router';
import { canCall } from '../../../shared/access';
import { subjectOf } from '../../access/can-access';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { formatDateTime } from '../../i18n/format';
import { useAppNotify } from '../../notify/useAppNotify';
import { ArticlePicker } from '../templates/ArticlePicker';
import { useShopLanguage } from '../../common/hooks';
import { articleName, useActivity, useDepartments, useInstances, useStockChanges, useWarehouse, type Instance, type InstanceChanges } from './stock-api';
import type { WarehouseRecord } from '../../../../generated/types/warehouses.gen';

const M = 'stock.warehouse';
const F = 'resources.warehouse-instances.fields';
const K = 'resources.stock-movements.choices.kind';
const ACTIVITY_PAGE = 10;

/**
 * /warehouse-management/{id} (core §2, §3 Warehouse instance, §7): one warehouse with its articles
 * (stock, minimum, barcode; below the minimum marked), adding an article (the catalogue search the
 * shop uses), changing one (stock, minimum, tag with a generated one, order and restock quantities,
 * auto-restock) or taking it out, and the warehouse's activity: every stock movement, newest first.
 * What the user may not do (warehouses C, W, D) is not offered; the server refuses it anyway.
 */
export default function WarehousePage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { data: warehouse, error } = useWarehouse(id);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Link component={RouterLink} to="/warehouse-management">{translate(`${M}.back`)}</Link>
      {error && <Alert severity="error" sx={{ mt: 1 }}>{translate(`${M}.loadFailed`)}</Alert>}
      {!warehouse && !error && <Typography>{translate('ra.page.loading')}</Typography>}
      {warehouse && <WarehouseView warehouse={warehouse} />}
    </Box>
  );
}

function WarehouseView({ warehouse }: { warehouse: WarehouseRecord }) {
  const translate = useTranslate();
  const session = useSession();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const changes = useStockChanges();
  const departments = useDepartments();
  const subject = subjectOf(session);
  const may = { add: canCall(warehouseInstancesCreate.access, subject), change: canCall(warehouseInstancesUpdate.access, subject), remove: canCall(warehouseInstancesRemove.access, subject) };
  const { data, error } = useInstances({ warehouseId: warehouse.id, sort: 'articleNumberSupplier', page: 1, pageSize: 500 });
  const [editing, setEditing] = useState<Instance | null>(null);
  const [removing, setRemoving] = useState<Instance | null>(null);
  const department = departments.data?.find((d) => d.id === warehouse.departmentId)?.name;

  async function add(articleId: string) {
    try {
      await changes.addInstance(warehouse.id, articleId);
      toast(translate(`${M}.added`), { variation: 'success' });
    } catch (e) {
      toast(describeError(e, { resource: 'warehouse-instances', op: 'create' }, i18n.i18nProvider), { variation: 'error' });
    }
  }
  async function remove(inst: Instance) {
    setRemoving(null);
    try {
      await changes.removeInstance(inst);
      toast(translate(`${M}.removed`), { variation: 'success' });
    } catch (e) {
      toast(describeError(e, { resource: 'warehouse-instances', op: 'delete' }, i18n.i18nProvider), { variation: 'error' });
    }
  }

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>{warehouse.name}</Typography>
      <Typography color="text.secondary">
        {[department ? translate(`${M}.department`, { name: department }) : null,
          translate(`${M}.restock`, { setting: translate(`resources.warehouses.choices.restockSetting.${warehouse.restockSetting}`) })].filter(Boolean).join(' · ')}
      </Typography>

      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }} id="warehouse-articles">{translate(`${M}.articles`)}</Typography>
      {may.add && <Box sx={{ mb: 2 }}><ArticlePicker onPick={(a) => void add(a.id)} /></Box>}
      {error && <Alert severity="error">{translate('stock.overview.listFailed')}</Alert>}
      {data?.items.length === 0 && <Typography>{translate(`${M}.noArticles`)}</Typography>}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }} aria-labelledby="warehouse-articles">
        {(data?.items ?? []).map((inst) => (
          <InstanceCard key={inst.id} inst={inst} onEdit={may.change ? () => setEditing(inst) : undefined} onRemove={may.remove ? () => setRemoving(inst) : undefined} />
        ))}
      </Stack>

      <Activity warehouseId={warehouse.id} />

      {editing && <InstanceDialog inst={editing} warehouse={warehouse} onClose={() => setEditing(null)} />}
      <Dialog open={!!removing} onClose={() => setRemoving(null)} aria-labelledby="remove-instance-text">
        <DialogContent><DialogContentText id="remove-instance-text">{translate(`${M}.removeConfirm`)}</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{translate(`${M}.cancel`)}</Button>
          <Button color="error" variant="contained" onClick={() => removing && void remove(removing)}>{translate(`${M}.remove`)}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function InstanceCard({ inst, onEdit, onRemove }: { inst: Instance; onEdit?: () => void; onRemove?: () => void }) {
  const translate = useTranslate();
  const language = useShopLanguage();
  const name = articleName(inst, language);
  const labelId = `instance-${inst.id}`;
  const figure = (label: string, value: string | number | null | undefined) => (
    <div>
      <Typography variant="caption" color="text.secondary" component="dt">{label}</Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0 }}>{value ?? '–'}</Typography>
    </div>
  );
  return (
    <Paper variant="outlined" component="li" aria-labelledby={labelId} sx={{ p: 1.5, listStyle: 'none' }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={labelId} variant="subtitle2" component="h3">{name}</Typography>
        {inst.depletedAt && <Chip size="small" color="error" label={translate(`${M}.belowMinimum`)} />}
      </Stack>
      <Typography variant="body2" color="text.secondary">{[inst.articleNumberSupplier, inst.supplierName].filter(Boolean).join(' · ')}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 1, mt: 1, mb: 0 }}>
        {figure(translate(`${F}.stock`), inst.stock)}
        {figure(translate(`${F}.minimumStock`), inst.minimumStock)}
        {figure(translate(`${F}.tag`), inst.tag)}
        {figure(translate(`${F}.autoRestock`), translate(inst.autoRestock ? 'ra.boolean.true' : 'ra.boolean.false'))}
      </Box>
      {(onEdit || onRemove) && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          {onEdit && <Button size="small" variant="outlined" onClick={onEdit} aria-describedby={labelId}>{translate(`${M}.edit`)}</Button>}
          {onRemove && <Button size="small" color="error" onClick={onRemove} aria-describedby={labelId}>{translate(`${M}.remove`)}</Button>}
        </Stack>
      )}
    </Paper>
  );
}

type Entry = Record<'stock' | 'tag' | 'minimumStock' | 'orderQuantity' | 'restockQuantity', string> & { autoRestock: boolean };
const whole = (v: string) => (/^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN);

/** Changes a warehouse article: the server checks every value again (the tag's length and uniqueness, auto-restock's department). */
function InstanceDialog({ inst, warehouse, onClose }: { inst: Instance; warehouse: WarehouseRecord; onClose: () => void }) {
  const translate = useTranslate();
  const language = useShopLanguage();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const changes = useStockChanges();
  const [entry, setEntry] = useState<Entry>({
    stock: String(inst.stock ?? 0), tag: inst.tag ?? '', minimumStock: String(inst.minimumStock ?? 0), orderQuantity: String(inst.orderQuantity ?? 1),
    restockQuantity: String(inst.restockQuantity ?? 0), autoRestock: !!inst.autoRestock,
  });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Entry) => (e: { target: { value: string } }) => setEntry({ ...entry, [key]: e.target.value });

  async function generate() {
    try {
      setEntry({ ...entry, tag: (await changes.generateTag()).tag });
    } catch (e) {
      toast(describeError(e, { resource: 'warehouse-instances', op: 'get' }, i18n.i18nProvider), { variation: 'error' });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const numbers = ['stock', 'minimumStock', 'orderQuantity', 'restockQuantity'] as const;
    const local: Record<string, string> = {};
    for (const k of numbers) if (Number.isNaN(whole(entry[k]))) local[k] = 'numerical';
    if (Object.keys(local).length) return setProblems(local);
    setBusy(true);
    try {
      const body: InstanceChanges = {
        stock: whole(entry.stock), minimumStock: whole(entry.minimumStock), orderQuantity: whole(entry.orderQuantity), restockQuantity: whole(entry.restockQuantity),
        tag: entry.tag.trim() || null, autoRestock: entry.autoRestock,
      };
      await changes.updateInstance(inst, body);
      toast(translate(`${M}.saved`), { variation: 'success' });
      onClose();
    } catch (e) {
      const details = e instanceof HttpError ? (e.body as { details?: { path: string; rule: string }[] } | undefined)?.details ?? [] : [];
      setProblems(Object.fromEntries(details.map((d) => [d.path, d.rule])));
      toast(describeError(e, { resource: 'warehouse-instances', op: 'update' }, i18n.i18nProvider), { variation: 'error' });
    } finally {
      setBusy(false);
    }
  }
  const helper = (key: string) => (problems[key] ? translate(problems[key]!.match(/^[A-Z]/) ? `ErrorMessage.${problems[key]}` : `validation.messages.${problems[key]}`) : undefined);
  const field = (key: keyof Omit<Entry, 'autoRestock' | 'tag'>) => (
    <TextField size="small" label={translate(`${F}.${key}`)} value={entry[key]} onChange={set(key)} error={!!problems[key]} helperText={helper(key)}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="instance-title" fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="instance-title">{translate(`${M}.editTitle`, { article: articleName(inst, language), warehouse: warehouse.name })}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
            {field('stock')}
            {field('minimumStock')}
            {field('orderQuantity')}
            {field('restockQuantity')}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}>
            <TextField size="small" label={translate(`${F}.tag`)} value={entry.tag} onChange={set('tag')} error={!!problems.tag} helperText={helper('tag')}
              slotProps={{ htmlInput: { maxLength: 25 } }} sx={{ flex: 1 }} />
            <Button onClick={() => void generate()}>{translate(`${M}.generate`)}</Button>
          </Stack>
          <FormControlLabel sx={{ mt: 1 }} control={<Checkbox checked={entry.autoRestock} onChange={(e) => setEntry({ ...entry, autoRestock: e.target.checked })} />}
            label={translate(`${F}.autoRestock`)} />
          <FormHelperText error={!!problems.autoRestock}>{problems.autoRestock ? helper('autoRestock') : translate(`${M}.autoRestockHelp`)}</FormHelperText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>{translate(`${M}.cancel`)}</Button>
          <Button type="submit" variant="contained" disabled={busy}>{translate(`${M}.save`)}</Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The warehouse's stock movements, newest first (GET /warehouse-management/{id}/activity). */
function Activity({ warehouseId }: { warehouseId: string }) {
  const translate = useTranslate();
  const language = useShopLanguage();
  const [page, setPage] = useState(1);
  const { data, error } = useActivity(warehouseId, page, ACTIVITY_PAGE);
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / ACTIVITY_PAGE));
  return (
    <section aria-labelledby="warehouse-activity">
      <Typography variant="h6" component="h2" sx={{ mt: 3 }} id="warehouse-activity">{translate(`${M}.activity`)}</Typography>
      {error && <Alert severity="error">{translate(`${M}.activityFailed`)}</Alert>}
      {data?.items.length === 0 && <Typography>{translate(`${M}.noActivity`)}</Typography>}
      <List dense aria-labelledby="warehouse-activity">
        {(data?.items ?? []).map((m) => (
          <ListItem key={m.id} disableGutters divider>
            <ListItemText
              primary={[translate(`${K}.${m.kind}`), m.quantity ? `${m.quantity > 0 ? '+' : ''}${m.quantity}` : null, articleName(m, language),
                m.stockAfter != null ? `(${translate(`${M}.stockAfter`, { stock: m.stockAfter })})` : null].filter(Boolean).join(' ')}
              secondary={[formatDateTime(m.createdAt), m.userName, m.deliveryNumber ?? m.orderNumber, m.remark].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} />}
    </section>
  );
}
