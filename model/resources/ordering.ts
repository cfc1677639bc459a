import { access, endpoints, field, filter, resource, t, workflow } from '../dsl';
import { L } from '../catalogue/texts';
import { addressField } from './address';

/**
 * Ordering (core §3 Basket, §7 Basket, Address book, Budgets and loyalty; flows §3 Order, §4, §7):
 * the basket (transporter) of each user, the customer's address book, orders with their lines and
 * the loyalty ledger.
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

/** The customer's address book (core §7 Address book, flows §5). */
export const customerAddresses = resource('customer-addresses', {
  label: { one: L.address, many: t('Adresboek', 'Address book', "Carnet d'adresses") },
  scope: 'customer',
  area: 'addresses',
  softDelete: true,
  fields: {
    name: field.text(L.name).required().max(200).example('Hoofdkantoor'),
    contactName: field.text(t('Contactpersoon', 'Contact person', 'Personne de contact')).max(200),
    phone: field.phone(L.phone),
    address: addressField(),
    isPrimary: field.boolean(t('Primair adres', 'Primary address', 'Adresse principale')).default(false),
    oneTime: field.boolean(t('Eenmalig adres', 'One-time address', 'Adresse unique')).default(false),
  },
  recordRepresentation: 'name',
  list: { columns: ['name', 'address.city', 'isPrimary'], sort: { field: 'name', order: 'ASC' } },
  actions: {
    byCustomerId: {
      method: 'POST', path: '/customeraddressbook/bycustomerid', access: access.customer('addresses', 'R'),
      summary: "The acting customer's addresses ({query}), primary first; one-time addresses only with the feature.",
    },
    addNew: {
      method: 'POST', path: '/customeraddressbook/addNew', access: access.customer('addresses', 'C'),
      summary: 'Adds an address ({dto}); a duplicate of an existing one is refused (DuplicateAddress).',
    },
    update: {
      method: 'POST', path: '/customeraddressbook/update', access: access.customer('addresses', 'W'),
      summary: 'Changes an address ({dto}); refused once an order uses it (AddressUsedByOrder) or when it would duplicate another.',
    },
    remove: {
      method: 'POST', path: '/customeraddressbook/delete', access: access.customer('addresses', 'D'),
      summary: 'Removes an address ({dto:{id}}); the primary address cannot be removed (DeletePrimaryCustomerAddress).',
    },
  },
  notFound: 'AddressNotFound',
  failureTexts: {
    list: t('Fout bij het laden van het adresboek', 'Error loading customer addressbook', "Erreur lors du chargement du carnet d'adresses"),
    create: t('Fout bij het aanmaken van het adres', 'Error creating customer addressbook', "Erreur lors de la création de l'adresse"),
    update: t('Fout bij het bijwerken van het adres', 'Error updating customer addressbook', "Erreur lors de la mise à jour de l'adresse"),
  },
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
 * department (one per department), 'admin' a customer admin, 'finance' a user with the finance role;
 * super admins take every step. Approving in toApprove goes to financeApproval instead of approved
 * when the order's total excluding VAT reaches the customer's finance approval threshold.
 * The server (ordering/decisions.ts), the to-approve counts and the order's buttons read this.
 */
export const orderWorkflow = workflow<keyof typeof ORDER_STATUSES>({
  resource: 'orders',
  statuses: ORDER_STATUSES,
  initial: 'toApprove',
  transitions: [
    { action: 'assignBudgets', from: ['toApproveBudget'], to: 'toApprove', by: ['admin', 'validator'] },
    { action: 'approve', from: ['toApprove'], to: 'approved', by: ['admin', 'validator'] },
    { action: 'requireFinance', from: ['toApprove'], to: 'financeApproval', by: ['admin', 'validator'] },
    { action: 'approveFinance', from: ['financeApproval'], to: 'approved', by: ['finance'] },
    { action: 'reject', from: ['toApprove', 'toApproveBudget', 'incomplete'], to: 'rejected', by: ['admin', 'validator'], needs: 'reason' },
    { action: 'rejectFinance', from: ['financeApproval'], to: 'rejected', by: ['finance'], needs: 'reason' },
  ],
});

/** flows §4: the roles that read the company's orders; a buyer (role user) reads their own (the orders' ownRows). */
export const COMPANY_ORDER_ROLES = ['admin', 'validator', 'finance'] as const;

/** Orders (flows §3 Order): created from the basket, decided through orderWorkflow. */
export const orders = resource('orders', {
  label: { one: T.order, many: t('Bestellingen', 'Orders', 'Commandes') },
  scope: 'customer',
  area: 'orders',
  fields: {
    orderNumber: field.text(t('Bestelnummer', 'Order number', 'Numéro de commande')).readOnly().unique(),
    orderDate: field.datetime(t('Besteldatum', 'Order date', 'Date de commande')).readOnly(),
    orderedById: field.reference(t('Besteld door', 'Ordered by', 'Commandé par'), 'users').readOnly(),
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
  },
  recordRepresentation: 'orderNumber',
  ownRows: { field: 'orderedById', unlessRoles: COMPANY_ORDER_ROLES },
  filters: {
    orderState: filter.eq(t('Status', 'Status', 'Statut'), 'status'),
    orderedBy: filter.eq(t('Besteld door', 'Ordered by', 'Commandé par'), 'orderedById'),
    search: filter.search(L.search, ['orderNumber', 'about']),
  },
  list: { columns: ['orderNumber', 'orderDate', 'orderedById', 'status', 'totalCost'], sort: { field: 'orderDate', order: 'DESC' } },
  endpoints: {
    customer: endpoints.restV2('/v2/orders', ['list'], access.customer('orders')),
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
    history: {
      method: 'GET', path: '/v2/orders/{id}/history', access: access.customer('orders', 'R'),
      summary: 'What happened to the order, oldest first: the action, who, when, the status before and after, and the reason given.',
    },
    workflow: {
      method: 'GET', path: '/workflows/orders/workflow', access: access.authenticated(),
      summary: 'The order workflow (customerId): statuses with their display name in the caller\'s language, and the transitions.',
    },
    states: {
      method: 'GET', path: '/workflows/orders/state', access: access.authenticated(),
      summary: 'The order states (name, displayName) for list filters, in the caller\'s language.',
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
  },
  recordRepresentation: 'articleNumberSupplier',
  list: { columns: ['orderId', 'articleNumberSupplier', 'amount', 'totalLineCostExcl'], sort: { field: 'lineNumber', order: 'ASC' } },
  notFound: 'notFound',
});

/** What an order's history records (flows §3 "Order history actions"); later areas add their entries to the same log. */
export const ORDER_HISTORY_ACTIONS = {
  created: t('Aangemaakt', 'Created', 'Créée'),
  lineCreated: t('Lijn toegevoegd', 'Line created', 'Ligne ajoutée'),
  lineUpdated: t('Lijn gewijzigd', 'Line updated', 'Ligne modifiée'),
  lineDeleted: t('Lijn verwijderd', 'Line deleted', 'Ligne supprimée'),
  assigneeAdded: t('Opvolger toegevoegd', 'Assignee added', 'Responsable ajouté'),
  assigneeRemoved: t('Opvolger verwijderd', 'Assignee removed', 'Responsable retiré'),
  archived: t('Gearchiveerd', 'Archived', 'Archivée'),
  approved: t('Goedgekeurd', 'Approved', 'Approuvée'),
  rejected: t('Afgekeurd', 'Rejected', 'Refusée'),
  statusChanged: t('Status gewijzigd', 'Status changed', 'Statut modifié'),
  stockUpdated: t('Voorraad bijgewerkt', 'Stock updated', 'Stock mis à jour'),
  createdByExtraction: t('Aangemaakt door afsplitsing', 'Created by extraction', 'Créée par extraction'),
  extracted: t('Lijnen afgesplitst', 'Lines extracted', 'Lignes extraites'),
  duplicate: t('Gedupliceerd', 'Duplicated', 'Dupliquée'),
  sentToSupplier: t('Verzonden naar leverancier', 'Sent to supplier', 'Envoyée au fournisseur'),
  supplierResponse: t('Antwoord leverancier', 'Supplier response', 'Réponse du fournisseur'),
  deliveryCreated: t('Levering aangemaakt', 'Delivery created', 'Livraison créée'),
  deliveryConfirmed: t('Levering bevestigd', 'Delivery confirmed', 'Livraison confirmée'),
  deliveryConfirmationUndone: t('Bevestiging levering ongedaan', 'Delivery confirmation undone', 'Confirmation de livraison annulée'),
};

/** An order's history: who did what and when, with the status before and after and the reason given. Written by the server only. */
export const orderHistory = resource('order-history', {
  label: { one: t('Historiekregel', 'History entry', "Entrée d'historique"), many: t('Historiek', 'History', 'Historique') },
  scope: 'customer',
  area: 'orders',
  fields: {
    orderId: field.reference(T.order, 'orders').required(),
    action: field.enum(t('Actie', 'Action', 'Action'), ORDER_HISTORY_ACTIONS).required(),
    userId: field.reference(T.user, 'users'),
    fromStatus: field.enum(t('Van status', 'From status', 'Du statut'), ORDER_STATUSES),
    toStatus: field.enum(t('Naar status', 'To status', 'Au statut'), ORDER_STATUSES),
    reason: field.textarea(t('Reden', 'Reason', 'Motif')).max(2000),
  },
  recordRepresentation: 'action',
  list: { columns: ['createdAt', 'action', 'userId', 'toStatus'], sort: { field: 'createdAt', order: 'ASC' } },
  notFound: 'OrderNotFound',
});

/**
 * The loyalty ledger (core §7 Budgets and loyalty, flows §1 "a virtual currency can be spent on
 * orders"): points earned and spent per customer; the balance is their sum.
 */
export const loyaltyTransactions = resource('loyalty-transactions', {
  label: { one: t('Puntenboeking', 'Points entry', 'Écriture de points'), many: t('Punten', 'Points', 'Points') },
  scope: 'customer',
  feature: 'ycoin',
  fields: {
    points: field.integer(t('Punten', 'Points', 'Points')).required(),
    reason: field.text(t('Reden', 'Reason', 'Motif')).max(200),
    orderId: field.reference(T.order, 'orders'),
  },
  recordRepresentation: 'reason',
  list: { columns: ['createdAt', 'points', 'reason'], sort: { field: 'createdAt', order: 'DESC' } },
  actions: {
    calculateDiscount: {
      method: 'GET', path: '/loyalty/calculateDiscount', access: access.customer(),
      summary: 'The discount that spending points gives on a cost (cost, points, customerId), limited by the balance and the cost.',
    },
    pointsCount: {
      method: 'GET', path: '/loyalty/getYcoinCount', access: access.customer(),
      summary: "The acting customer's points balance (customerId).",
    },
  },
  notFound: 'notFound',
  failureTexts: { get: t('Fout bij het berekenen van de korting', 'Error calculating discount', 'Erreur lors du calcul de la remise') },
});
