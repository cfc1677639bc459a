import { access, field, resource, t } from '../dsl';
import { L } from '../catalogue/texts';

/**
 * Order templates (flows §2 /order-templates, §3 "Order template: title, lines, creation date. Gift
 * cards cannot be added.", §5 "get and delete require an active customer", §7 the five calls): a
 * named list of articles and amounts a user puts in the basket again with one click. A template is
 * its creator's; customer admins read and manage every template of the company (ownRows). Reading
 * needs the orders area's R; writing and filling the basket need its C (the right to order), since a
 * template is only a way of ordering. Every call is behind the orderTemplates feature.
 */

const T = {
  template: t('Bestelsjabloon', 'Order template', 'Modèle de commande'),
  title: t('Titel', 'Title', 'Titre'),
  lines: t('Lijnen', 'Lines', 'Lignes'),
  article: t('Artikel', 'Article', 'Article'),
  amount: t('Aantal', 'Quantity', 'Quantité'),
  createdBy: t('Aangemaakt door', 'Created by', 'Créé par'),
  createdAt: t('Aangemaakt op', 'Created on', 'Créé le'),
  lineCount: t('Aantal lijnen', 'Number of lines', 'Nombre de lignes'),
  itemCount: t('Aantal stuks', 'Number of items', "Nombre d'articles"),
  query: t('Zoekopdracht', 'Query', 'Requête'),
  result: t('Resultaat', 'Result', 'Résultat'),
};

/** Most lines one template holds: a template is a short list to reorder, not a catalogue. */
export const ORDER_TEMPLATE_MAX_LINES = 200;

/** A line as stored and as sent: an article and how many of it. */
const lineFields = () => ({
  supplierArticleId: field.reference(T.article, 'supplier-articles').required(),
  amount: field.integer(T.amount).required().min(1).max(1_000_000),
});

/** What a line's article shows: enough to recognise it and see whether it can still be ordered. */
const articleView = () => field.object(T.article, {
  id: field.reference(T.article, 'supplier-articles').required(),
  articleNumberSupplier: field.text(t('Artikelnummer', 'Article number', "Numéro d'article")),
  title: field.translated(T.title),
  // null when the caller may no longer see the article (catalogue rules, unavailable)
  price: field.money(t('Prijs (excl. btw)', 'Price (excl. VAT)', 'Prix (HTVA)')),
  priceQuantity: field.integer(t('Prijs per aantal', 'Price quantity', 'Quantité de prix')),
  minOrderQuant: field.integer(t('Minimale bestelhoeveelheid', 'Minimum order quantity', 'Quantité minimale de commande')),
  supplierName: field.text(t('Leverancier', 'Supplier', 'Fournisseur')),
  available: field.boolean(t('Beschikbaar', 'Available', 'Disponible')).required(),
});

/** A template as /id, /create, /update and /delete answer it: its lines, each with its article. */
const templateView = () => field.object(T.template, {
  id: field.reference(T.template, 'order-templates').required(),
  title: field.text(T.title).required(),
  createdAt: field.datetime(T.createdAt).required(),
  updatedAt: field.datetime(t('Gewijzigd op', 'Updated on', 'Modifié le')).required(),
  createdById: field.reference(T.createdBy, 'users'),
  createdByName: field.text(T.createdBy),
  lines: field.list(T.lines, { ...lineFields(), article: articleView() }).required(),
}).required();

export const orderTemplates = resource('order-templates', {
  label: { one: T.template, many: t('Bestelsjablonen', 'Order templates', 'Modèles de commande') },
  scope: 'customer',
  area: 'orders',
  feature: 'orderTemplates',
  fields: {
    title: field.text(T.title).required().max(200).example('Weekbestelling'),
    lines: field.list(T.lines, lineFields()).max(ORDER_TEMPLATE_MAX_LINES),
    createdById: field.reference(T.createdBy, 'users').readOnly(),
  },
  recordRepresentation: 'title',
  ownRows: { field: 'createdById', unlessRoles: ['admin'] },
  // flows §5 "get and delete require an active customer": never the default contracts customer.
  needsChosenCustomer: true,
  list: { columns: ['title', 'createdAt'], sort: { field: 'title', order: 'ASC' } },
  actions: {
    query: {
      method: 'POST', path: '/order-templates/query', access: access.customer('orders', 'R'),
      body: {
        query: field.object(T.query, {
          skip: field.integer(t('Overslaan', 'Skip', 'Sauter')).min(0),
          take: field.integer(t('Aantal', 'Take', 'Nombre')).min(1).max(100),
          search: field.text(L.search).max(200),
        }),
      },
      response: {
        result: field.object(T.result, {
          items: field.list(t('Bestelsjablonen', 'Order templates', 'Modèles de commande'), {
            id: field.reference(T.template, 'order-templates').required(),
            title: field.text(T.title).required(),
            createdAt: field.datetime(T.createdAt).required(),
            createdById: field.reference(T.createdBy, 'users'),
            createdByName: field.text(T.createdBy),
            lineCount: field.integer(T.lineCount).required(),
            itemCount: field.integer(T.itemCount).required(),
            // the first lines' articles, to recognise the template in a list
            articles: field.list(t('Artikelen', 'Articles', 'Articles'), {
              articleNumberSupplier: field.text(t('Artikelnummer', 'Article number', "Numéro d'article")),
              title: field.translated(T.title),
              amount: field.integer(T.amount).required(),
            }).required(),
          }).required(),
          total: field.integer(t('Totaal', 'Total', 'Total')).required(),
          skip: field.integer(t('Overslaan', 'Skip', 'Sauter')).required(),
          take: field.integer(t('Aantal', 'Take', 'Nombre')).required(),
        }).required(),
      },
      summary: "The caller's order templates for the acting customer (a customer admin: the company's), by title, searched on the title ({query:{skip, take, search}}): {result:{items, total, skip, take}}, each with its line and item count and its first articles.",
    },
    id: {
      method: 'POST', path: '/order-templates/id', access: access.customer('orders', 'R'),
      body: { id: field.reference(T.template, 'order-templates').required() },
      response: { result: templateView() },
      summary: "One template ({id}) with its lines, each line's article (number, title, price, whether the caller can still order it). Needs an active customer (noActiveCustomer); another user's template is OrderTemplateNotFound unless the caller is a customer admin.",
    },
    create: {
      method: 'POST', path: '/order-templates/create', access: access.customer('orders', 'C'),
      body: {
        dto: field.object(T.template, {
          title: field.text(T.title).required().max(200),
          lines: field.list(T.lines, lineFields()).max(ORDER_TEMPLATE_MAX_LINES),
        }).required(),
      },
      response: { result: templateView() },
      summary: 'Creates a template ({dto:{title, lines}}); every article must be one the caller may order (ArticleNotAvailable), no gift card (GiftCardNotInTemplate), at least its minimum order quantity (BelowMinimumOrderQuantity). Repeated articles are merged.',
    },
    update: {
      method: 'POST', path: '/order-templates/update', access: access.customer('orders', 'C'),
      body: {
        dto: field.object(T.template, {
          id: field.reference(T.template, 'order-templates').required(),
          title: field.text(T.title).max(200),
          // no default (a list's is []): lines left out keep the stored ones
          lines: field.list(T.lines, lineFields()).max(ORDER_TEMPLATE_MAX_LINES).default(undefined),
        }).required(),
      },
      response: { result: templateView() },
      summary: "Changes a template's title and/or replaces its lines ({dto:{id, title?, lines?}}) under the rules of create; an article already in the template is kept even when the caller can no longer order it.",
    },
    delete: {
      method: 'POST', path: '/order-templates/delete', access: access.customer('orders', 'C'),
      body: { id: field.reference(T.template, 'order-templates').required() },
      response: { result: templateView() },
      summary: 'Removes a template ({id}) and answers it as it was. Needs an active customer (noActiveCustomer).',
    },
    toTransporter: {
      method: 'POST', path: '/order-templates/{id}/to-transporter', access: access.customer('orders', 'C'),
      // as the basket calls: the basket is the caller's for the acting customer; naming another is refused
      body: {
        customerId: field.reference(L.customer, 'customers'),
        userId: field.reference(t('Gebruiker', 'User', 'Utilisateur'), 'users'),
      },
      summary: "Adds the template's lines to the caller's basket (amounts of an article already there are added up; the rest of the basket and its delivery details stay), after the basket's own checks on the whole result: visibility, minimum quantity, stock. Refuses with every problem as a detail (lines.N: the template's line, transporterLines.N: a basket line) and changes nothing then. Answers the stored basket.",
    },
  },
  notFound: 'OrderTemplateNotFound',
  failureTexts: {
    list: t('Fout bij het ophalen van de bestelsjablonen', 'Error getting order templates', 'Erreur lors de la récupération des modèles de commande'),
    get: t('Fout bij het ophalen van het bestelsjabloon', 'Error getting order template', 'Erreur lors de la récupération du modèle de commande'),
    create: t('Fout bij het aanmaken van het bestelsjabloon', 'Error creating order template', 'Erreur lors de la création du modèle de commande'),
    update: t('Fout bij het bijwerken van het bestelsjabloon', 'Error updating order template', 'Erreur lors de la mise à jour du modèle de commande'),
    delete: t('Fout bij het verwijderen van het bestelsjabloon', 'Error deleting order template', 'Erreur lors de la suppression du modèle de commande'),
  },
});
