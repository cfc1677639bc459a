import { t } from '../../../model/dsl/i18n';

/**
 * The labels of the buyer's order PDF (ordering/order-pdf.ts) in nl, en and fr, in i18next's format:
 * the server's i18next instance reads them under `pdf.order.*` (src/server/i18n).
 */
export const ORDER_PDF_LABELS = {
  title: t('Bestelling {{orderNumber}}', 'Order {{orderNumber}}', 'Commande {{orderNumber}}'),
  order: t('Bestelnummer', 'Order number', 'Numéro de commande'),
  date: t('Besteldatum', 'Order date', 'Date de commande'),
  status: t('Status', 'Status', 'Statut'),
  company: t('Bedrijf', 'Company', 'Entreprise'),
  orderedBy: t('Besteld door', 'Ordered by', 'Commandé par'),
  department: t('Afdeling', 'Department', 'Département'),
  deliveryAddress: t('Leveradres', 'Delivery address', 'Adresse de livraison'),
  requestedDeliveryDate: t('Gewenste leverdatum', 'Requested delivery date', 'Date de livraison souhaitée'),
  budget: t('Budget', 'Budget', 'Budget'),
  about: t('Betreft', 'About', 'Concerne'),
  line: t('#', '#', '#'),
  article: t('Artikel', 'Article', 'Article'),
  supplier: t('Leverancier', 'Supplier', 'Fournisseur'),
  quantity: t('Aantal', 'Qty', 'Qté'),
  unitPrice: t('Eenheidsprijs', 'Unit price', 'Prix unitaire'),
  total: t('Totaal excl. btw', 'Total excl. VAT', 'Total HTVA'),
  products: t('Producten excl. btw', 'Products excl. VAT', 'Produits HTVA'),
  shipping: t('Verzendkosten excl. btw', 'Shipping excl. VAT', 'Frais de livraison HTVA'),
  totalExcl: t('Totaal excl. btw', 'Total excl. VAT', 'Total HTVA'),
  totalVat: t('Btw', 'VAT', 'TVA'),
  loyaltyDiscount: t('Korting (punten)', 'Discount (points)', 'Remise (points)'),
  totalIncl: t('Totaal incl. btw', 'Total incl. VAT', 'Total TVAC'),
  page: t('Pagina {{page}}/{{pages}}', 'Page {{page}}/{{pages}}', 'Page {{page}}/{{pages}}'),
} as const;
