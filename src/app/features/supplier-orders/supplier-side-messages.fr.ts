import type { SupplierSideMessages } from './supplier-side-messages';

/** The French texts of ./supplier-side.ts. */
export const fr: SupplierSideMessages = {
  supplierSide: {
    title: 'Livraison au client',
    shipTo: 'Adresse de livraison',
    noShipTo: 'Aucune adresse de livraison indiquée.',
    requestedDeliveryDate: 'Date de livraison souhaitée',
    contact: 'Personne de contact',
    invoices: 'Factures',
    noInvoices: 'Pas encore de factures.',
  },
};
