import { access, endpoints, field, filter, group, resource, sections, t } from '../dsl';
import { L } from '../catalogue/texts';

/**
 * Order PDF customisation (flows §3 "header, message to supplier, footer; only one order PDF per
 * supplier"; permission area 'order-pdf-settings'): what the PDF of a supplier order sent to that
 * supplier says above the order, to the supplier, and at the bottom of every page
 * (src/server/fulfilment/order-pdf.ts). A supplier without settings gets the PDF without them.
 *
 * Decision: a resource of its own rather than fields on suppliers: the spec lists it as its own
 * entity with its own permission area, and a supplier's row stays what the supplier screens edit.
 * Platform admins keep them under /ycAdmin/order-pdf-settings.
 */
const T = {
  header: t('Koptekst', 'Header', 'En-tête'),
  message: t('Bericht aan de leverancier', 'Message to the supplier', 'Message au fournisseur'),
  footer: t('Voettekst', 'Footer', 'Pied de page'),
  supplier: t('Leverancier', 'Supplier', 'Fournisseur'),
};

export const orderPdfSettings = resource('order-pdf-settings', {
  label: { one: t('Bestel-pdf', 'Order PDF', 'PDF de commande'), many: t('Bestel-pdf’s', 'Order PDFs', 'PDF de commande') },
  scope: 'tenant',
  area: 'order-pdf-settings',
  fields: {
    // One per supplier (unique in the tenant).
    supplierId: field.reference(T.supplier, 'suppliers').required().unique(),
    header: field.textarea(T.header).max(2000).example('Inkoopshop BV — Kerkstraat 12, 9000 Gent'),
    messageToSupplier: field.textarea(T.message).max(4000).example('Gelieve de bestelling binnen twee werkdagen te bevestigen.'),
    footer: field.textarea(T.footer).max(2000).example('BTW BE0123456749 — IBAN BE68 5390 0754 7034'),
  },
  recordRepresentation: 'supplierId',
  filters: {
    supplierId: filter.eq(T.supplier, 'supplierId'),
    search: filter.search(L.search, ['header', 'messageToSupplier', 'footer']),
  },
  list: { columns: ['supplierId', 'header', 'updatedAt'], sort: { field: 'updatedAt', order: 'DESC' } },
  endpoints: {
    admin: endpoints.query('/admin/order-pdf-settings', ['query', 'getById', 'create', 'update', 'delete'], access.platformAdmin('order-pdf-settings')),
  },
  screens: {
    path: '/ycAdmin/order-pdf-settings',
    endpoint: 'admin',
    menu: { section: 'admin', order: 55, icon: 'PictureAsPdf' },
    groups: sections({
      pdf: group(t('Bestel-pdf', 'Order PDF', 'PDF de commande'), ['supplierId', 'header', 'messageToSupplier', 'footer']),
    }),
  },
  notFound: 'notFound',
  failureTexts: {
    list: t('Fout bij het opvragen van de bestel-pdf’s', 'Error querying order PDFs', 'Erreur lors de la recherche des PDF de commande'),
    get: t('Fout bij het ophalen van de bestel-pdf', 'Error getting the order PDF', 'Erreur lors de la récupération du PDF de commande'),
  },
});
