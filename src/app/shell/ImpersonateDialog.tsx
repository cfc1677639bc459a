import { useEffect, useState } from 'react';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import { Alert, Autocomplete, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useI18nProvider, useRefresh, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { useAppServices, useSession } from '../bootstrap/context';
import { describeError } from '../data/errors';
import { queryUsers, startImpersonation, type UserQueryItem } from '../session/impersonation';
import { HEADER_TEXT, iconOnlyOnPhone } from './header-fit';

const labelOf = (u: UserQueryItem) => (u.displayname ? `${u.displayname} (${u.email})` : u.email);

/** The dialog: search the tenant's users (POST /usermanagement/query) and act as the one chosen. */
export function ImpersonateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const i18n = useI18nProvider();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const { http, session: loader } = useAppServices();
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<UserQueryItem[]>([]);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      queryUsers(http, search, controller.signal).then(
        (items) => { setOptions(items); setLoading(false); },
        (e: unknown) => { if ((e as Error)?.name !== 'AbortError') { setError(describeError(e, {}, i18n)); setLoading(false); } },
      );
    }, 250);
    return () => { clearTimeout(timer); controller.abort(); };
  }, [open, search, http, i18n]);

  async function choose(user: UserQueryItem | null) {
    if (!user) return;
    setBusy(true);
    setError(null);
    try {
      await startImpersonation(http, loader, user.id);
      setBusy(false);
      onClose();
      navigate('/');
      refresh();
    } catch (e) {
      setBusy(false);
      setError(describeError(e, {}, i18n));
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="impersonate-title">
      <DialogTitle id="impersonate-title">{translate('impersonation.start')}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
        <Autocomplete
          options={options}
          loading={loading}
          disabled={busy}
          filterOptions={(x) => x}
          getOptionLabel={labelOf}
          getOptionDisabled={(u) => !u.active}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderOption={(props, u) => (
            <li {...props} key={u.id}>{labelOf(u)}{u.active ? '' : ` — ${translate('impersonation.inactive')}`}</li>
          )}
          noOptionsText={translate('impersonation.noUsers')}
          loadingText={<CircularProgress size={20} aria-label={translate('app.common.loading')} />}
          onInputChange={(_, value, reason) => { if (reason === 'input' || reason === 'clear') setSearch(value); }}
          onChange={(_, value) => { void choose(value); }}
          renderInput={(params) => <TextField {...params} autoFocus label={translate('impersonation.search')} sx={{ mt: 1 }} />}
        />
        {busy && <Alert severity="info" sx={{ mt: 2 }}>{translate('impersonation.starting')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('impersonation.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The admin app bar's 'Act as user' entry, for super admins who are not acting as someone already. */
export function ImpersonateButton() {
  const translate = useTranslate();
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (session.user?.userType !== 1 || session.impersonatedUserId) return null;
  return (
    <>
      {/* On a phone the icon alone (header-fit.ts); the name stays for assistive technology. */}
      <Button color="inherit" startIcon={<SupervisorAccount />} aria-label={translate('impersonation.start')} title={translate('impersonation.start')} onClick={() => setOpen(true)} sx={{ ...iconOnlyOnPhone, mx: { xs: 0, md: 1 } }}>
        <span className={HEADER_TEXT}>{translate('impersonation.start')}</span>
      </Button>
      {open && <ImpersonateDialog open onClose={() => setOpen(false)} />}
    </>
  );
}
