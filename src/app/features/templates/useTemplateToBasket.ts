import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCoreServices } from '../../bootstrap/context';
import { useAppNotify } from '../../notify/useAppNotify';
import { templateToBasket } from './api';
import { templateProblems, type LineTitle } from './problems';

/**
 * "A template fills the basket in one click": puts the template's lines in the basket (the server
 * adds them to what is there and checks them as the basket does), then opens the basket. A refusal
 * leaves the basket as it was; its problems, one per line, are kept for the page to list.
 */
export function useTemplateToBasket() {
  const { http, i18n } = useCoreServices();
  const navigate = useNavigate();
  const { toast } = useAppNotify();
  const [busy, setBusy] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const fill = useCallback(async (id: string, titleOf: LineTitle = () => undefined) => {
    setBusy(id);
    setProblems([]);
    try {
      await templateToBasket(http, id);
      toast('shop.templates.filled', { variation: 'success' });
      navigate('/transporter');
    } catch (error) {
      setProblems(templateProblems(error, { resource: 'transporters', op: 'update' }, i18n.i18nProvider, titleOf));
    } finally {
      setBusy(null);
    }
  }, [http, i18n, navigate, toast]);

  return { fill, busy, problems, clearProblems: () => setProblems([]) };
}
