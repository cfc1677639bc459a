import { access, endpoints, field, filter, resource, t, workflow } from '../dsl';
import { COMPANY_ORDER_ROLES } from '../catalogue/permissions';
import { L } from '../catalogue/texts';

/**
 * Supplier orders (flows §3 Supplier order, §4, §7; core §2): an approved order becomes one supplier
 * order per supplier (src/server/fulfilment/split.ts), numbered after the order (gcsNumber
 * `<order number>-<n>`, so it carries the tenant's supplier-order prefix), sent to the supplier,
 * followed up by the supplier or the platform and delivered.
 */

const T = {
  supplierOrder: t('Leveranciersbestelling', 'Supplier order', 'Commande fournisseur'),
  supplier: t('Leverancier', 'Supplier', 'Fournisseur'),
  status: t('Status', 'Status', 'Statut'),
  gcsNumber: t('Leveranciersbestelnummer', 'Supplier order number', 'Numéro de commande fournisseur'),
  orderNumber: t('Bestelnummer', 'Order number', 'Numéro de commande'),
  remark: t('Opmerking', 'Remark', 'Remarque'),
};

export const SUPPLIER_ORDER_STATUSES = {
  CREATED: t('Aangemaakt', 'Created', 'Créée'),
  READYFORMANUALORDER: t('Klaar om manueel te bestellen', 'Ready for manual order', 'Prête pour une commande manuelle'),
  FAILEDTOORDER: t('Bestellen mislukt', 'Failed to order', 'Échec de la commande'),
  WAITFORORDERRESPONSE: t('Wacht op antwoord leverancier', 'Waiting for the supplier’s response', 'En attente de la réponse du fournisseur'),
  WAITFORDELIVERYRESPONSE: t('Wacht op leverdatum', 'Waiting for a delivery date', 'En attente d’une date de livraison'),
  WAITFORDELIVERY: t('Wacht op levering', 'Waiting for delivery', 'En attente de livraison'),
  DELIVERED: t('Geleverd', 'Delivered', 'Livrée'),
};
export type SupplierOrderStatus = keyof typeof SUPPLIER_ORDER_STATUSES;

/** Whose supplier it is: the platform's, or the customer's own (flows §3 filter supplierType). */
export const SUPPLIER_TYPES = {
  platform: t('Platformleverancier', 'Platform supplier', 'Fournisseur de la plateforme'),
  own: t('Eigen leverancier', 'Own supplier', 'Fournisseur propre'),
};

/**
 * The supplier order's workflow (flows §4 Supplier order status). 'system' is the server itself (the
 * sending job, a confirmed delivery); 'supplier' a user of the supplier (their token's supplierIds),
 * who may set WAITFORORDERRESPONSE, WAITFORDELIVERY, DELIVERED and FAILEDTOORDER and nothing else;
 * 'platformAdmin' platform admins and super admins. A follow-up with a status takes the transition
 * to that status (src/server/fulfilment/supplier-orders.ts moveStatus). DELIVERED taken by anyone but
 * the system announces what is still to deliver (one delivery for the buyer to confirm) and waits for
 * delivery; the system sets DELIVERED once confirmed deliveries brought every line.
 * The transitions are listed in the order a supplier works (received, confirmed, delivered; the
 * platform's own steps after those, a failure last): the supplier order's page offers its steps in
 * this order (allowedStatuses).
 */
export const supplierOrderWorkflow = workflow<SupplierOrderStatus>({
  resource: 'supplier-orders',
  statuses: SUPPLIER_ORDER_STATUSES,
  initial: 'CREATED',
  transitions: [
    { action: 'sent', from: ['CREATED', 'FAILEDTOORDER', 'READYFORMANUALORDER'], to: 'WAITFORORDERRESPONSE', by: ['system', 'platformAdmin', 'supplier'] },
    { action: 'askDeliveryDate', from: ['WAITFORORDERRESPONSE'], to: 'WAITFORDELIVERYRESPONSE', by: ['platformAdmin'] },
    { action: 'confirmed', from: ['READYFORMANUALORDER', 'WAITFORORDERRESPONSE', 'WAITFORDELIVERYRESPONSE'], to: 'WAITFORDELIVERY', by: ['platformAdmin', 'supplier'] },
    { action: 'delivered', from: ['WAITFORORDERRESPONSE', 'WAITFORDELIVERYRESPONSE', 'WAITFORDELIVERY'], to: 'DELIVERED', by: ['system', 'platformAdmin', 'supplier'] },
    { action: 'deliveryUndone', from: ['DELIVERED'], to: 'WAITFORDELIVERY', by: ['system', 'platformAdmin'] },
    { action: 'manualOrder', from: ['CREATED', 'FAILEDTOORDER'], to: 'READYFORMANUALORDER', by: ['system', 'platformAdmin'] },
    { action: 'resend', from: ['FAILEDTOORDER', 'READYFORMANUALORDER'], to: 'CREATED', by: ['platformAdmin'] },
    { action: 'failed', from: ['CREATED', 'READYFORMANUALORDER', 'WAITFORORDERRESPONSE', 'WAITFORDELIVERYRESPONSE'], to: 'FAILEDTOORDER', by: ['system', 'platformAdmin', 'supplier'], needs: 'reason' },
  ],
});

/** Statuses in which nothing has been ordered from the supplier yet (the orders' onlyUnOrdered filter). */
export const UNORDERED_SUPPLIER_ORDER_STATUSES: readonly SupplierOrderStatus[] = ['CREATED', 'READYFORMANUALORDER', 'FAILEDTOORDER'];

export const supplierOrders = resource('supplier-orders', {
  label: { one: T.supplierOrder, many: t('Leveranciersbestellingen', 'Supplier orders', 'Commandes fournisseurs') },
  scope: 'customer',
  area: 'orders',
  fields: {
    gcsNumber: field.text(T.gcsNumber).readOnly().unique(),
    orderId: field.reference(t('Bestelling', 'Order', 'Commande'), 'orders').readOnly(),
    // Copies of the order's number and of the supplier as ordered: the lists filter and show them without joins.
    orderNumber: field.text(T.orderNumber).readOnly(),
    orderedById: field.reference(t('Besteld door', 'Ordered by', 'Commandé par'), 'users').readOnly(),
    supplierId: field.reference(T.supplier, 'suppliers').readOnly(),
    supplierName: field.text(t('Naam leverancier', 'Supplier name', 'Nom du fournisseur')).max(200).readOnly(),
    supplierEmail: field.email(t('E-mail voor bestellingen', 'Order e-mail', 'E-mail de commande')),
    supplierType: field.enum(t('Soort leverancier', 'Supplier type', 'Type de fournisseur'), SUPPLIER_TYPES).readOnly(),
    // flows §3 names it orderStatus; answered under both names.
    status: field.enum(T.status, SUPPLIER_ORDER_STATUSES).readOnly().default('CREATED').alsoAnsweredAs('orderStatus'),
    statusReason: field.textarea(t('Reden', 'Reason', 'Motif')).max(2000).readOnly(),
    extraInfo: field.textarea(t('Extra informatie', 'Extra info', 'Informations supplémentaires')).max(2000),
    totalExcl: field.money(t('Totaal excl. btw', 'Total excl. VAT', 'Total HTVA')).readOnly(),
    totalIncl: field.money(t('Totaal incl. btw', 'Total incl. VAT', 'Total TVAC')).readOnly(),
    // This supplier's share of the order's shipping (its own shipping cost, as the order charged it)
    // and what the supplier order costs the company in all: products and shipping, VAT included.
    shippingCost: field.money(t('Verzendkosten', 'Shipping cost', 'Frais de livraison')).readOnly(),
    shippingCostVat: field.money(t('Btw op verzendkosten', 'VAT on shipping', 'TVA sur livraison')).readOnly(),
    totalCost: field.money(t('Totaal', 'Total', 'Total')).readOnly(),
    saveAmount: field.money(t('Besparing', 'Saved', 'Économie')).readOnly(),
    sentAt: field.datetime(t('Verzonden op', 'Sent on', 'Envoyée le')).readOnly(),
  },
  recordRepresentation: 'gcsNumber',
  // A buyer reads the supplier orders of their own orders, as they read only their own orders.
  ownRows: { field: 'orderedById', unlessRoles: COMPANY_ORDER_ROLES },
  // flows §3: a supplier order with its lines (GET /supplier-orders/{id}, POST /admin/supplier-orders/id).
  children: { lines: { resource: 'supplier-order-lines', field: 'supplierOrderId', sort: 'lineNumber' } },
  // flows §3 Supplier order filter.
  filters: {
    gcsNumber: filter.contains(T.gcsNumber, 'gcsNumber'),
    gcoNumber: filter.contains(T.orderNumber, 'orderNumber'),
    orderStatus: filter.eq(T.status, 'status'),
    supplierType: filter.eq(t('Soort leverancier', 'Supplier type', 'Type de fournisseur'), 'supplierType'),
    supplierId: filter.eq(T.supplier, 'supplierId'),
    orderId: filter.eq(t('Bestelling', 'Order', 'Commande'), 'orderId'),
    search: filter.search(L.search, ['gcsNumber', 'orderNumber', 'supplierName']),
  },
  list: { columns: ['gcsNumber', 'orderNumber', 'supplierName', 'status', 'totalExcl', 'updatedAt'], sort: { field: 'createdAt', order: 'DESC' } },
  endpoints: {
    // The acting customer's supplier orders (POST /supplier-orders/query, GET /supplier-orders/{id}).
    customer: endpoints.query('/supplier-orders', ['query', 'getById'], access.customer('orders', 'R')),
    // flows §7 admin: across the tenant's customers.
    admin: endpoints.query('/admin/supplier-orders', ['query', 'id'], access.platformAdmin('orders', 'R')),
  },
  screens: {
    path: '/ycAdmin/supplier-orders', endpoint: 'admin', menu: { section: 'admin', order: 6, icon: 'Assignment' },
    show: { panel: 'features/supplier-orders/SupplierOrderPanel#AdminSupplierOrderPanel', alias: '/ycAdmin/supplier-order-details/{id}' },
  },
  // Its calls are contracts: src/shared/contracts/supplier-orders.ts.
  notFound: 'SupplierOrderNotFound',
  failureTexts: {
    list: t('Fout bij het opvragen van leveranciersbestellingen', 'Error querying supplier orders', 'Erreur lors de la recherche des commandes fournisseurs'),
    get: t('Fout bij het ophalen van de leveranciersbestelling', 'Error retrieving the supplier order', 'Erreur lors de la récupération de la commande fournisseur'),
  },
});

/** A supplier order's lines (flows §3): the order line as ordered from the supplier. */
export const supplierOrderLines = resource('supplier-order-lines', {
  label: { one: t('Lijn leveranciersbestelling', 'Supplier order line', 'Ligne de commande fournisseur'), many: t('Lijnen leveranciersbestelling', 'Supplier order lines', 'Lignes de commande fournisseur') },
  scope: 'customer',
  area: 'orders',
  fields: {
    supplierOrderId: field.reference(T.supplierOrder, 'supplier-orders').required(),
    orderLineId: field.reference(t('Bestellijn', 'Order line', 'Ligne de commande'), 'order-lines'),
    lineNumber: field.integer(t('Lijn', 'Line', 'Ligne')).min(1),
    // flows §3 names it supplierArticle.id; answered under both names.
    supplierArticleId: field.reference(t('Artikel', 'Article', 'Article'), 'supplier-articles').alsoAnsweredAs('supplierArticle.id'),
    articleNumberSupplier: field.text(t('Artikelnummer leverancier', 'Supplier article number', 'Référence fournisseur')).max(100),
    title: field.translated(t('Titel', 'Title', 'Titre')),
    quantity: field.integer(t('Aantal', 'Quantity', 'Quantité')).required().min(1),
    quantityToBeDelivered: field.integer(t('Nog te leveren', 'To be delivered', 'À livrer')).min(0),
    despatchQuantity: field.integer(t('Verzonden aantal', 'Despatched', 'Quantité expédiée')).min(0),
    replacement: field.boolean(t('Vervangartikel', 'Replacement', 'Remplacement')),
    unitPriceExcl: field.money(t('Cataloogprijs excl. btw', 'Catalogue price excl. VAT', 'Prix catalogue HTVA')),
    chargedUnitPrice: field.money(t('Aangerekende prijs', 'Charged price', 'Prix facturé')),
    vat: field.integer(t('Btw (%)', 'VAT (%)', 'TVA (%)')).min(0).max(100),
    totalLinePriceIncl: field.money(t('Totaal incl. btw', 'Total incl. VAT', 'Total TVAC')),
    giftCard: field.boolean(t('Cadeaubon', 'Gift card', 'Carte cadeau')),
  },
  recordRepresentation: 'articleNumberSupplier',
  list: { columns: ['lineNumber', 'articleNumberSupplier', 'title', 'quantity', 'totalLinePriceIncl'], sort: { field: 'lineNumber', order: 'ASC' } },
  notFound: 'SupplierOrderNotFound',
});

/** Follow-ups of a supplier order (flows §3, §4): a remark, a status, or both, by whom and when. Written by the server only. */
export const supplierOrderFollowUps = resource('supplier-order-follow-ups', {
  label: { one: t('Opvolging', 'Follow-up', 'Suivi'), many: t('Opvolgingen', 'Follow-ups', 'Suivis') },
  scope: 'customer',
  area: 'orders',
  fields: {
    supplierOrderId: field.reference(T.supplierOrder, 'supplier-orders').required(),
    status: field.enum(T.status, SUPPLIER_ORDER_STATUSES),
    fromStatus: field.enum(t('Van status', 'From status', 'Du statut'), SUPPLIER_ORDER_STATUSES),
    remark: field.textarea(T.remark).max(2000),
    userId: field.reference(t('Gebruiker', 'User', 'Utilisateur'), 'users'),
  },
  recordRepresentation: 'status',
  list: { columns: ['createdAt', 'status', 'remark', 'userId'], sort: { field: 'createdAt', order: 'ASC' } },
  notFound: 'SupplierOrderNotFound',
});

/** How a supplier order reached (or did not reach) its supplier. */
export const SUPPLIER_ORDER_CHANNELS = {
  email: t('E-mail', 'E-mail', 'E-mail'),
  manual: t('Manueel', 'Manual', 'Manuel'),
};

/**
 * Communications with the supplier about a supplier order (flows §7 getComms, getErrorComms): one
 * row per attempt of the sending job (src/server/fulfilment/send-job.ts) — the e-mail with the
 * order PDF, successful or not, or the note that the supplier has no order e-mail and the order is
 * placed by hand. Written by the server only; `mailId` is the message's row in the mail outbox.
 */
export const supplierOrderComms = resource('supplier-order-comms', {
  label: { one: t('Communicatie', 'Communication', 'Communication'), many: t('Communicatie', 'Communications', 'Communications') },
  scope: 'customer',
  area: 'orders',
  fields: {
    supplierOrderId: field.reference(T.supplierOrder, 'supplier-orders').required(),
    channel: field.enum(t('Kanaal', 'Channel', 'Canal'), SUPPLIER_ORDER_CHANNELS).required(),
    recipient: field.text(t('Aan', 'To', 'À')).max(254),
    subject: field.text(t('Onderwerp', 'Subject', 'Objet')).max(500),
    success: field.boolean(t('Gelukt', 'Succeeded', 'Réussi')),
    errorMessage: field.textarea(t('Fout', 'Error', 'Erreur')).max(4000),
    attempt: field.integer(t('Poging', 'Attempt', 'Tentative')).min(1),
    mailId: field.text(t('E-mail', 'E-mail', 'E-mail')).max(100),
  },
  recordRepresentation: 'subject',
  list: { columns: ['createdAt', 'channel', 'recipient', 'success', 'errorMessage'], sort: { field: 'createdAt', order: 'DESC' } },
  notFound: 'SupplierOrderNotFound',
});
