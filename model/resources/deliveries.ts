import { access, endpoints, field, filter, resource, t, workflow } from '../dsl';
import { COMPANY_ORDER_ROLES } from '../catalogue/permissions';
import { L } from '../catalogue/texts';

/**
 * Deliveries (core §3 Delivery, §7 Deliveries; flows §3, §4, §7): a supplier's user or a platform
 * admin announces what a supplier order brings (which lines, how many); the company confirms what
 * arrived, line by line, with a problem where something is wrong, returns items and may undo its
 * confirmation. A confirmed delivery moves its supplier order (DELIVERED once every line is in) and
 * the order's history records each step (src/server/fulfilment/deliveries.ts).
 */

const T = {
  delivery: t('Levering', 'Delivery', 'Livraison'),
  status: t('Status', 'Status', 'Statut'),
  supplier: t('Leverancier', 'Supplier', 'Fournisseur'),
  gcsNumber: t('Leveranciersbestelnummer', 'Supplier order number', 'Numéro de commande fournisseur'),
  orderNumber: t('Bestelnummer', 'Order number', 'Numéro de commande'),
  deliveryNumber: t('Leveringsnummer', 'Delivery number', 'Numéro de livraison'),
  expectedDate: t('Verwachte datum', 'Expected date', 'Date prévue'),
  deliveryDate: t('Leverdatum', 'Delivery date', 'Date de livraison'),
  approvedBy: t('Bevestigd door', 'Approved by', 'Confirmée par'),
  problemType: t('Probleem', 'Problem', 'Problème'),
  remark: t('Opmerking', 'Remark', 'Remarque'),
};

/**
 * flows §4: a delivery waits for the company's confirmation (toApprove), then is approved. A problem
 * (a short line, damaged items, a return) stays on its line; what is still to deliver stays open on
 * the supplier order. (Before, a delivery with a problem was 'partlyApproved', a status no spec
 * client filters on: src/server/db/after/0006_delivery_status_approved.sql moved those rows.)
 */
export const DELIVERY_STATUSES = {
  toApprove: t('Te bevestigen', 'To approve', 'À confirmer'),
  approved: t('Bevestigd', 'Approved', 'Confirmée'),
};
export type DeliveryStatus = keyof typeof DELIVERY_STATUSES;
/** The statuses of a confirmed delivery: what it brought counts as received (stock, three-way match, invoicing). */
export const CONFIRMED_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['approved'];

/** flows §4 Delivery problems. */
export const DELIVERY_PROBLEM_TYPES = {
  notRightAmount: t('Niet het juiste aantal', 'Not the right amount', 'Quantité incorrecte'),
  notReceived: t('Niet ontvangen', 'Not received', 'Non reçu'),
  itemsNotAsExpected: t('Niet zoals verwacht', 'Items not as expected', 'Articles non conformes'),
  damagedItems: t('Beschadigd', 'Damaged items', 'Articles endommagés'),
  other: t('Ander probleem', 'Other', 'Autre'),
};
export type DeliveryProblemType = keyof typeof DELIVERY_PROBLEM_TYPES;

/**
 * The delivery's workflow (flows §4 Delivery). Customer parties are the access's roles ('admin',
 * 'validator': deliveries W) and 'orderer' (whoever placed the order receives it and confirms what
 * arrived); 'platformAdmin' platform admins and super admins; 'system' the server. Confirming goes
 * to approved, with or without a problem on some line; returning items keeps a delivery approved
 * (the return is a problem on its line); undoing puts it back to toApprove.
 */
export const deliveryWorkflow = workflow<DeliveryStatus>({
  resource: 'deliveries',
  statuses: DELIVERY_STATUSES,
  initial: 'toApprove',
  transitions: [
    { action: 'confirm', from: ['toApprove'], to: 'approved', by: ['admin', 'validator', 'orderer', 'platformAdmin', 'system'] },
    { action: 'returnItems', from: ['approved'], to: 'approved', by: ['admin', 'validator', 'orderer', 'platformAdmin'] },
    { action: 'undo', from: ['approved'], to: 'toApprove', by: ['admin', 'validator', 'platformAdmin'] },
  ],
});

export const deliveries = resource('deliveries', {
  label: { one: T.delivery, many: t('Leveringen', 'Deliveries', 'Livraisons') },
  scope: 'customer',
  area: 'deliveries',
  // core §1/§6: the company's deliveries are a domain feature; every customer-side call needs it.
  feature: 'deliveries',
  fields: {
    deliveryNumber: field.text(T.deliveryNumber).readOnly().unique(),
    // The supplier's own number for the delivery (its delivery note / packing slip), as it announces it.
    deliveryNoteNumber: field.text(t('Leveringsbonnummer', 'Delivery note number', 'Numéro du bon de livraison')).max(100).example('LB-2030-0042'),
    supplierOrderId: field.reference(t('Leveranciersbestelling', 'Supplier order', 'Commande fournisseur'), 'supplier-orders').readOnly(),
    orderId: field.reference(t('Bestelling', 'Order', 'Commande'), 'orders').readOnly(),
    // Copies of the numbers, the supplier and the orderer: the lists filter and show them without joins.
    gcsNumber: field.text(T.gcsNumber).readOnly(),
    orderNumber: field.text(T.orderNumber).readOnly(),
    supplierId: field.reference(T.supplier, 'suppliers').readOnly(),
    supplierName: field.text(t('Naam leverancier', 'Supplier name', 'Nom du fournisseur')).max(200).readOnly(),
    orderedById: field.reference(t('Besteld door', 'Ordered by', 'Commandé par'), 'users').readOnly(),
    status: field.enum(T.status, DELIVERY_STATUSES).readOnly().default('toApprove'),
    expectedDate: field.date(T.expectedDate).example('2030-01-15'),
    deliveryDate: field.date(T.deliveryDate),
    approvedAt: field.datetime(t('Bevestigd op', 'Approved on', 'Confirmée le')).readOnly(),
    approvedById: field.reference(T.approvedBy, 'users').readOnly(),
    autoApproved: field.boolean(t('Automatisch bevestigd', 'Approved automatically', 'Confirmée automatiquement')).readOnly(),
    trackingLink: field.url(t('Track & trace', 'Tracking link', 'Lien de suivi')).example('https://track.example/123'),
    problemType: field.enum(T.problemType, DELIVERY_PROBLEM_TYPES),
    remark: field.textarea(T.remark).max(2000),
    hasInvoice: field.boolean(t('Heeft factuur', 'Has invoice', 'A une facture')).readOnly(),
    createdById: field.reference(t('Aangemaakt door', 'Created by', 'Créée par'), 'users').readOnly(),
  },
  recordRepresentation: 'deliveryNumber',
  // A buyer reads the deliveries of their own orders, as they read only their own orders.
  ownRows: { field: 'orderedById', unlessRoles: COMPANY_ORDER_ROLES },
  // core §3 / flows §3 Delivery filter. Decision: dueDateFilter is a day (deliveries expected up to
  // it), deliveryDateFilter a day (delivered from it on), deliveryID the delivery's number (a part of it).
  filters: {
    supplierId: filter.eq(T.supplier, 'supplierId'),
    userValidatedById: filter.eq(T.approvedBy, 'approvedById'),
    orderNumber: filter.contains(T.orderNumber, 'orderNumber'),
    gcsNumber: filter.contains(T.gcsNumber, 'gcsNumber'),
    deliveryStatus: filter.eq(T.status, 'status', { aliases: { All: null } }),
    deliveryID: filter.contains(T.deliveryNumber, 'deliveryNumber'),
    dueDateFilter: filter.lte(t('Verwacht tot en met', 'Expected until', "Prévue jusqu'au"), 'expectedDate'),
    deliveryDateFilter: filter.gte(t('Geleverd vanaf', 'Delivered from', 'Livrée à partir du'), 'deliveryDate'),
    supplierSearchByName: filter.contains(t('Naam leverancier', 'Supplier name', 'Nom du fournisseur'), 'supplierName'),
    orderId: filter.eq(t('Bestelling', 'Order', 'Commande'), 'orderId'),
    search: filter.search(L.search, ['deliveryNumber', 'gcsNumber', 'orderNumber', 'supplierName']),
  },
  list: { columns: ['deliveryNumber', 'gcsNumber', 'supplierName', 'status', 'expectedDate', 'deliveryDate'], sort: { field: 'createdAt', order: 'DESC' } },
  endpoints: {
    // core §7: GET /deliveries with the filters of core §3.
    customer: endpoints.rest('/deliveries', ['list'], access.customer('deliveries')),
    // flows §7 admin: across the tenant's customers (GET /admin/deliveries/{id} feeds the admin's page).
    admin: endpoints.query('/admin/deliveries', ['query', 'getById'], access.platformAdmin('deliveries', 'R')),
  },
  screens: {
    path: '/ycAdmin/deliveries', endpoint: 'admin', menu: { section: 'admin', order: 7, icon: 'LocalShipping' },
    show: { panel: 'features/deliveries/DeliveryPanel#AdminDeliveryPanel', alias: '/ycAdmin/delivery-details/{id}' },
  },
  // Its calls are contracts: src/shared/contracts/deliveries.ts.
  notFound: 'DeliveryNotFound',
  failureTexts: {
    list: t('Fout bij het opvragen van leveringen', 'Error querying deliveries', 'Erreur lors de la recherche des livraisons'),
    get: t('Fout bij het ophalen van de levering', 'Error retrieving the delivery', 'Erreur lors de la récupération de la livraison'),
    create: t('Fout bij het aanmaken van de levering.', 'Error creating delivery.', 'Erreur lors de la création de la livraison.'),
  },
});

/** A delivery's lines (core §3): per supplier-order line, what was ordered, announced, delivered and returned. Written by the server only. */
export const deliveryLines = resource('delivery-lines', {
  label: { one: t('Leveringslijn', 'Delivery line', 'Ligne de livraison'), many: t('Leveringslijnen', 'Delivery lines', 'Lignes de livraison') },
  scope: 'customer',
  area: 'deliveries',
  fields: {
    deliveryId: field.reference(T.delivery, 'deliveries').required(),
    supplierOrderLineId: field.reference(t('Lijn leveranciersbestelling', 'Supplier order line', 'Ligne de commande fournisseur'), 'supplier-order-lines'),
    lineNumber: field.integer(t('Lijn', 'Line', 'Ligne')).min(1),
    supplierArticleId: field.reference(t('Artikel', 'Article', 'Article'), 'supplier-articles'),
    articleNumberSupplier: field.text(t('Artikelnummer leverancier', 'Supplier article number', 'Référence fournisseur')).max(100),
    title: field.translated(t('Titel', 'Title', 'Titre')),
    ordered: field.integer(t('Besteld', 'Ordered', 'Commandé')).min(0),
    supplierConfirmed: field.integer(t('Bevestigd door leverancier', 'Confirmed by supplier', 'Confirmé par le fournisseur')).min(0),
    toDeliver: field.integer(t('Nog te leveren', 'To deliver', 'À livrer')).min(0),
    delivered: field.integer(t('Geleverd', 'Delivered', 'Livré')).min(0),
    returned: field.integer(t('Teruggestuurd', 'Returned', 'Retourné')).min(0).default(0),
    problemType: field.enum(T.problemType, DELIVERY_PROBLEM_TYPES),
    remark: field.textarea(T.remark).max(2000),
  },
  recordRepresentation: 'articleNumberSupplier',
  list: { columns: ['lineNumber', 'articleNumberSupplier', 'ordered', 'toDeliver', 'delivered', 'returned'], sort: { field: 'lineNumber', order: 'ASC' } },
  notFound: 'DeliveryNotFound',
});
