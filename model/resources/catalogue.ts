import { access, endpoints, field, filter, resource, t } from '../dsl';
import { L } from '../catalogue/texts';

/**
 * The catalogue (core §3, §7 Search and categories, Supplier articles; flows §3 Supplier article):
 * marketplaces, a category tree with names per language, supplier articles, the catalogue rules
 * that limit what a user sees, projects, and back-in-stock mail requests.
 */

const catalogueAdmin = access.platformAdmin('product-management');
const T = {
  marketplace: t('Marktplaats', 'Marketplace', 'Place de marché'),
  category: t('Categorie', 'Category', 'Catégorie'),
  supplier: t('Leverancier', 'Supplier', 'Fournisseur'),
  user: t('Gebruiker', 'User', 'Utilisateur'),
  article: t('Artikel', 'Article', 'Article'),
};

/** Marketplaces group articles for the shop's tabs and for catalogue rules. */
export const marketplaces = resource('marketplaces', {
  label: { one: T.marketplace, many: t('Marktplaatsen', 'Marketplaces', 'Places de marché') },
  scope: 'tenant',
  area: 'product-management',
  fields: {
    name: field.text(L.name).required().max(200).unique().example('Kantoor'),
    description: field.translated(L.description),
    sequenceNumber: field.integer(L.sequenceNumber).min(0).default(0),
    active: field.boolean(L.active).default(true),
  },
  recordRepresentation: 'name',
  filters: { search: filter.search(L.search, ['name']), active: filter.eq(L.active, 'active') },
  list: { columns: ['name', 'sequenceNumber', 'active'], sort: { field: 'sequenceNumber', order: 'ASC' } },
  endpoints: {
    customer: endpoints.view('/marketplaces', { where: { active: true }, sort: { field: 'sequenceNumber', order: 'ASC' } }, access.authenticated()),
    admin: endpoints.query('/admin/marketplaces', ['query', 'id', 'create', 'update'], catalogueAdmin),
  },
  screens: { path: '/ycAdmin/marketplaces', endpoint: 'admin', menu: { section: 'admin', order: 12, icon: 'Storefront' } },
  notFound: 'MarketplaceNotFound',
  failureTexts: { list: t('Fout bij het laden van de marktplaatsen', 'Error loading marketplaces', 'Erreur lors du chargement des places de marché') },
});

/**
 * The shop's category tree (core §3 Category): a name per language, a parent, any depth (the demo
 * data has three levels). The API answers it as {id, descriptions[], subCategories[], amountOfArticles}.
 */
export const productCategories = resource('product-categories', {
  label: { one: T.category, many: t('Productcategorieën', 'Product categories', 'Catégories de produits') },
  scope: 'tenant',
  area: 'article-categories',
  fields: {
    name: field.translated(L.name).required(),
    parentId: field.reference(t('Bovenliggende categorie', 'Parent category', 'Catégorie parente'), 'product-categories'),
    sequenceNumber: field.integer(L.sequenceNumber).min(0).default(0),
    imageUrl: field.url(t('Afbeelding (URL)', 'Image (URL)', 'Image (URL)')),
    popular: field.boolean(t('Populair', 'Popular', 'Populaire')).default(false),
  },
  recordRepresentation: 'name',
  filters: { parentId: filter.eq(t('Bovenliggende categorie', 'Parent category', 'Catégorie parente'), 'parentId') },
  list: { columns: ['name', 'parentId', 'sequenceNumber', 'popular'], sort: { field: 'sequenceNumber', order: 'ASC' } },
  endpoints: {
    admin: endpoints.query('/admin/product-categories', ['query', 'id', 'create', 'update'], access.platformAdmin('article-categories')),
  },
  // Its calls (category groups, sub-categories, the paged tree, popular) are in src/shared/contracts/product-categories.ts.
  notFound: 'CategoryNotFound',
  failureTexts: { list: t('Fout bij het laden van de categorieën', 'Error loading categories', 'Erreur lors du chargement des catégories') },
});

export const ARTICLE_TYPES = {
  Regular: t('Gewoon', 'Regular', 'Standard'),
  GiftCard: t('Cadeaubon', 'Gift card', 'Carte cadeau'),
  External: t('Extern', 'External', 'Externe'),
  ExternalWithoutDetails: t('Extern zonder details', 'External without details', 'Externe sans détails'),
  CustomerDefined: t('Eigen artikel', 'Customer defined', 'Article propre'),
};

export const CURRENCIES = { EUR: t('Euro', 'Euro', 'Euro'), POINTS: t('Punten', 'Points', 'Points') };

/** An article's attributes (flows §3): an attribute key with its name and value in nl/en/fr. */
const attributesField = () => field.list(t('Kenmerken', 'Attributes', 'Caractéristiques'), {
  productAttributeId: field.text(t('Kenmerk', 'Attribute', 'Caractéristique')).required().max(100),
  name: field.translated(L.name),
  description: field.translated(L.description),
});

/**
 * Articles (flows §3 "Article data", core §7 Admin articles): the product itself, whoever offers
 * it: titles and descriptions in nl/fr/en, category, marketplace, availability, keywords, images,
 * EAN, PN number, brand and attributes. Articles of one `family` are each other's variants. A
 * platform article (customer_id null) is the tenant's catalogue; a customer's own article is theirs.
 * Its offers are supplier articles (`articleId`); each offer carries a copy of its article's product
 * data for the shop's reads, kept by the database (src/server/db/after/0007_articles.sql).
 */
export const articles = resource('articles', {
  label: { one: T.article, many: t('Artikelen', 'Articles', 'Articles') },
  scope: 'customerOrPlatform',
  area: 'product-management',
  fields: {
    title: field.translated(t('Titel', 'Title', 'Titre')).required(),
    shortDescription: field.translated(t('Korte omschrijving', 'Short description', 'Description courte')),
    longDescription: field.translated(t('Lange omschrijving', 'Long description', 'Description longue')),
    brand: field.text(t('Merk', 'Brand', 'Marque')).max(200).example('Atlas'),
    manufacturer: field.text(t('Fabrikant', 'Manufacturer', 'Fabricant')).max(200),
    ean: field.text(t('EAN', 'EAN', 'EAN')).max(20).example('5412345678900'),
    pnNumber: field.text(t('PN-nummer', 'PN number', 'Numéro PN')).max(100),
    categoryId: field.reference(T.category, 'product-categories'),
    marketplaceId: field.reference(T.marketplace, 'marketplaces'),
    family: field.text(t('Productfamilie', 'Product family', 'Famille de produits')).max(100),
    available: field.boolean(t('Beschikbaar', 'Available', 'Disponible')).default(true),
    keywords: field.stringList(t('Trefwoorden', 'Keywords', 'Mots-clés')),
    image: field.url(t('Hoofdafbeelding', 'Main image', 'Image principale')).orPath(),
    images: field.stringList(t('Afbeeldingen', 'Images', 'Images')),
    attributes: attributesField(),
  },
  recordRepresentation: 'title',
  filters: {
    search: filter.search(L.search, ['brand', 'ean', 'pnNumber']),
    categoryId: filter.eq(T.category, 'categoryId'),
    marketplaceId: filter.eq(T.marketplace, 'marketplaceId'),
    family: filter.eq(t('Productfamilie', 'Product family', 'Famille de produits'), 'family'),
    available: filter.eq(t('Beschikbaar', 'Available', 'Disponible'), 'available'),
    // Core §3/§6: an admin list narrows to one supplier's records; an article is one when that supplier offers it.
    actingSupplierId: filter.relatedEq(T.supplier, 'supplier-articles', 'articleId', 'supplierId'),
  },
  list: { columns: ['title', 'brand', 'ean', 'available'], sort: { field: 'createdAt', order: 'DESC' } },
  endpoints: {
    admin: endpoints.query('/admin/articles', ['query', 'getById'], catalogueAdmin),
  },
  // Writes and the company's product management are calls: src/shared/contracts/articles.ts.
  notFound: 'ArticleNotFound',
  failureTexts: {
    list: t('Fout bij het opvragen van de artikelen', 'Error querying admin articles', 'Erreur lors de la recherche des articles'),
    get: t('Fout bij het ophalen van artikel {name}', 'Error getting article {name}', "Erreur lors de la récupération de l'article {name}"),
    create: t('Fout bij het aanmaken van het product', 'Error creating product', 'Erreur lors de la création du produit'),
  },
});

/**
 * Supplier articles (core §3, flows §3): the platform's catalogue (customer_id null) and a
 * customer's own articles (type CustomerDefined). Stock null means the supplier does not report
 * stock (no limit); 0 is out of stock.
 */
export const supplierArticles = resource('supplier-articles', {
  label: { one: t('Leveranciersartikel', 'Supplier article', 'Article fournisseur'), many: t('Leveranciersartikelen', 'Supplier articles', 'Articles fournisseur') },
  scope: 'customerOrPlatform',
  area: 'product-management',
  fields: {
    articleNumberSupplier: field.text(t('Artikelnummer leverancier', 'Supplier article number', 'Référence fournisseur')).required().max(100).example('PAP-A4-500'),
    supplierId: field.reference(T.supplier, 'suppliers').required(),
    // Set by the calls that link an offer to its article (src/shared/contracts/articles.ts); an offer written without one gets a new article.
    articleId: field.reference(T.article, 'articles').readOnly(),
    title: field.translated(t('Titel', 'Title', 'Titre')).required(),
    shortDescription: field.translated(t('Korte omschrijving', 'Short description', 'Description courte')),
    longDescription: field.translated(t('Lange omschrijving', 'Long description', 'Description longue')),
    price: field.money(t('Prijs (excl. btw)', 'Price (excl. VAT)', 'Prix (HTVA)')).required().example('4.95'),
    priceQuantity: field.integer(t('Prijs per aantal', 'Price quantity', 'Quantité de prix')).min(1).default(1),
    minOrderQuant: field.integer(t('Minimale bestelhoeveelheid', 'Minimum order quantity', 'Quantité minimale de commande')).min(1).default(1),
    currency: field.enum(t('Munt', 'Currency', 'Devise'), CURRENCIES).default('EUR'),
    tax: field.integer(t('Btw (%)', 'VAT (%)', 'TVA (%)')).min(0).max(100).default(21),
    manufacturer: field.text(t('Fabrikant', 'Manufacturer', 'Fabricant')).max(200),
    brand: field.text(t('Merk', 'Brand', 'Marque')).max(200),
    supplierShippingCost: field.money(t('Verzendkosten leverancier', 'Supplier shipping cost', 'Frais de livraison fournisseur')),
    minimumOrderPrice: field.money(t('Minimale bestelwaarde', 'Minimum order price', 'Montant minimum de commande')),
    stock: field.integer(t('Voorraad', 'Stock', 'Stock')).min(0),
    estimateDeliveryDays: field.integer(t('Levertijd (dagen)', 'Delivery time (days)', 'Délai de livraison (jours)')).min(0).default(1),
    type: field.enum(t('Type', 'Type', 'Type'), ARTICLE_TYPES).default('Regular'),
    image: field.url(t('Afbeelding', 'Image', 'Image')).orPath(),
    images: field.stringList(t('Afbeeldingen', 'Images', 'Images')),
    categoryId: field.reference(T.category, 'product-categories'),
    marketplaceId: field.reference(T.marketplace, 'marketplaces'),
    family: field.text(t('Familie', 'Family', 'Famille')).max(100),
    available: field.boolean(t('Beschikbaar', 'Available', 'Disponible')).default(true),
    promoted: field.boolean(t('In de kijker', 'Promoted', 'En vedette')).default(false),
    offerId: field.reference(t('Banner', 'Banner', 'Bannière'), 'offers'),
    keywords: field.stringList(t('Trefwoorden', 'Keywords', 'Mots-clés')),
    ean: field.text(t('EAN', 'EAN', 'EAN')).max(20),
    pnNumber: field.text(t('PN-nummer', 'PN number', 'Numéro PN')).max(100),
    attributes: attributesField(),
  },
  recordRepresentation: 'articleNumberSupplier',
  filters: {
    search: filter.search(L.search, ['articleNumberSupplier', 'brand', 'manufacturer']),
    supplierId: filter.eq(T.supplier, 'supplierId'),
    marketplaceId: filter.eq(T.marketplace, 'marketplaceId'),
    categoryId: filter.eq(T.category, 'categoryId'),
    available: filter.eq(t('Beschikbaar', 'Available', 'Disponible'), 'available'),
    articleId: filter.eq(T.article, 'articleId'),
  },
  list: { columns: ['articleNumberSupplier', 'supplierId', 'price', 'stock', 'available'], sort: { field: 'articleNumberSupplier', order: 'ASC' } },
  endpoints: {
    admin: endpoints.query('/admin/supplier-articles', ['query', 'getById'], catalogueAdmin),
  },
  // The shop's article calls and own articles are in src/shared/contracts/supplier-articles.ts.
  notFound: 'SupplierArticleNotFound',
  failureTexts: {
    list: t('Fout bij het opvragen van de leveranciersartikelen', 'Error querying SupplierArticles', 'Erreur lors de la recherche des articles fournisseur'),
    get: t('Fout bij het ophalen van leveranciersartikel {name}', 'Error getting supplier article with id {name}', "Erreur lors de la récupération de l'article fournisseur {name}"),
    create: t('Fout bij het aanmaken van het product', 'Error creating product', 'Erreur lors de la création du produit'),
  },
});

/**
 * Catalogue rules per user (core §3): include and exclude lists of marketplaces, suppliers,
 * categories (any level: a category includes its sub-categories) and families. An empty include
 * list means everything; an exclude always wins. The server applies them to every article query
 * and to search.
 */
export const catalogRules = resource('catalog-rules', {
  label: { one: t('Catalogusregel', 'Catalogue rule', 'Règle de catalogue'), many: t('Catalogusregels', 'Catalogue rules', 'Règles de catalogue') },
  scope: 'tenant',
  area: 'product-management',
  fields: {
    userId: field.reference(T.user, 'users').required().unique(),
    includeMarketPlaces: field.stringList(t('Enkel marktplaatsen', 'Only marketplaces', 'Uniquement places de marché')),
    excludeMarketPlaces: field.stringList(t('Behalve marktplaatsen', 'Except marketplaces', 'Sauf places de marché')),
    includeSuppliers: field.stringList(t('Enkel leveranciers', 'Only suppliers', 'Uniquement fournisseurs')),
    excludeSuppliers: field.stringList(t('Behalve leveranciers', 'Except suppliers', 'Sauf fournisseurs')),
    includeCategories: field.stringList(t('Enkel categorieën', 'Only categories', 'Uniquement catégories')),
    excludeCategories: field.stringList(t('Behalve categorieën', 'Except categories', 'Sauf catégories')),
    includeFamilies: field.stringList(t('Enkel families', 'Only families', 'Uniquement familles')),
    excludeFamilies: field.stringList(t('Behalve families', 'Except families', 'Sauf familles')),
  },
  recordRepresentation: 'userId',
  list: { columns: ['userId'], sort: { field: 'userId', order: 'ASC' } },
  endpoints: {
    admin: endpoints.query('/admin/catalog-rules', ['query', 'id', 'create', 'update', 'delete'], catalogueAdmin),
  },
  // Its calls (a user's rules, a customer admin's read and write) are in src/shared/contracts/catalog-rules.ts.
  notFound: 'notFound',
});

/** Projects of a customer (core §7 GET /projects): orders and suppliers can be booked on them. */
export const projects = resource('projects', {
  label: { one: t('Project', 'Project', 'Projet'), many: t('Projecten', 'Projects', 'Projets') },
  scope: 'customer',
  area: 'orders',
  fields: {
    name: field.text(L.name).required().max(200).example('Renovatie kantoor'),
    code: field.text(t('Code', 'Code', 'Code')).max(50),
    active: field.boolean(L.active).default(true),
  },
  recordRepresentation: 'name',
  filters: { search: filter.search(L.search, ['name', 'code']) },
  list: { columns: ['name', 'code', 'active'], sort: { field: 'name', order: 'ASC' } },
  endpoints: {
    customer: endpoints.rest('/projects', ['list', 'get', 'create', 'update', 'delete'], access.customer('orders')),
  },
  notFound: 'notFound',
});

/** A user's request to be mailed when an out-of-stock article is back (core §7 articleMailRequest). */
export const articleMailRequests = resource('article-mail-requests', {
  label: { one: t('Voorraadmelding', 'Back-in-stock request', 'Alerte de stock'), many: t('Voorraadmeldingen', 'Back-in-stock requests', 'Alertes de stock') },
  scope: 'customer',
  fields: {
    supplierArticleId: field.reference(T.article, 'supplier-articles').required(),
    userId: field.reference(T.user, 'users').readOnly(),
    email: field.email(L.email).readOnly(),
    notifiedAt: field.datetime(t('Gemeld op', 'Notified at', 'Notifié le')).readOnly(),
  },
  recordRepresentation: 'supplierArticleId',
  list: { columns: ['supplierArticleId', 'email', 'createdAt', 'notifiedAt'], sort: { field: 'createdAt', order: 'DESC' } },
  // Its call (POST /customers/articleMailRequest) is in src/shared/contracts/article-mail-requests.ts.
  notFound: 'notFound',
});
