import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useNavigate } from 'react-router';
import { useI18nProvider, useTranslate } from 'ra-core';
import { useCoreServices, useSession } from '../bootstrap/context';
import { describeError } from '../data/errors';
import { stopImpersonation } from '../session/impersonation';

/**
 * Atop every layout while a super admin acts as another user: who, and 'Stop' back to /ycAdmin, then
 * `onStopped` (react-admin refreshes its data). Free of react-admin, for the light pages too.
 */
export function ImpersonationNotice({ onStopped }: { onStopped?: () => void }) {
  const translate = useTranslate();
  const i18n = useI18nProvider();
  const navigate = useNavigate();
  const { session: loader } = useCoreServices();
  const session = useSession();
  const [error, setError] = useState<string | null>(null);
  if (!session.impersonatedUserId) return null;
  const name = session.user?.displayname || session.user?.email || '';

  async function stop() {
    try {
      await stopImpersonation(loader);
      navigate('/ycAdmin');
      onStopped?.();
    } catch (e) {
      setError(describeError(e, {}, i18n));
    }
  }

  return (
    <Alert
      severity={error ? 'error' : 'warning'}
      variant="filled"
      role="status"
      sx={{ mb: 1, borderRadius: 0 }}
      action={<Button color="inherit" size="small" onClick={() => void stop()}>{translate('impersonation.stop')}</Button>}
    >
      {error ?? translate('impersonation.actingAs', { name })}
    </Alert>
  );
}
