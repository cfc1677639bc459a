import { field, resource, t } from '../dsl';

/**
 * Warehouse stock (core §3 "Warehouse instance", §7 Warehouses; flows §3, §5 "Product management /
 * warehouse"): a supplier article's stock in one of the company's warehouses, and every movement of
 * that stock (its activity). Delivered goods add to it (src/server/fulfilment/deliveries.ts through
 * src/server/stock/movements.ts), a restock job orders what fell to its minimum
 * (src/server/stock/restock-job.ts), people correct it by hand. Part of easy stock.
 */

const T = {
  warehouse: t('Magazijn', 'Warehouse', 'Entrepôt'),
  article: t('Artikel', 'Article', 'Article'),
  instance: t('Magazijnartikel', 'Warehouse article', "Article d'entrepôt"),
  stock: t('Voorraad', 'Stock', 'Stock'),
  order: t('Bestelling', 'Order', 'Commande'),
  articleNumber: t('Artikelnummer leverancier', 'Supplier article number', 'Référence fournisseur'),
};

/** A supplier article's stock in one warehouse: at most one per warehouse and article (WarehouseInstanceAlreadyExists). */
export const warehouseInstances = resource('warehouse-instances', {
  label: { one: T.instance, many: t('Magazijnartikelen', 'Warehouse articles', "Articles d'entrepôt") },
  scope: 'customer',
  area: 'warehouses',
  feature: 'easyStock',
  fields: {
    warehouseId: field.reference(T.warehouse, 'warehouses').required().createOnly(),
    supplierArticleId: field.reference(T.article, 'supplier-articles').required().createOnly(),
    stock: field.integer(T.stock).min(0).max(10_000_000).default(0).example(10),
    // core §5, flows §5: 6 to 25 characters, unique among the company's warehouse articles (TagAlreadyExists).
    tag: field.barcodeTag(t('Barcode', 'Barcode', 'Code-barres')).unique().example('WH-000123'),
    minimumStock: field.integer(t('Minimumvoorraad', 'Minimum stock', 'Stock minimum')).min(0).max(10_000_000).default(0),
    /** The pack a restock order is rounded up to (at least 1). */
    orderQuantity: field.integer(t('Bestelhoeveelheid', 'Order quantity', 'Quantité de commande')).min(1).max(10_000_000).default(1),
    /** fixed: how many a restock orders; flex: the level a restock fills up to (the warehouse's restock setting). */
    restockQuantity: field.integer(t('Herbevoorradingshoeveelheid', 'Restock quantity', 'Quantité de réapprovisionnement')).min(0).max(10_000_000).default(0),
    autoRestock: field.boolean(t('Automatisch herbevoorraden', 'Auto-restock', 'Réapprovisionnement automatique')).default(false),
    /** Since when the stock is at or below the minimum (null: above it). */
    depletedAt: field.datetime(t('Onder minimum sinds', 'Depleted since', 'Sous le minimum depuis')).readOnly(),
    /** Who switched auto-restock on: the restock job orders in their name. */
    restockUserId: field.reference(t('Herbevoorraad door', 'Restocked by', 'Réapprovisionné par'), 'users').readOnly(),
    /** The restock order still open for this article (no second one while it is). */
    restockOrderId: field.reference(t('Herbevoorradingsbestelling', 'Restock order', 'Commande de réapprovisionnement'), 'orders').readOnly(),
  },
  recordRepresentation: 'tag',
  list: { columns: ['warehouseId', 'supplierArticleId', 'stock', 'minimumStock', 'tag'], sort: { field: 'createdAt', order: 'ASC' } },
  // Its calls: src/shared/contracts/warehouse-instances.ts.
  notFound: 'WarehouseInstanceNotFound',
});

/** What moved stock (the activity of a warehouse; an order's stock updates). */
export const STOCK_MOVEMENT_KINDS = {
  instanceCreated: t('Artikel toegevoegd', 'Article added', 'Article ajouté'),
  manualCorrection: t('Manuele correctie', 'Manual correction', 'Correction manuelle'),
  deliveryConfirmed: t('Levering bevestigd', 'Delivery confirmed', 'Livraison confirmée'),
  deliveryUndone: t('Bevestiging levering ongedaan', 'Delivery confirmation undone', 'Confirmation de livraison annulée'),
  itemsReturned: t('Artikelen teruggestuurd', 'Items returned', 'Articles retournés'),
  restockOrdered: t('Herbevoorrading besteld', 'Restock ordered', 'Réapprovisionnement commandé'),
  restockNeeded: t('Herbevoorrading nodig', 'Restock needed', 'Réapprovisionnement nécessaire'),
  restockFailed: t('Herbevoorrading mislukt', 'Restock failed', 'Réapprovisionnement échoué'),
};
export type StockMovementKind = keyof typeof STOCK_MOVEMENT_KINDS;

/**
 * Every change of a warehouse article's stock, and the restock job's notices (quantity 0): what, by
 * how much, the stock after it, why (an order and delivery, a person's correction). Written by the
 * server only, in the transaction of the change.
 */
export const stockMovements = resource('stock-movements', {
  label: { one: t('Voorraadbeweging', 'Stock movement', 'Mouvement de stock'), many: t('Voorraadbewegingen', 'Stock movements', 'Mouvements de stock') },
  scope: 'customer',
  area: 'warehouses',
  feature: 'easyStock',
  fields: {
    warehouseId: field.reference(T.warehouse, 'warehouses').required(),
    warehouseInstanceId: field.reference(T.instance, 'warehouse-instances'),
    supplierArticleId: field.reference(T.article, 'supplier-articles'),
    articleNumberSupplier: field.text(T.articleNumber).max(100),
    kind: field.enum(t('Soort', 'Kind', 'Type'), STOCK_MOVEMENT_KINDS).required(),
    quantity: field.integer(t('Aantal', 'Quantity', 'Quantité')).required(),
    stockAfter: field.integer(t('Voorraad na', 'Stock after', 'Stock après')),
    orderId: field.reference(T.order, 'orders'),
    orderNumber: field.text(t('Bestelnummer', 'Order number', 'Numéro de commande')).max(100),
    deliveryId: field.reference(t('Levering', 'Delivery', 'Livraison'), 'deliveries'),
    deliveryLineId: field.reference(t('Leveringslijn', 'Delivery line', 'Ligne de livraison'), 'delivery-lines'),
    deliveryNumber: field.text(t('Leveringsnummer', 'Delivery number', 'Numéro de livraison')).max(100),
    userId: field.reference(t('Gebruiker', 'User', 'Utilisateur'), 'users'),
    remark: field.textarea(t('Opmerking', 'Remark', 'Remarque')).max(2000),
  },
  recordRepresentation: 'kind',
  list: { columns: ['createdAt', 'kind', 'articleNumberSupplier', 'quantity', 'stockAfter'], sort: { field: 'createdAt', order: 'DESC' } },
  // Its calls: src/shared/contracts/stock-movements.ts.
  notFound: 'WarehouseNotFound',
});
