import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRefresh } from 'ra-core';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useAppNotify } from '../../notify/useAppNotify';
import type { HttpMethod } from '../../data/http';

/**
 * One change of an order from a button on its page: the call, then a success toast, the app's
 * queries (counts, history) and the page read again; a refusal becomes a toast with its message.
 * `busy` is true while the call runs, so the button can wait.
 */
export function useOrderCall() {
  const { http, i18n } = useCoreServices();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  const [busy, setBusy] = useState(false);
  async function run(method: HttpMethod, path: string, body: unknown, done: string): Promise<void> {
    setBusy(true);
    try {
      await http.request(method, path, { body });
      toast(done, { variation: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['app'] });
      refresh();
    } catch (e) {
      toast(describeError(e, { resource: 'orders', op: 'update' }, i18n.i18nProvider), { variation: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
