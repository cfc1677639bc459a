import { useEffect, useState } from 'react';
import {
  Alert, Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Paper, Stack, TextField, Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'ra-core';
import { CONTRACT_FIELD_GROUPS, CONTRACT_FIELD_TYPES, type ContractFieldLayout } from '../../../../model/dsl/workflow';
import { canCall } from '../../../shared/access';
import { access } from '../../../../model/dsl/access';
import { layoutProblems } from '../../../shared/contract-rules';
import { subjectOf } from '../../access/can-access';
import { useSession } from '../../bootstrap/context';
import { useAppNotify } from '../../notify/useAppNotify';
import { useContractLayoutsSave } from '../../../../generated/app/calls.gen';
import { useContractLayout } from './contract-api';

type Draft = { group: ContractFieldLayout['group']; type: ContractFieldLayout['type']; name: string; required: boolean; options: string };

const toDraft = (f: ContractFieldLayout): Draft => ({ group: f.group, type: f.type, name: f.name, required: f.required, options: (f.options ?? []).join('\n') });
const toField = (d: Draft) => ({
  group: d.group, type: d.type, name: d.name.trim(), required: d.required,
  options: d.type === 'select' ? d.options.split('\n').map((o) => o.trim()).filter(Boolean) : [],
});

/**
 * /contract-configuration (core §2, §6 contract configuration): the company's contract layout. A
 * customer admin adds fields to the groups General, Financial, SLA and Extra, each with a type, a
 * name and whether it is required (a select with its options, one per line) and saves
 * (PUT /contracts/layout); two fields with one name are refused here and by the server
 * (DuplicateContractFieldName). Who only reads sees the layout without the buttons.
 */
export default function ContractConfigurationPage() {
  const translate = useTranslate();
  const session = useSession();
  const { toast } = useAppNotify();
  const layout = useContractLayout();
  const saveLayout = useContractLayoutsSave({
    failure: { fallback: 'contracts.config.saveFailed' },
    onSuccess: (saved) => {
      setDrafts(saved.fields.map(toDraft));
      toast(translate('contracts.config.saved'), { variation: 'success' });
    },
  });
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  /** The layout's own problems, found before anything is sent. */
  const [invalid, setInvalid] = useState(false);
  useEffect(() => { if (layout.data && !drafts) setDrafts(layout.data.map(toDraft)); }, [layout.data, drafts]);
  const mayEdit = canCall(access.customer('contracts', 'W'), subjectOf(session));
  if (layout.error) return <Alert severity="error" sx={{ m: 2 }}>{translate('contracts.loadFailed')}</Alert>;
  if (!drafts) return null;
  const problems = layoutProblems(drafts.map(toField));
  const problemAt = (i: number, what: string) => problems.find((p) => p.path === `fields.${i}.${what}`);
  const set = (i: number, patch: Partial<Draft>) => setDrafts(drafts.map((d, k) => (k === i ? { ...d, ...patch } : d)));
  const save = () => {
    saveLayout.reset();
    const wrong = problems.length > 0 || drafts.some((d) => !d.name.trim());
    setInvalid(wrong);
    if (!wrong) saveLayout.mutate({ query: {}, body: { fields: drafts.map(toField) } });
  };
  const problem = invalid ? translate('contracts.config.fix') : saveLayout.errorText;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 }, maxWidth: 960 }}>
      <Typography variant="h5" component="h1">{translate('contracts.config.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('contracts.config.help')}</Typography>
      {problem ? <Alert severity="error" role="alert" sx={{ mb: 2 }}>{problem}</Alert> : null}
      {CONTRACT_FIELD_GROUPS.map((group) => (
        <Box component="section" key={group} aria-labelledby={`config-${group}`} sx={{ mb: 3 }}>
          <Typography id={`config-${group}`} component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>{translate(`contracts.groups.${group}`)}</Typography>
          <Stack spacing={1}>
            {drafts.map((d, i) => (d.group !== group ? null : (
              <Paper key={i} variant="outlined" sx={{ p: 1.5 }} role="group" aria-label={d.name || translate('contracts.config.newField')}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: { sm: 'flex-start' } }}>
                  <TextField size="small" label={translate('contracts.config.name')} value={d.name} disabled={!mayEdit}
                    onChange={(e) => set(i, { name: e.target.value })} required
                    error={!!problemAt(i, 'name') || !d.name.trim()}
                    helperText={problemAt(i, 'name') ? translate(`ErrorMessage.${problemAt(i, 'name')!.code}`) : undefined} />
                  <TextField select size="small" label={translate('contracts.config.type')} value={d.type} disabled={!mayEdit} sx={{ minWidth: 180 }}
                    onChange={(e) => set(i, { type: e.target.value as Draft['type'] })}
                    error={!!problemAt(i, 'type')} helperText={problemAt(i, 'type') ? translate('contracts.config.onlyOne') : undefined}>
                    {CONTRACT_FIELD_TYPES.map((t) => <MenuItem key={t} value={t}>{translate(`contracts.types.${t}`)}</MenuItem>)}
                  </TextField>
                  <TextField select size="small" label={translate('contracts.config.group')} value={d.group} disabled={!mayEdit} sx={{ minWidth: 140 }}
                    onChange={(e) => set(i, { group: e.target.value as Draft['group'] })}>
                    {CONTRACT_FIELD_GROUPS.map((g) => <MenuItem key={g} value={g}>{translate(`contracts.groups.${g}`)}</MenuItem>)}
                  </TextField>
                  <FormControlLabel control={<Checkbox checked={d.required} disabled={!mayEdit} onChange={(e) => set(i, { required: e.target.checked })} />} label={translate('contracts.config.required')} />
                  {mayEdit ? (
                    <IconButton aria-label={translate('contracts.config.remove', { name: d.name })} onClick={() => setDrafts(drafts.filter((_, k) => k !== i))}><DeleteIcon /></IconButton>
                  ) : null}
                </Stack>
                {d.type === 'select' ? (
                  <TextField size="small" multiline minRows={2} fullWidth sx={{ mt: 1 }} label={translate('contracts.config.options')} value={d.options} disabled={!mayEdit}
                    onChange={(e) => set(i, { options: e.target.value })} error={!!problemAt(i, 'options')}
                    helperText={translate(problemAt(i, 'options') ? 'validation.messages.required' : 'contracts.config.optionsHelp')} />
                ) : null}
              </Paper>
            )))}
            {mayEdit ? (
              <Button variant="text" sx={{ alignSelf: 'flex-start' }}
                onClick={() => setDrafts([...drafts, { group, type: 'input', name: '', required: false, options: '' }])}>
                {translate('contracts.config.add', { group: translate(`contracts.groups.${group}`) })}
              </Button>
            ) : null}
          </Stack>
        </Box>
      ))}
      {mayEdit ? <Button variant="contained" onClick={save} disabled={saveLayout.isPending}>{translate('contracts.config.save')}</Button> : null}
    </Box>
  );
}
