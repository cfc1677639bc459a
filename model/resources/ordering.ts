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
      loyaltyPoints: field.integer(t('In te zetten punten', 'Points to spend', 'Points à utiliser')).min(0),
    }),
  },
  recordRepresentation: 'userId',
  filters: { userId: filter.eq(T.user, 'userId') },
  list: { columns: ['userId', 'updatedAt'], sort: { field: 'updatedAt', order: 'DESC' } },
  endpoints: {
    admin: endpoints.query('/admin/transporters', ['query', 'getById'], access.platformAdmin()),
  },
  actions: {
    load: {
      method: 'GET', path: '/v2/transporters/load', access: access.customer(),
      summary: "The user's basket (customerId, userId) with its lines, articles and string totals.",
    },
    update: {
      method: 'PUT', path: '/v2/transporters/update', access: access.customer(),
      summary: 'Replaces the basket ({customerId, userId, transporter}) after checking every line against stock; answers the stored basket.',
    },
    remove: {
      method: 'POST', path: '/v2/transporters/update', access: access.customer(),
      summary: 'Saves the basket after an article was removed ({dto}); answers the stored basket.',
    },
    validate: {
      method: 'POST', path: '/v2/transporters/validate', access: access.customer(),
      summary: 'Checks the basket can become an order (lines, stock, minimum quantities, address); answers the problems found.',
    },
  },
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
    labels: field.stringList(t('Labels', 'Labels', 'Étiquettes')),
    totalProductCostExcl: field.money(t('Producten excl. btw', 'Products excl. VAT', 'Produits HTVA')).readOnly(),
    totalProductCostIncl: field.money(t('Producten incl. btw', 'Products incl. VAT', 'Produits TVAC')).readOnly(),
    shippingCost: field.money(t('Verzendkosten', 'Shipping cost', 'Frais de livraison')).readOnly(),
    shippingCostVat: field.money(t('Btw op verzendkosten', 'VAT on shipping', 'TVA sur livraison')).readOnly(),
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
  // page carries the decision a platform admin takes for the customer (POST /admin/orders/validate).
  screens: {
    path: '/ycAdmin/orders', endpoint: 'admin', menu: { section: 'admin', order: 5, icon: 'ShoppingBasket' },
    show: { panel: 'shop/orders/AdminOrderDecision#AdminOrderDecision' },
  },
  actions: {
    get: {
      method: 'GET', path: '/v2/orders/{id}', access: access.customer('orders', 'R'),
      summary: 'One order with its lines and the budgets derived from them.',
    },
    fromTransporter: {
      method: 'POST', path: '/v2/orders/transporter', access: access.customer('orders', 'C'),
      summary: "Turns the user's basket into an order (lines with budgets still to assign) and empties the basket, in one transaction.",
    },
    statusCounts: {
      method: 'GET', path: '/v2/orders/status-counts', access: access.customer('orders', 'R'),
      summary: 'How many of the orders the caller reads match the list filters (those of GET /v2/orders but orderState), per status: the order list\'s counts.',
    },
    toApproveCount: {
      method: 'GET', path: '/v2/orders/to-approve-count', access: access.customer('orders', 'R'),
      summary: "How many of the acting customer's orders wait for a step the user's roles may take (workflow), per status and in all.",
    },
    validate: {
      method: 'PATCH', path: '/v2/orders/{orderId}/validate', access: access.customer('orders', 'R'),
      summary: "Approves or rejects the order ({approve, reason}) as the workflow allows the caller's roles for its status; a rejection needs a reason. Answers the order.",
    },
    archive: {
      method: 'PATCH', path: '/v2/orders/{id}/archive', access: access.customer('orders', 'W'),
      summary: 'Archives the order or brings it back ({archived}; without a body it turns the flag around). Archived orders leave the to-approve counts. Answers the order.',
    },
    extraInfo: {
      method: 'PATCH', path: '/v2/orders/{id}/extra-info', access: access.customer('orders', 'R'),
      summary: 'Changes the extra info ({extraInfo}) of an order the caller placed or may decide on, until it is final (approved or rejected: OrderIsFinal). Answers the order.',
    },
    assignBudget: {
      method: 'POST', path: '/v2/orders/{id}/assign-budget', access: access.customer('orders', 'R'),
      summary: "Assigns a budget to order lines ({budgetId, orderLineIds}; no ids: every line without a budget) while the order waits for budgets or approval; refused when a line has a budget already (BudgetsAlreadyAssigned), a line is not the order's (OrderLineNotInOrder) or the lines' total exceeds what remains of the budget's period (BudgetNotEnough). Answers the order.",
    },
    removeBudget: {
      method: 'POST', path: '/v2/orders/{id}/remove-budget', access: access.customer('orders', 'R'),
      summary: 'Takes a budget off the order\'s lines ({budgetId}); what it had charged is released and the order waits for budgets again. Answers the order.',
    },
    validateBudgets: {
      method: 'POST', path: '/v2/orders/{orderId}/validate-budgets', access: access.customer('orders', 'R'),
      summary: 'Confirms the budgets of an order in toApproveBudget: at least one (BudgetsRequired), every line one (BudgetsRequired), no more budgets than lines, each with enough left (BudgetNotEnough); the order moves to toApprove. Answers the order.',
    },
    updateStock: {
      method: 'GET', path: '/v2/orders/{id}/update-stock', access: access.customer('orders', 'R'),
      summary: "The stock the order's deliveries moved in the company's warehouses, oldest first ({result: {orderId, updates: [movement]}}): each with the warehouse, the article, the quantity (negative: taken back or returned) and the stock after it.",
    },
    history: {
      method: 'GET', path: '/v2/orders/{id}/history', access: access.customer('orders', 'R'),
      summary: 'What happened to the order, oldest first: the action, who, when, the status before and after, and the reason given.',
    },
    adminValidate: {
      method: 'POST', path: '/admin/orders/validate', access: access.platformAdmin('orders', 'X'),
      summary: "A platform admin takes the order's current step on the customer's behalf ({orderId, approve, reason}): approve or reject as the workflow goes on from its status (a rejection needs a reason). Answers the order.",
    },
    // Changing, splitting and duplicating orders (flows §3, §4, §5, §7; src/server/ordering/order-edits.ts, order-split.ts, order-duplicate.ts, order-lock.ts).
    update: {
      method: 'PATCH', path: '/v2/orders/{id}', access: access.customer('orders', 'R'),
      summary: "Changes the order's data ({about, departmentId, projectId, labels, assignedToId}; only the keys sent). About, department (the orderer must be a member: NotDepartmentMember) and project: whoever placed it or a customer admin or validator, until it is final (OrderIsFinal). Labels (the labels feature) and the follow-up user (a user of the company): users who read the company's orders, whatever its status. Answers the order.",
    },
    updateLine: {
      method: 'PUT', path: '/v2/order-lines/{id}', access: access.customer('orders', 'R'),
      summary: "Changes the amount of an order line (the line, of which only `amount` changes) before the validator's approval: at least the article's minimum (BelowMinimumOrderQuantity), within today's stock (NotEnoughStock), the tender limit checked again; the line and order totals are computed again. Answers the order.",
    },
    deleteLine: {
      method: 'DELETE', path: '/v2/order-lines/{id}', access: access.customer('orders', 'R'),
      summary: "Removes an order line before the validator's approval; its stock goes back and the totals are computed again. The last line stays (LastOrderLineCantBeDeleted: reject the order instead). Answers the order.",
    },
    extractLines: {
      method: 'POST', path: '/v2/orders/{id}/extract-order-lines', access: access.customer('orders', 'R'),
      summary: "Splits the order before the validator's approval: the lines named ({orderLines: ids}, at least one: NoOrderLinesProvided, not all: CannotExtractAllLines) move to a new order with the same orderer, department, address, about and status; both orders' totals are computed again and the lines keep their budgets. Answers the new order.",
    },
    duplicatePreview: {
      method: 'GET', path: '/v2/orders/{orderId}/duplicate', access: access.customer('orders', 'R'),
      summary: "What ordering the order again would be today: each line with today's price, stock and availability and what stops it, the delivery details the new order would get and today's totals.",
    },
    duplicate: {
      method: 'POST', path: '/v2/orders/{orderId}/duplicate', access: access.customer('orders', 'C'),
      summary: "Orders the order's article lines again ({lines: [{orderLineId, amount}]} to choose lines and amounts; no body: every article line as ordered) to its address, department, project and about, through the checks of an order from the basket on today's stock and prices; any problem refuses it whole, naming the lines (orderLines.N). Answers the new order.",
    },
    assignees: {
      method: 'GET', path: '/v2/orders/assignees', access: access.customer('orders', 'R'),
      summary: "Who can follow up the acting customer's orders (users with an active access, by name): the follow-up picker of the users who read the company's orders (UnauthorizedRole for others).",
    },
    lockTransactions: {
      method: 'PATCH', path: '/v2/orders/{id}/lock-transactions', access: access.customer('orders', 'R'),
      summary: "Locks the order's transactions ({locked: false} unlocks; no body locks): customer admins and finance. A locked order's lines, splits and budgets are refused (OrderTransactionsLocked). Answers the order.",
    },
    byId: {
      method: 'POST', path: '/orders/id', access: access.customer('orders', 'R'),
      summary: 'The older call for one order ({id}): as GET /v2/orders/{id}, in {result}.',
    },
    lines: {
      method: 'POST', path: '/orders/orderLines', access: access.customer('orders', 'R'),
      summary: "The older call for an order's lines ({query: {orderId, skip, take}}): {result: {items, total, skip, take}}, by line number.",
    },
    validateDto: {
      method: 'POST', path: '/orders/validate', access: access.customer('orders', 'R'),
      summary: 'The older decision call ({dto: {orderId, approve, reason}}): as PATCH /v2/orders/{orderId}/validate. Answers the order.',
    },
    byGcsNumber: {
      method: 'POST', path: '/orders/byGcsNumber', access: access.customer('orders', 'R'),
      summary: "The order a supplier order belongs to ({query: {gcsNumber}}, the supplier order's number): as GET /v2/orders/{id}, in {result}; OrderNotFound when the acting customer has no such supplier order the caller reads.",
    },
    waitingPayment: {
      method: 'POST', path: '/orders/waiting-payment', access: access.customer('orders', 'R'),
      summary: "Orders waiting for payment ({query: {skip, take}}): the acting customer's orders the caller reads with at least one invoice still to pay (open or expired), not archived, newest first: {result: {items, total, skip, take}}.",
    },
    tasks: {
      method: 'GET', path: '/v2/orders/{id}/tasks', access: access.platformAdmin('orders', 'R'),
      summary: "What the order waits for (platform admins; flows §3): each step of the workflow open from its status, with the roles that may take it and the users of the order's customer who hold them now (the department's validator for 'validator', whoever placed it for 'orderer'): {result: {orderId, status, tasks: [{action, to, needsReason, roles, users: [{id, name, email}]}]}}. OrderNotFound for an order of another tenant.",
    },
    workflow: {
      method: 'GET', path: '/workflows/orders/workflow', access: access.authenticated(),
      summary: 'The order workflow (customerId): statuses with their display name in the caller\'s language, and the transitions.',
    },
    states: {
      method: 'GET', path: '/workflows/orders/state', access: access.authenticated(),
      summary: 'The order states (name, displayName) for list filters, in the caller\'s language.',
    },
    // Orders not from the basket (flows §1, §2 /order-form and /order-request, §5; src/server/ordering/order-form.ts, order-request.ts).
    place: {
      method: 'POST', path: '/v2/orders', access: access.customer('orders', 'C'),
      summary: "Places an order that is not from the basket, by `kind`. 'orderForm' (feature orderForm): {description, about?, departmentId (the orderer's: NotDepartmentMember), addressId?, quotes: exactly CONSTANTS.orderFormQuotes × {supplierName, supplierId?, supplierEmail, priceExcl, vatRate, attachment: {containerName: 'order-attachments', blobName} uploaded by the caller}, chosenQuote: index}; every quote filled (validationFailed, per field), the order gets one attachment line of the chosen quote and keeps all quotes, the tender limit applies. 'orderRequest' (feature orderRequest): {description, attachment?, estimatedAmount?, vatRate?, departmentId?, addressId?, about?}; without an amount it starts incomplete. Otherwise the status is that of an order from the basket (toApproveBudget with the budgets feature, else toApprove). Answers the new order.",
    },
    complete: {
      method: 'PATCH', path: '/v2/orders/{id}/complete', access: access.customer('orders', 'C'),
      summary: "Completes an incomplete order request with its amount ({estimatedAmount, vatRate?}): only whoever placed it (UnauthorizedRole), only while incomplete (OrderNotInStep); the tender limit applies and the order enters the workflow as a new order does (toApproveBudget or toApprove, the deciders' mail). Answers the order.",
    },
  },
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
