import { access, endpoints, field, filter, group, resource, rule, sections, t } from '../dsl';
import { L } from '../catalogue/texts';
import { addressField } from './address';

export const RESTOCK_SETTINGS = {
  fixed: t('Vast (herbevoorraden met)', 'Fixed (restock by)', 'Fixe (réapprovisionner de)'),
  flex: t('Flexibel (herbevoorraden tot)', 'Flex (restock up to)', "Flexible (réapprovisionner jusqu'à)"),
  manual: t('Manueel', 'Manual', 'Manuel'),
  unassigned: t('Niet ingesteld', 'Unassigned', 'Non défini'),
};

/** Warehouses of a customer (core §3, §7 Warehouses): plain REST. */
export const warehouses = resource('warehouses', {
  label: { one: t('Magazijn', 'Warehouse', 'Entrepôt'), many: t('Magazijnen', 'Warehouses', 'Entrepôts') },
  scope: 'customer',
  area: 'warehouses',
  // Warehouse management is part of easy stock (core §6: the menu entry depends on it).
  feature: 'easyStock',
  fields: {
    name: field.text(L.name).required().max(200).example('Centraal magazijn'),
    address: addressField(),
    departmentId: field.reference(L.department, 'customer-departments'),
    restockSetting: field.enum(t('Herbevoorrading', 'Restock setting', 'Réapprovisionnement'), RESTOCK_SETTINGS).required().default('unassigned'),
  },
  // flows §5: a restock setting (other than none) needs a department to order for
  rules: [rule.requiredWhenValue('departmentId', 'restockSetting', ['fixed', 'flex', 'manual'], 'RestockNeedsDepartment')],
  recordRepresentation: 'name',
  filters: { name: filter.contains(L.name, 'name'), departmentId: filter.eq(L.department, 'departmentId') },
  list: { columns: ['name', 'address.city', 'departmentId', 'restockSetting'], sort: { field: 'name', order: 'ASC' }, sortable: ['address.city', 'departmentId'] },
  endpoints: {
    customer: endpoints.rest('/warehouses', ['list', 'get', 'create', 'update', 'delete'], access.customer('warehouses')),
    // core §7: warehouse management's own paths for the same warehouses (one table, two addresses;
    // docs/decisions/0007-warehouses-and-stock.md). Deleting a warehouse removes its warehouse articles.
    management: endpoints.restV2('/warehouse-management', ['list', 'get', 'create', 'update', 'delete'], access.customer('warehouses')),
  },
  screens: {
    path: '/ycAdmin/warehouses',
    endpoint: 'customer',
    menu: { section: 'admin', order: 60, icon: 'Warehouse' },
    groups: sections({
      general: group(t('Algemeen', 'General', 'Général'), ['name', 'departmentId', 'restockSetting']),
      address: group(L.address, ['address']),
    }),
  },
  notFound: 'WarehouseNotFound',
});
