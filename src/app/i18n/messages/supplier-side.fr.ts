import type { SupplierSideMessages } from './supplier-side';

/** The French texts of ./supplier-side.ts. */
export const fr: SupplierSideMessages = {
  supplierSide: {
    title: 'Livraison au client',
    shipTo: 'Adresse de livraison',
    noShipTo: 'Aucune adresse de livraison indiquée.',
    contact: 'Personne de contact',
    deliveries: 'Livraisons',
    noDeliveries: 'Pas encore de livraisons.',
    invoices: 'Factures',
    noInvoices: 'Pas encore de factures.',
    expected: 'prévue le {{date}}',
    delivered: 'livrée le {{date}}',
  },
};
