import { access, endpoints, field, filter, resource, t, workflow } from '../dsl';
import { L } from '../catalogue/texts';
import { addressField } from './address';
import { UNORDERED_SUPPLIER_ORDER_STATUSES } from './supplier-orders';
import { COMPANY_ORDER_ROLES } from '../catalogue/permissions';

/**
 * Ordering (core §3 Basket, §7 Basket; flows §3 Order, §4, §7): the basket (transporter) of each
 * user, orders with their lines, their workflow and their history. The address book is in
 * address-book.ts, the loyalty ledger in loyalty.ts.
 */

const T = {
  user: t('Gebruiker', 'User', 'Utilisateur'),
  article: t('Artikel', 'Article', 'Article'),
  supplier: t('Leverancier', 'Supplier', 'Fournisseur'),
  amount: t('Aantal', 'Quantity', 'Quantité'),
  order: t('Bestelling', 'Order', 'Commande'),
  requestedDeliveryDate: t('Gewenste leverdatum', 'Requested delivery date', 'Date de livraison souhaitée'),
};

const giftCardField = () =>
  field.object(t('Cadeaubon', 'Gift card', 'Carte cadeau'), {
    recipientName: field.text(t('Naam ontvanger', 'Recipient name', 'Nom du destinataire')).max(200),
    recipientEmail: field.email(t('E-mail ontvanger', 'Recipient e-mail', 'E-mail du destinataire')),
    message: field.textarea(t('Boodschap', 'Message', 'Message')).max(1000),
    value: field.money(t('Waarde', 'Value', 'Valeur')),
  });

/**
 * The basket (core §3 Basket, §4 Basket adding): one per user and customer. The server is the
 * authority: every change is sent whole and answered with the stored basket and its totals.
 */
export const transporters = resource('transporters', {
  label: { one: t('Winkelmandje', 'Basket', 'Panier'), many: t('Winkelmandjes', 'Baskets', 'Paniers') },
  scope: 'customer',
  area: 'orders',
  fields: {
    userId: field.reference(T.user, 'users').readOnly(),
    lines: field.list(t('Lijnen', 'Lines', 'Lignes'), {
      supplierArticleId: field.reference(T.article, 'supplier-articles').required(),
      amount: field.integer(T.amount).required().min(1),
      giftCard: giftCardField(),
    }),
    shippingDetails: field.object(t('Leveringsgegevens', 'Shipping details', 'Détails de livraison'), {
      addressId: field.reference(L.address, 'customer-addresses'),
      oneTimeAddress: addressField(),
      departmentId: field.reference(L.department, 'customer-departments'),
      projectId: field.reference(t('Project', 'Project', 'Projet'), 'projects'),
      about: field.text(t('Betreft', 'About', 'Concerne')).max(200),
      remark: field.textarea(t('Opmerking', 'Remark', 'Remarque')).max(2000),
      // When the company would like the goods (optional; not before today when the order is placed).
      requestedDeliveryDate: field.date(T.requestedDeliveryDate),
      loyaltyPoints: field.integer(t('In te zetten punten', 'Points to spend', 'Points à utiliser')).min(0),
    }),
  },
  recordRepresentation: 'userId',
  filters: {
    userId: filter.eq(T.user, 'userId'),
    // core §3 "transporters add dateFilter (startDate, a use flag, optional endDate)": the baskets
    // changed in a period, two bounds on updatedAt; the admin's list sends them only while its
    // date filter is on, endDate one day after now unless chosen (features/basket/admin).
    startDate: filter.gte(t('Gewijzigd vanaf', 'Changed from', 'Modifié à partir du'), 'updatedAt'),
    endDate: filter.lte(t('Gewijzigd tot en met', 'Changed until', "Modifié jusqu'au"), 'updatedAt'),
  },
  list: { columns: ['userId', 'updatedAt'], sort: { field: 'updatedAt', order: 'DESC' } },
  endpoints: {
    admin: endpoints.query('/admin/transporters', ['query', 'getById'], access.platformAdmin()),
  },
  // The platform admin's view of the baskets (core §7 POST /admin/transporters/query, GET /admin/transporters/{id}):
  // list and record are hand-written (src/app/shell/areas/admin-screens.ts), a basket's lines named by their articles.
  screens: { path: '/ycAdmin/transporters', endpoint: 'admin', menu: { section: 'admin', order: 58, icon: 'ShoppingCart' } },
  // Its calls: src/shared/contracts/transporters.ts.
  notFound: 'notFound',
  failureTexts: {
    get: t('Fout bij het laden van het winkelmandje', 'Error loading the basket', 'Erreur lors du chargement du panier'),
    update: t('Fout bij het bijwerken van het winkelmandje', 'Error updating the basket', 'Erreur lors de la mise à jour du panier'),
  },
});

export const ORDER_STATUSES = {
  toApprove: t('Goed te keuren', 'To approve', 'À approuver'),
  toApproveBudget: t('Budget goed te keuren', 'Budget to approve', 'Budget à approuver'),
  financeApproval: t('Financiële goedkeuring', 'Finance approval', 'Approbation financière'),
  approved: t('Goedgekeurd', 'Approved', 'Approuvée'),
  rejected: t('Afgekeurd', 'Rejected', 'Refusée'),
  incomplete: t('Onvolledig', 'Incomplete', 'Incomplète'),
};

/**
 * The order workflow (flows §4): who takes each step. 'validator' is the validator of the order's
 * department (one per department), 'admin' a customer admin, 'finance' a user with the finance role,
 * 'orderer' whoever placed the order;
 * super admins take every step. Approving in toApprove goes to financeApproval instead of approved
 * when the order's total excluding VAT reaches the customer's finance approval threshold.
 * The server (ordering/decisions.ts), the to-approve counts and the order's buttons read this.
 */
export const orderWorkflow = workflow<keyof typeof ORDER_STATUSES>({
  resource: 'orders',
  statuses: ORDER_STATUSES,
  initial: 'toApprove',
  transitions: [
    // Whoever placed the order, its department's validator or a customer admin confirms its budgets.
    { action: 'assignBudgets', from: ['toApproveBudget'], to: 'toApprove', by: ['orderer', 'admin', 'validator'] },
    { action: 'approve', from: ['toApprove'], to: 'approved', by: ['admin', 'validator'] },
    { action: 'requireFinance', from: ['toApprove'], to: 'financeApproval', by: ['admin', 'validator'] },
    { action: 'approveFinance', from: ['financeApproval'], to: 'approved', by: ['finance'] },
    { action: 'reject', from: ['toApprove', 'toApproveBudget', 'incomplete'], to: 'rejected', by: ['admin', 'validator'], needs: 'reason' },
    { action: 'rejectFinance', from: ['financeApproval'], to: 'rejected', by: ['finance'], needs: 'reason' },
  ],
});

/**
 * One supplier quote of an order form (flows §5 "Order form: every line must be filled"): the
 * supplier (its name; an existing supplier of the customer when picked), the e-mail the quote came
 * from, the price excluding VAT, the VAT rate and the quote itself (a file of the 'order-attachments'
 * container). The body of POST /v2/orders takes these fields but `chosen`; the order keeps all of them.
 */
export const ORDER_QUOTE_FIELDS = {
  supplierName: field.text(T.supplier).required().max(200).example('Drukkerij Peeters'),
  supplierId: field.reference(t('Bestaande leverancier', 'Existing supplier', 'Fournisseur existant'), 'suppliers'),
  supplierEmail: field.email(t('E-mail leverancier', 'Supplier e-mail', 'E-mail du fournisseur')).required(),
  priceExcl: field.money(t('Prijs excl. btw', 'Price excl. VAT', 'Prix HTVA')).required(),
  vatRate: field.integer(t('Btw (%)', 'VAT (%)', 'TVA (%)')).required().min(0).max(100),
  attachment: field.attachment(t('Offerte', 'Quote', 'Devis')).required(),
  chosen: field.boolean(t('Gekozen', 'Chosen', 'Choisi')),
};

export { COMPANY_ORDER_ROLES } from '../catalogue/permissions';

/** Orders (flows §3 Order): created from the basket, decided through orderWorkflow. */
export const orders = resource('orders', {
  label: { one: T.order, many: t('Bestellingen', 'Orders', 'Commandes') },
  scope: 'customer',
  area: 'orders',
  fields: {
    orderNumber: field.text(t('Bestelnummer', 'Order number', 'Numéro de commande')).readOnly().unique(),
    orderDate: field.datetime(t('Besteldatum', 'Order date', 'Date de commande')).readOnly(),
    orderedById: field.reference(t('Besteld door', 'Ordered by', 'Commandé par'), 'users').readOnly(),
    assignedToId: field.reference(t('Opvolger', 'Assigned to', 'Suivi par'), 'users').readOnly(),
    status: field.enum(t('Status', 'Status', 'Statut'), ORDER_STATUSES).readOnly().default('toApprove'),
    departmentId: field.reference(L.department, 'customer-departments'),
    projectId: field.reference(t('Project', 'Project', 'Projet'), 'projects'),
    addressId: field.reference(L.address, 'customer-addresses'),
    address: addressField(),
    about: field.text(t('Betreft', 'About', 'Concerne')).max(200),
    extraInfo: field.textarea(t('Extra informatie', 'Extra info', 'Informations supplémentaires')).max(2000),
    // The basket's requested delivery date, as the order was placed: its supplier orders show it to the suppliers.
    requestedDeliveryDate: field.date(T.requestedDeliveryDate).readOnly(),
    labels: field.stringList(t('Labels', 'Labels', 'Étiquettes')),
    totalProductCostExcl: field.money(t('Producten excl. btw', 'Products excl. VAT', 'Produits HTVA')).readOnly(),
    totalProductCostIncl: field.money(t('Producten incl. btw', 'Products incl. VAT', 'Produits TVAC')).readOnly(),
    shippingCost: field.money(t('Verzendkosten', 'Shipping cost', 'Frais de livraison')).readOnly(),
    shippingCostVat: field.money(t('Btw op verzendkosten', 'VAT on shipping', 'TVA sur livraison')).readOnly(),
    // Each supplier's share of shippingCost as it was charged (its own terms when the order's money was
    // last computed): the approval gives it to that supplier's supplier order (fulfilment/split.ts).
    supplierShipping: field.list(t('Verzendkosten per leverancier', 'Shipping cost per supplier', 'Frais de livraison par fournisseur'), {
      supplierId: field.reference(T.supplier, 'suppliers'),
      shippingCost: field.money(t('Verzendkosten', 'Shipping cost', 'Frais de livraison')),
    }).readOnly(),
    loyaltyDiscount: field.money(t('Korting met punten', 'Points discount', 'Remise points')).readOnly(),
    totalCost: field.money(t('Totaal', 'Total', 'Total')).readOnly(),
    archived: field.boolean(t('Gearchiveerd', 'Archived', 'Archivée')).readOnly().default(false),
    rejectionReason: field.textarea(t('Reden van afkeuring', 'Reason for rejection', 'Motif du refus')).max(2000).readOnly(),
    // flows §4 "Transactions can be locked": once set, the order's lines, splits and budgets no longer change (src/server/ordering/order-lock.ts).
    transactionsLocked: field.boolean(t('Transacties vergrendeld', 'Transactions locked', 'Transactions verrouillées')).readOnly().default(false),
    // An order not from the basket (flows §1, §2 /order-form and /order-request; src/server/ordering/order-form.ts):
    // what was asked for, and the order form's supplier quotes (CONSTANTS.orderFormQuotes, one of them chosen).
    description: field.textarea(t('Omschrijving', 'Description', 'Description')).max(4000).readOnly(),
    quotes: field.list(t('Offertes', 'Quotes', 'Devis'), ORDER_QUOTE_FIELDS).readOnly(),
    // The warehouse whose stock the order's deliveries fill (a restock order's; src/server/stock/movements.ts orderWarehouse).
    warehouseId: field.reference(t('Magazijn', 'Warehouse', 'Entrepôt'), 'warehouses').readOnly(),
  },
  recordRepresentation: 'orderNumber',
  ownRows: { field: 'orderedById', unlessRoles: COMPANY_ORDER_ROLES },
  // flows §3 Order filter (GET /v2/orders). orderState also takes the spec's listing values: All (no
  // filter), Finished (approved or rejected), ToAssignBudget (toApproveBudget), Undefined (no status).
  filters: {
    orderState: filter.eq(t('Status', 'Status', 'Statut'), 'status', {
      aliases: { All: null, Finished: ['approved', 'rejected'], ToAssignBudget: ['toApproveBudget'], Undefined: [] },
    }),
    gcoNumber: filter.contains(t('Bestelnummer', 'Order number', 'Numéro de commande'), 'orderNumber'),
    orderedBy: filter.eq(t('Besteld door', 'Ordered by', 'Commandé par'), 'orderedById'),
    assignedTo: filter.eq(t('Opvolger', 'Assigned to', 'Suivi par'), 'assignedToId'),
    about: filter.contains(t('Betreft', 'About', 'Concerne'), 'about'),
    labels: filter.has(t('Label', 'Label', 'Étiquette'), 'labels'),
    orderDate: filter.gte(t('Besteld vanaf', 'Ordered from', 'Commandé à partir du'), 'orderDate'),
    orderDateTo: filter.lte(t('Besteld tot en met', 'Ordered until', "Commandé jusqu'au"), 'orderDate'),
    // flows §3: true by default for platform admins (the generated /ycAdmin/orders list starts with it on).
    // flows §3: orders by their supplier orders' numbers, and (a switch) the approved orders still to be ordered from a supplier.
    gcsNumber: filter.relatedContains(t('Leveranciersbestelnummer', 'Supplier order number', 'Numéro de commande fournisseur'), 'supplier-orders', 'orderId', 'gcsNumber'),
    onlyUnOrdered: filter.relatedIn(t('Nog niet besteld bij leverancier', 'Not yet ordered from the supplier', 'Pas encore commandée au fournisseur'), 'supplier-orders', 'orderId', 'status', UNORDERED_SUPPLIER_ORDER_STATUSES),
    excludeInactive: filter.only(t('Zonder gearchiveerde', 'Without archived', 'Sans les archivées'), 'archived', false, { default: true }),
    search: filter.search(L.search, ['orderNumber', 'about']),
  },
  list: { columns: ['orderNumber', 'orderDate', 'orderedById', 'status', 'totalCost'], sort: { field: 'orderDate', order: 'DESC' } },
  endpoints: {
    customer: endpoints.restV2('/v2/orders', ['list'], access.customer('orders')),
    // flows §7: the platform admins' order list across the tenant's customers (POST /admin/orders/query).
    admin: endpoints.query('/admin/orders', ['query', 'getById'], access.platformAdmin('orders', 'R')),
  },
  // /ycAdmin/orders and /ycAdmin/orders/{id} (flows §2): the super admin's landing page. The order's
  // page is the company's order page with the decision a platform admin takes for the customer
  // (POST /admin/orders/validate): src/app/features/orders/AdminOrderShow.tsx, in the admin area's SCREEN_OVERRIDES.
  screens: {
    path: '/ycAdmin/orders', endpoint: 'admin', menu: { section: 'admin', order: 5, icon: 'ShoppingBasket' },
  },
  // Its calls: src/shared/contracts/orders.ts (the order lines' calls too).
  notFound: 'OrderNotFound',
  failureTexts: {
    list: t('Fout bij het opvragen van bestellingen', 'Error querying orders', 'Erreur lors de la recherche des commandes'),
    create: t('Fout bij het aanmaken van de bestelling', 'Error creating order', 'Erreur lors de la création de la commande'),
  },
});

/** Order lines (flows §3): an article line keeps a copy of the article as ordered. */
export const orderLines = resource('order-lines', {
  label: { one: t('Bestellijn', 'Order line', 'Ligne de commande'), many: t('Bestellijnen', 'Order lines', 'Lignes de commande') },
  scope: 'customer',
  area: 'orders',
  fields: {
    orderId: field.reference(T.order, 'orders').required(),
    lineNumber: field.integer(t('Lijn', 'Line', 'Ligne')).min(1),
    lineType: field.enum(t('Soort', 'Kind', 'Type'), { article: t('Artikel', 'Article', 'Article'), attachment: t('Bijlage', 'Attachment', 'Pièce jointe') }).default('article'),
    supplierArticleId: field.reference(T.article, 'supplier-articles'),
    supplierId: field.reference(T.supplier, 'suppliers'),
    articleNumberSupplier: field.text(t('Artikelnummer leverancier', 'Supplier article number', 'Référence fournisseur')).max(100),
    title: field.translated(t('Titel', 'Title', 'Titre')),
    articleType: field.text(t('Artikeltype', 'Article type', "Type d'article")).max(40),
    unitPrice: field.money(t('Prijs (excl. btw)', 'Price (excl. VAT)', 'Prix (HTVA)')),
    priceQuantity: field.integer(t('Prijs per aantal', 'Price quantity', 'Quantité de prix')).min(1).default(1),
    tax: field.integer(t('Btw (%)', 'VAT (%)', 'TVA (%)')).min(0).max(100).default(21),
    amount: field.integer(T.amount).required().min(1),
    totalLineCostExcl: field.money(t('Totaal excl. btw', 'Total excl. VAT', 'Total HTVA')),
    totalLineCostIncl: field.money(t('Totaal incl. btw', 'Total incl. VAT', 'Total TVAC')),
    giftCard: giftCardField(),
    attachment: field.attachment(t('Bijlage', 'Attachment', 'Pièce jointe')),
    budgetId: field.reference(t('Budget', 'Budget', 'Budget'), 'budgets'),
  },
  recordRepresentation: 'articleNumberSupplier',
  list: { columns: ['orderId', 'articleNumberSupplier', 'amount', 'totalLineCostExcl'], sort: { field: 'lineNumber', order: 'ASC' } },
  notFound: 'notFound',
});
