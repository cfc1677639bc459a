import { t } from '../../../model/dsl/i18n';

/**
 * The labels of the supplier order's PDF in nl, en and fr, in i18next's format: the server's i18next
 * instance reads them under `pdf.supplierOrder.*` (src/server/i18n) and order-pdf.ts fills them.
 */
export const SUPPLIER_ORDER_PDF_LABELS = {
  title: t('Bestelling {{gcsNumber}}', 'Purchase order {{gcsNumber}}', 'Bon de commande {{gcsNumber}}'),
  supplierOrder: t('Leveranciersbestelnummer', 'Supplier order number', 'Numéro de commande fournisseur'),
  order: t('Bestelnummer', 'Order number', 'Numéro de commande'),
  date: t('Datum', 'Date', 'Date'),
  supplier: t('Leverancier', 'Supplier', 'Fournisseur'),
  customer: t('Klant', 'Customer', 'Client'),
  vatNumber: t('Btw-nummer', 'VAT number', 'Numéro de TVA'),
  deliveryAddress: t('Leveradres', 'Delivery address', 'Adresse de livraison'),
  orderedBy: t('Besteld door', 'Ordered by', 'Commandé par'),
  requestedDeliveryDate: t('Gewenste leverdatum', 'Requested delivery date', 'Date de livraison souhaitée'),
  extraInfo: t('Extra informatie', 'Extra info', 'Informations supplémentaires'),
  line: t('#', '#', '#'),
  article: t('Artikelnummer', 'Article number', 'Référence'),
  description: t('Omschrijving', 'Description', 'Description'),
  quantity: t('Aantal', 'Qty', 'Qté'),
  unitPrice: t('Eenheidsprijs', 'Unit price', 'Prix unitaire'),
  vat: t('Btw', 'VAT', 'TVA'),
  total: t('Totaal excl. btw', 'Total excl. VAT', 'Total HTVA'),
  shipping: t('Verzendkosten excl. btw', 'Shipping excl. VAT', 'Frais de livraison HTVA'),
  totalExcl: t('Totaal excl. btw', 'Total excl. VAT', 'Total HTVA'),
  totalVat: t('Btw', 'VAT', 'TVA'),
  totalIncl: t('Totaal incl. btw', 'Total incl. VAT', 'Total TVAC'),
  page: t('Pagina {{page}}/{{pages}}', 'Page {{page}}/{{pages}}', 'Page {{page}}/{{pages}}'),
} as const;
