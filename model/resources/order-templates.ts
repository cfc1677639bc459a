import { field, resource, t } from '../dsl';

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
};

/** Most lines one template holds: a template is a short list to reorder, not a catalogue. */
export const ORDER_TEMPLATE_MAX_LINES = 200;

/** A line as stored and as sent: an article and how many of it. */
const lineFields = {
  supplierArticleId: field.reference(T.article, 'supplier-articles').required(),
  amount: field.integer(T.amount).required().min(1).max(1_000_000),
};

export const orderTemplates = resource('order-templates', {
  label: { one: T.template, many: t('Bestelsjablonen', 'Order templates', 'Modèles de commande') },
  scope: 'customer',
  area: 'orders',
  feature: 'orderTemplates',
  fields: {
    title: field.text(T.title).required().max(200).example('Weekbestelling'),
    lines: field.list(T.lines, lineFields).max(ORDER_TEMPLATE_MAX_LINES),
    createdById: field.reference(T.createdBy, 'users').readOnly(),
  },
  recordRepresentation: 'title',
  ownRows: { field: 'createdById', unlessRoles: ['admin'] },
  // flows §5 "get and delete require an active customer": never the default contracts customer.
  needsChosenCustomer: true,
  list: { columns: ['title', 'createdAt'], sort: { field: 'title', order: 'ASC' } },
  // Its calls (query, id, create, update, delete, to-transporter) are in src/shared/contracts/order-templates.ts.
  notFound: 'OrderTemplateNotFound',
  failureTexts: {
    list: t('Fout bij het ophalen van de bestelsjablonen', 'Error getting order templates', 'Erreur lors de la récupération des modèles de commande'),
    get: t('Fout bij het ophalen van het bestelsjabloon', 'Error getting order template', 'Erreur lors de la récupération du modèle de commande'),
    create: t('Fout bij het aanmaken van het bestelsjabloon', 'Error creating order template', 'Erreur lors de la création du modèle de commande'),
    update: t('Fout bij het bijwerken van het bestelsjabloon', 'Error updating order template', 'Erreur lors de la mise à jour du modèle de commande'),
    delete: t('Fout bij het verwijderen van het bestelsjabloon', 'Error deleting order template', 'Erreur lors de la suppression du modèle de commande'),
  },
});
