import { useState } from 'react';
import {
  Alert, Autocomplete, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRefresh, useTranslate } from 'ra-core';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { useAppQuery } from '../../data/query-client';
import { ordersAssignees } from '../../../../generated/app/calls/orders.gen';
import { useOrdersUpdate } from '../../../../generated/app/calls.gen';
import { useBookingChoices, type BookingChoice } from './booking-choices';
import { useAppNotify } from '../../notify/useAppNotify';
import type { OrderDetail } from '../../common/types';

const ABOUT_MAX = 200;
const LABEL_MAX = 50;
const LABELS_MAX = 20;

/**
 * The order's details (PATCH /v2/orders/{id}), each field only when the server allows it
 * (`decisions`): about, department and project until the order is final (edit); its labels, as
 * chips (labels, customers with the labels feature); who follows it up (assign: the company's users,
 * GET /v2/orders/assignees). Only what changed is sent; a refusal (a department the orderer is
 * not a member of, …) stays in the dialog with its reason. Full screen on a phone.
 */
export function OrderEditDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const translate = useTranslate();
  const { http } = useCoreServices();
  const { activeCustomerId } = useSession();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const d = order.decisions;
  const departments = useBookingChoices('customer-departments', !!d?.edit);
  const projects = useBookingChoices('projects', !!d?.edit);
  const users = useAppQuery({
    queryKey: ['app', 'order-assignees', activeCustomerId],
    queryFn: ({ signal }) => callApi(http, ordersAssignees, {}, { signal }).then((r) => r.result),
    enabled: !!d?.assign,
  });
  const [about, setAbout] = useState(order.about ?? '');
  const [departmentId, setDepartmentId] = useState(order.departmentId ?? '');
  const [projectId, setProjectId] = useState(order.projectId ?? '');
  const [labels, setLabels] = useState<string[]>(order.labels ?? []);
  const [assignedToId, setAssignedToId] = useState(order.assignedToId ?? '');
  const update = useOrdersUpdate({
    onSuccess: async () => {
      toast('shop.orderEdits.saved', { variation: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['app'] });
      refresh();
      onClose();
    },
  });
  const busy = update.isPending;
  const error = update.errorText;

  const changes: Record<string, unknown> = {};
  if (d?.edit) {
    if (about.trim() !== (order.about ?? '')) changes.about = about.trim() || null;
    if (departmentId !== (order.departmentId ?? '')) changes.departmentId = departmentId || null;
    if (projectId !== (order.projectId ?? '')) changes.projectId = projectId || null;
  }
  if (d?.labels && labels.join('\u0000') !== (order.labels ?? []).join('\u0000')) changes.labels = labels;
  if (d?.assign && assignedToId !== (order.assignedToId ?? '')) changes.assignedToId = assignedToId || null;

  const save = () => update.mutate({ params: { id: order.id }, body: changes });

  const picker = (label: string, value: string, set: (v: string) => void, items: BookingChoice[], help?: string, none = 'shop.orderEdits.none') => (
    <TextField select label={label} value={value} onChange={(e) => set(e.target.value)} helperText={help} fullWidth>
      <MenuItem value=""><em>{translate(none)}</em></MenuItem>
      {value && !items.some((x) => x.id === value) && <MenuItem value={value}>{value}</MenuItem>}
      {items.map((x) => <MenuItem key={x.id} value={x.id}>{[x.name, x.code && `(${x.code})`].filter(Boolean).join(' ') || x.id}</MenuItem>)}
    </TextField>
  );
  const assignees: BookingChoice[] = (users.data ?? []).map((u) => ({ id: u.id, name: u.name }));
  if (order.assignedToId && order.assignedToName && !assignees.some((u) => u.id === order.assignedToId)) assignees.unshift({ id: order.assignedToId, name: order.assignedToName });

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="order-edit-title">
      <DialogTitle id="order-edit-title">{translate('shop.orderEdits.editTitle', { number: order.orderNumber ?? '' })}</DialogTitle>
      <DialogContent>
        <Box component="form" id="order-edit-form" sx={{ display: 'grid', gap: 2, pt: 1 }} onSubmit={(e) => { e.preventDefault(); void save(); }}>
          {error && <Alert severity="error" role="alert">{error}</Alert>}
          {!d?.edit && <Typography variant="body2" color="text.secondary">{translate('shop.orderEdits.finalHelp')}</Typography>}
          {d?.edit && (
            <>
              <TextField label={translate('resources.orders.fields.about')} value={about} onChange={(e) => setAbout(e.target.value)} fullWidth
                slotProps={{ htmlInput: { maxLength: ABOUT_MAX } }} />
              {picker(translate('resources.orders.fields.departmentId'), departmentId, setDepartmentId, departments, translate('shop.orderEdits.departmentHelp'))}
              {(projects.length > 0 || projectId) && picker(translate('resources.orders.fields.projectId'), projectId, setProjectId, projects)}
            </>
          )}
          {d?.labels && (
            <Autocomplete multiple freeSolo options={[] as string[]} value={labels}
              onChange={(_, next) => setLabels([...new Set(next.map((l) => l.trim().slice(0, LABEL_MAX)).filter(Boolean))].slice(0, LABELS_MAX))}
              renderValue={(value, getItemProps) => value.map((label, index) => {
                const { key, ...item } = getItemProps({ index });
                return <Chip key={key} size="small" label={label} {...item} />;
              })}
              renderInput={(params) => (
                <TextField {...params} label={translate('resources.orders.fields.labels')} helperText={translate('shop.orderEdits.labelsHelp')}
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: LABEL_MAX } }} />
              )} />
          )}
          {d?.assign && picker(translate('resources.orders.fields.assignedToId'), assignedToId, setAssignedToId, assignees, translate('shop.orderEdits.followUpHelp'), 'shop.orderEdits.nobody')}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" form="order-edit-form" variant="contained" disabled={busy || Object.keys(changes).length === 0}>{translate('ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
