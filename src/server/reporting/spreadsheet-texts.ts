import type { Language } from '../../../model/dsl/i18n';

/**
 * The export spreadsheet's sheet names and column headings in nl, en and fr: the server's i18next
 * instance reads them under `spreadsheet.export.*` (src/server/i18n) and spreadsheet.ts writes them.
 */
export const EXPORT_SHEET_WORDS = {
  nl: {
    orders: 'Bestellingen', supplierOrders: 'Leveranciersbestellingen', deliveries: 'Leveringen', suppliers: 'Leveranciers',
    orderNumber: 'Bestelnummer', date: 'Datum', status: 'Status', department: 'Afdeling', orderedBy: 'Besteld door',
    totalExcl: 'Totaal excl. btw', totalIncl: 'Totaal incl. btw', gcsNumber: 'Leveranciersbestelnummer', supplier: 'Leverancier',
    deliveryNumber: 'Leveringsnummer', problem: 'Probleem', leadDays: 'Levertijd (dagen)', count: 'Aantal bestellingen',
    deliveryCount: 'Leveringen', withProblems: 'Met problemen', averageLeadDays: 'Gem. levertijd (dagen)',
  },
  en: {
    orders: 'Orders', supplierOrders: 'Supplier orders', deliveries: 'Deliveries', suppliers: 'Suppliers',
    orderNumber: 'Order number', date: 'Date', status: 'Status', department: 'Department', orderedBy: 'Ordered by',
    totalExcl: 'Total excl. VAT', totalIncl: 'Total incl. VAT', gcsNumber: 'Supplier order number', supplier: 'Supplier',
    deliveryNumber: 'Delivery number', problem: 'Problem', leadDays: 'Lead time (days)', count: 'Supplier orders',
    deliveryCount: 'Deliveries', withProblems: 'With problems', averageLeadDays: 'Avg. lead time (days)',
  },
  fr: {
    orders: 'Commandes', supplierOrders: 'Commandes fournisseurs', deliveries: 'Livraisons', suppliers: 'Fournisseurs',
    orderNumber: 'Numéro de commande', date: 'Date', status: 'Statut', department: 'Département', orderedBy: 'Commandé par',
    totalExcl: 'Total HTVA', totalIncl: 'Total TVAC', gcsNumber: 'Numéro de commande fournisseur', supplier: 'Fournisseur',
    deliveryNumber: 'Numéro de livraison', problem: 'Problème', leadDays: 'Délai (jours)', count: 'Commandes fournisseurs',
    deliveryCount: 'Livraisons', withProblems: 'Avec problèmes', averageLeadDays: 'Délai moyen (jours)',
  },
} as const satisfies Record<Language, Record<string, string>>;
export type ExportSheetWord = keyof (typeof EXPORT_SHEET_WORDS)['nl'];
