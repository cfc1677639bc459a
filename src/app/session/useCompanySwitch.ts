import { useCoreServices, useSession } from '../bootstrap/context';
import { useAppNotify } from '../notify/useAppNotify';

/**
 * Makes one of the user's active customer accesses the acting company (core §4 Active company): the
 * session reloads permissions, settings and features for it, a toast says so (or that it already
 * was), then `onSwitched` (react-admin refreshes its data; the light pages follow the session).
 * Resolves true once the company is the acting one (switched, or it already was), false when the
 * switch failed (a toast says so).
 */
export function useCompanySwitch(onSwitched?: () => void) {
  const { toast } = useAppNotify();
  const { session: loader } = useCoreServices();
  const session = useSession();
  const active = session.user?.customerAccess.filter((a) => a.active) ?? [];

  async function switchTo(accessId: string): Promise<boolean> {
    if (accessId === session.activeCustomerAccessId) {
      toast('app.company.alreadySelected');
      return true;
    }
    try {
      await loader.switchCustomer(accessId);
      const chosen = active.find((a) => a.id === accessId);
      toast('app.company.switched', { variation: 'success', messageArgs: { company: chosen?.customer.name ?? '' } });
      onSwitched?.();
      return true;
    } catch {
      toast('app.error.general', { variation: 'error' });
      return false;
    }
  }

  return { active, current: active.find((a) => a.id === session.activeCustomerAccessId), switchTo };
}
