/** Domain features switched on per customer (core §1). */
export const FEATURES = [
  'budgets', 'ycoin', 'quotes', 'smartStock', 'easyStock', 'orderTemplates', 'chatBot', 'contracts', 'government',
  'orderForm', 'searchOrders', 'orderRequest', 'labels', 'deliveries', 'invoices', 'oneTimeAddresses',
  'extraSupplierOrderInfo', 'clicx',
] as const;
export type FeatureName = (typeof FEATURES)[number];
