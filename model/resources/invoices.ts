import { access, endpoints, field, filter, resource, rule, t, workflow } from '../dsl';
import { L } from '../catalogue/texts';

/**
 * Invoices (flows §3 Invoice, §4 Invoice lifecycle, §5 Invoices, §7 Invoices; core §2 /invoices, §6
 * feature and menu): what the company owes its suppliers, with the supplier's PDF. An invoice is
 * entered by the company (POST /invoices/create), made by a platform admin from a confirmed delivery
 * (create-yc-invoice: its lines are the delivered quantities at the supplier order's prices) or, later,
 * read from an incoming UBL e-invoice (src/server/invoicing/ubl; `source` 'ubl'). Its status is the
 * workflow below; src/server/invoicing/invoices.ts does the work and the `invoices.expire` job moves
 * open invoices past their due date to expired.
 */

const T = {
  invoice: t('Factuur', 'Invoice', 'Facture'),
  number: t('Factuurnummer', 'Invoice number', 'Numéro de facture'),
  gcsNumber: t('Leveranciersbestelnummer', 'Supplier order number', 'Numéro de commande fournisseur'),
  orderNumber: t('Bestelnummer', 'Order number', 'Numéro de commande'),
  supplier: t('Leverancier', 'Supplier', 'Fournisseur'),
  supplierName: t('Naam leverancier', 'Supplier name', 'Nom du fournisseur'),
  priceExcl: t('Bedrag excl. btw', 'Amount excl. VAT', 'Montant HTVA'),
  priceIncl: t('Bedrag incl. btw', 'Amount incl. VAT', 'Montant TVAC'),
  invoiceDate: t('Factuurdatum', 'Invoice date', 'Date de facture'),
  dueDate: t('Vervaldatum', 'Due date', "Date d'échéance"),
  status: t('Status', 'Status', 'Statut'),
  remarks: t('Opmerkingen', 'Remarks', 'Remarques'),
  source: t('Herkomst', 'Source', 'Origine'),
  delivery: t('Levering', 'Delivery', 'Livraison'),
  matchStatus: t('Controle', 'Match', 'Contrôle'),
};

/** flows §4 Invoice: open, expired (past its due date, not paid), payed (the spec's spelling, kept as the stored value). */
export const INVOICE_STATUSES = {
  open: t('Open', 'Open', 'Ouverte'),
  expired: t('Vervallen', 'Overdue', 'Échue'),
  payed: t('Betaald', 'Paid', 'Payée'),
};
export type InvoiceStatus = keyof typeof INVOICE_STATUSES;

/**
 * How an invoice arrived: entered by the company (manual), made by the platform from a delivery
 * (platform: create-yc-invoice), from a PDF upload alone (upload), or read from a UBL e-invoice (ubl:
 * the e-invoice intake that builds on this model).
 */
export const INVOICE_SOURCES = {
  manual: t('Manueel ingegeven', 'Entered by hand', 'Saisie manuelle'),
  platform: t('Door het platform', 'By the platform', 'Par la plateforme'),
  upload: t('Opgeladen PDF', 'Uploaded PDF', 'PDF téléversé'),
  ubl: t('E-factuur (UBL)', 'E-invoice (UBL)', 'Facture électronique (UBL)'),
};
export type InvoiceSource = keyof typeof INVOICE_SOURCES;

/**
 * The three-way match of an invoice: not checked (it names no supplier order of the company),
 * matched (within the company's tolerance), mismatch (blocks paying), accepted (by finance, with a reason).
 */
export const INVOICE_MATCH_STATUSES = {
  notChecked: t('Niet gecontroleerd', 'Not checked', 'Non contrôlée'),
  matched: t('Klopt', 'Matches', 'Conforme'),
  mismatch: t('Verschil', 'Mismatch', 'Écart'),
  accepted: t('Verschil aanvaard', 'Mismatch accepted', 'Écart accepté'),
};
export type InvoiceMatchStatus = keyof typeof INVOICE_MATCH_STATUSES;

/**
 * Which invoices are still to pay — the one rule for the list's `status=toPay`, `/invoices/toPayCount`
 * and the sidebar's count: open or expired, and payable now, that is not a three-way-match mismatch
 * waiting for finance to accept it (paying one is refused: InvoiceMismatchNotAccepted).
 */
export const INVOICES_TO_PAY = {
  status: ['open', 'expired'],
  matchStatus: ['notChecked', 'matched', 'accepted'],
} as const satisfies { status: readonly InvoiceStatus[]; matchStatus: readonly InvoiceMatchStatus[] };

/**
 * The invoices not paid yet, whatever their match: what the invoices page's outstanding total adds
 * up (GET /invoices/outstanding). A mismatch waiting for finance still counts: it is owed until
 * paid or deleted, only not payable yet (INVOICES_TO_PAY).
 */
export const INVOICES_UNPAID = { status: ['open', 'expired'] } as const satisfies { status: readonly InvoiceStatus[] };

/** What the match finds on a line (src/server/invoicing/match.ts MATCH_PROBLEMS). */
export const INVOICE_MATCH_PROBLEMS = {
  notOrdered: t('Niet besteld', 'Not ordered', 'Non commandé'),
  moreThanOrdered: t('Meer dan besteld', 'More than ordered', 'Plus que commandé'),
  moreThanReceived: t('Meer dan ontvangen', 'More than received', 'Plus que reçu'),
  priceAboveAgreed: t('Prijs hoger dan afgesproken', 'Price above the agreed price', 'Prix supérieur au prix convenu'),
  totalAboveReceived: t('Totaal hoger dan de waarde van wat ontvangen is', 'Total above the value received', 'Total supérieur à la valeur reçue'),
};
export type InvoiceMatchProblem = keyof typeof INVOICE_MATCH_PROBLEMS;

/**
 * The invoice's workflow (flows §4 Invoice). Customer parties are the access's roles that write
 * invoices (model/catalogue/permissions.ts: 'admin' invoices:RWCD and 'finance' invoices:RWCDX; a
 * credit holder only reads); 'platformAdmin' platform admins and super admins; 'system' the server
 * (the daily `invoices.expire` job; a due date moved to today or later reopens an expired invoice).
 * A payment booked by mistake is taken back (`reopen`): the invoice is open again, and at once expired
 * (the system's step) when its due date has passed.
 */
export const invoiceWorkflow = workflow<InvoiceStatus>({
  resource: 'invoices',
  statuses: INVOICE_STATUSES,
  initial: 'open',
  transitions: [
    { action: 'pay', from: ['open', 'expired'], to: 'payed', by: ['admin', 'finance', 'platformAdmin'] },
    { action: 'expire', from: ['open'], to: 'expired', by: ['system'] },
    { action: 'reopen', from: ['payed'], to: 'open', by: ['admin', 'finance', 'platformAdmin'] },
    { action: 'dueDateMoved', from: ['expired'], to: 'open', by: ['system'] },
  ],
});

export const invoices = resource('invoices', {
  label: { one: T.invoice, many: t('Facturen', 'Invoices', 'Factures') },
  scope: 'customer',
  area: 'invoices',
  // core §1/§6: invoices are a domain feature; every customer-side call needs it.
  feature: 'invoices',
  // flows §4: "after delete or hard delete the invoice leaves the list" — delete keeps the row (deleted).
  softDelete: true,
  fields: {
    number: field.text(T.number).required().max(100).example('F-2030-0001'),
    gcsNumber: field.text(T.gcsNumber).max(100),
    supplierOrderId: field.reference(t('Leveranciersbestelling', 'Supplier order', 'Commande fournisseur'), 'supplier-orders').readOnly(),
    orderId: field.reference(t('Bestelling', 'Order', 'Commande'), 'orders').readOnly(),
    orderNumber: field.text(T.orderNumber).max(100).readOnly(),
    deliveryId: field.reference(T.delivery, 'deliveries').readOnly(),
    supplierId: field.reference(T.supplier, 'suppliers'),
    supplierName: field.text(T.supplierName).max(200),
    priceExcl: field.money(T.priceExcl).required().example('100.00'),
    priceIncl: field.money(T.priceIncl).required().example('121.00'),
    invoiceDate: field.date(T.invoiceDate).required().example('2030-01-15'),
    dueDate: field.date(T.dueDate).required().example('2030-02-14'),
    status: field.enum(T.status, INVOICE_STATUSES).readOnly().default('open'),
    remarks: field.textarea(T.remarks).max(2000),
    // The PDF: where it is read back (GET /upload?containerName=invoices&blobName=…) and its blob.
    fileUrl: field.text(t('Bestand', 'File', 'Fichier')).readOnly(),
    blobName: field.text(t('Bestandsnaam in de opslag', 'Blob name', 'Nom du blob')).readOnly().hidden(),
    fileName: field.text(t('Bestandsnaam', 'File name', 'Nom du fichier')).readOnly(),
    paidAt: field.datetime(t('Betaald op', 'Paid on', 'Payée le')).readOnly(),
    paidById: field.reference(t('Betaald gemeld door', 'Marked paid by', 'Marquée payée par'), 'users').readOnly(),
    createdById: field.reference(t('Aangemaakt door', 'Created by', 'Créée par'), 'users').readOnly(),
    source: field.enum(T.source, INVOICE_SOURCES).readOnly().default('manual'),
    // The three-way match (src/server/invoicing/three-way.ts): ordered ↔ received ↔ invoiced. A
    // mismatch blocks paying until a finance user accepts it with a reason; the acceptance holds the
    // problems it saw (their fingerprint): when they change, the invoice is a mismatch again.
    matchStatus: field.enum(T.matchStatus, INVOICE_MATCH_STATUSES).readOnly().default('notChecked'),
    matchAcceptedAt: field.datetime(t('Verschil aanvaard op', 'Mismatch accepted on', 'Écart accepté le')).readOnly(),
    matchAcceptedById: field.reference(t('Verschil aanvaard door', 'Mismatch accepted by', 'Écart accepté par'), 'users').readOnly(),
    matchAcceptReason: field.textarea(t('Reden van aanvaarding', 'Reason for accepting', "Motif de l'acceptation")).max(2000).readOnly(),
    matchAcceptedFingerprint: field.text(t('Aanvaarde verschillen', 'Accepted mismatches', 'Écarts acceptés')).readOnly().hidden(),
    // The e-invoice as it arrived (UBL XML), kept next to its PDF.
    ublBlobName: field.text(t('E-factuur in de opslag', 'E-invoice blob', 'Blob de la facture électronique')).readOnly().hidden(),
  },
  rules: [rule.notBefore('dueDate', 'invoiceDate', 'invalidDueDate')],
  recordRepresentation: 'number',
  // flows §3/§7 filters. Decision: dueDateFilter is a day (due up to it), invoiceDateFilter a day (invoiced from it on).
  filters: {
    supplierId: filter.eq(T.supplier, 'supplierId'),
    gcsNumber: filter.contains(T.gcsNumber, 'gcsNumber'),
    status: filter.eq(T.status, 'status', { aliases: { All: null, toPay: INVOICES_TO_PAY } }),
    dueDateFilter: filter.lte(t('Vervalt tot en met', 'Due until', "Échéance jusqu'au"), 'dueDate'),
    invoiceDateFilter: filter.gte(t('Gefactureerd vanaf', 'Invoiced from', 'Facturée à partir du'), 'invoiceDate'),
    deliveryId: filter.eq(T.delivery, 'deliveryId'),
    matchStatus: filter.eq(T.matchStatus, 'matchStatus'),
    search: filter.search(L.search, ['number', 'gcsNumber', 'orderNumber', 'supplierName']),
  },
  list: { columns: ['number', 'supplierName', 'gcsNumber', 'priceIncl', 'invoiceDate', 'dueDate', 'status', 'matchStatus'], sort: { field: 'invoiceDate', order: 'DESC' } },
  endpoints: {
    // flows §7 admin: POST /admin/invoices/query and /id, across the tenant's customers.
    admin: endpoints.query('/admin/invoices', ['query', 'id'], access.platformAdmin('invoices', 'R')),
  },
  screens: {
    path: '/ycAdmin/invoices', endpoint: 'admin', menu: { section: 'admin', order: 8, icon: 'ReceiptLong' },
    show: { panel: 'features/invoices/InvoicePanel#AdminInvoicePanel', alias: '/ycAdmin/invoice-details/{id}' },
  },
  // Its calls are contracts: src/shared/contracts/invoices.ts.
  notFound: 'InvoiceNotFound',
  failureTexts: {
    list: t('Fout bij het opvragen van facturen', 'Error querying invoices', 'Erreur lors de la recherche des factures'),
    get: t('Fout bij het ophalen van de factuur', 'Error retrieving the invoice', 'Erreur lors de la récupération de la facture'),
    create: t('Fout bij het aanmaken van de factuur.', 'Error creating invoice.', 'Erreur lors de la création de la facture.'),
    update: t('Fout bij het wijzigen van de factuur.', 'Error updating invoice.', 'Erreur lors de la modification de la facture.'),
    delete: t('Fout bij het verwijderen van de factuur.', 'Error deleting invoice.', 'Erreur lors de la suppression de la facture.'),
  },
});

/**
 * An invoice's lines: what it charges, per article. Written by the server only: create-yc-invoice
 * fills them from the delivery's lines and the supplier order lines' prices, /invoices/create takes
 * them when given, and an e-invoice brings its own (supplierOrderLineId links a line for matching).
 */
export const invoiceLines = resource('invoice-lines', {
  label: { one: t('Factuurlijn', 'Invoice line', 'Ligne de facture'), many: t('Factuurlijnen', 'Invoice lines', 'Lignes de facture') },
  scope: 'customer',
  area: 'invoices',
  fields: {
    invoiceId: field.reference(T.invoice, 'invoices').required(),
    lineNumber: field.integer(t('Lijn', 'Line', 'Ligne')).min(1),
    supplierOrderLineId: field.reference(t('Lijn leveranciersbestelling', 'Supplier order line', 'Ligne de commande fournisseur'), 'supplier-order-lines'),
    articleNumberSupplier: field.text(t('Artikelnummer leverancier', 'Supplier article number', 'Référence fournisseur')).max(100),
    description: field.text(t('Omschrijving', 'Description', 'Description')).max(500),
    // A credit note's lines give back: their quantity is negative.
    quantity: field.number(t('Aantal', 'Quantity', 'Quantité')),
    unitPriceExcl: field.money(t('Eenheidsprijs excl. btw', 'Unit price excl. VAT', 'Prix unitaire HTVA')),
    vatPercent: field.number(t('Btw (%)', 'VAT (%)', 'TVA (%)')).min(0).max(100),
    lineTotalExcl: field.money(t('Totaal excl. btw', 'Total excl. VAT', 'Total HTVA')),
  },
  recordRepresentation: 'description',
  list: { columns: ['lineNumber', 'articleNumberSupplier', 'description', 'quantity', 'unitPriceExcl', 'lineTotalExcl'], sort: { field: 'lineNumber', order: 'ASC' } },
  notFound: 'InvoiceNotFound',
});
