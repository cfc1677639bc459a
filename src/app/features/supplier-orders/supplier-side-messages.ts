/**
 * Texts of what a supplier order shows of its customer and invoices
 * (pages/supplier-orders/SupplierOrderDeliveryInfo.tsx). They render inside react-admin, so they
 * travel in the admin tier (packs/*-admin.ts). English and French: supplier-side.en.ts and
 * supplier-side.fr.ts, typed by this Dutch tree.
 */
export const nl = {
  supplierSide: {
    title: 'Levering aan de klant',
    shipTo: 'Leveradres',
    noShipTo: 'Geen leveradres opgegeven.',
    requestedDeliveryDate: 'Gewenste leverdatum',
    contact: 'Contactpersoon',
    invoices: 'Facturen',
    noInvoices: 'Nog geen facturen.',
  },
};
export type SupplierSideMessages = typeof nl;
