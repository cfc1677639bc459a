import type { SupplierSideMessages } from './supplier-side-messages';

/** The English texts of ./supplier-side.ts. */
export const en: SupplierSideMessages = {
  supplierSide: {
    title: 'Delivery to the customer',
    shipTo: 'Delivery address',
    noShipTo: 'No delivery address given.',
    requestedDeliveryDate: 'Requested delivery date',
    contact: 'Contact',
    invoices: 'Invoices',
    noInvoices: 'No invoices yet.',
  },
};
