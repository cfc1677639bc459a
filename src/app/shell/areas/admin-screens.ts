import type { AdminScreenEntry, AdminScreenSet } from '../../../shared/generated-contract';
import { MailOutboxShow } from '../../features/platform/mail-outbox/MailOutboxShow';
import { AdminDeliveryCreatePage } from '../../features/deliveries/AdminDeliveryCreatePage';
import { AdminBasketList, AdminBasketShow } from '../../features/basket/admin/AdminBaskets';
import { AdminOrderShow } from '../../features/orders/AdminOrderShow';

/**
 * The place to replace one generated screen of a resource with a hand-written one (docs/extending.md, "Replacing
 * a generated screen"): the area renders `<Resource {...set} {...SCREEN_OVERRIDES[name]} />`, so an
 * entry here wins over the generated view of the same key and the rest of the set stays generated.
 * For example, a supplier list with a budget column:
 *
 *   import { SupplierListWithBudget } from '../pages/suppliers/SupplierListWithBudget';
 *   export const SCREEN_OVERRIDES = { suppliers: { list: SupplierListWithBudget } };
 */
export const SCREEN_OVERRIDES: Readonly<Record<string, Partial<Omit<AdminScreenSet, 'name'>>>> = {
  // A mail's text keeps its line breaks (the generated page shows a text field on one line).
  'mail-outbox': { show: MailOutboxShow },
  // A delivery is created for a supplier order, line by line (POST /admin/deliveries/create-for-supplierorder), not from its fields.
  deliveries: { create: AdminDeliveryCreatePage },
  // A basket's date filter with its on/off flag (core §3), its company and lines count; its lines by article number and title.
  transporters: { list: AdminBasketList, show: AdminBasketShow },
  // An order as its company sees it (lines, supplier orders, history, conversation) with the admin's decision, not its raw fields.
  orders: { show: AdminOrderShow },
};

export interface LoadedScreens { entry: AdminScreenEntry; set: AdminScreenSet }

let loading: Promise<LoadedScreens[]> | null = null;

/**
 * Every admin screen set, loaded in parallel when the admin area opens. Each set stays its own chunk;
 * loading them up front lets each <Resource> declare exactly the views it has (edit/show/create
 * buttons depend on that) and its recordRepresentation.
 */
export function loadAdminScreens(entries: readonly AdminScreenEntry[]): Promise<LoadedScreens[]> {
  loading ??= Promise.all(entries.map(async (entry) => ({ entry, set: (await entry.load()).default })))
    .catch((error: unknown) => {
      // The error page (errors/ErrorPage) reloads once when a chunk is gone (core §4).
      loading = null;
      throw error;
    });
  return loading;
}
