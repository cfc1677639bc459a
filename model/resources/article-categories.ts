import { access, endpoints, field, filter, resource, t } from '../dsl';
import { L } from '../catalogue/texts';

const admin = access.platformAdmin('article-categories');

/** Article category groups (core §3, flows §3): a name; deleted and restored. */
export const articleCategoryGroups = resource('article-category-groups', {
  label: { one: t('Categoriegroep', 'Category group', 'Groupe de catégories'), many: t('Categoriegroepen', 'Category groups', 'Groupes de catégories') },
  scope: 'tenant',
  area: 'article-categories',
  softDelete: true,
  fields: {
    name: field.text(L.name).required().max(200).unique().example('Kantoor'),
  },
  recordRepresentation: 'name',
  filters: { search: filter.search(L.search, ['name']), deleted: filter.deleted(L.showDeleted) },
  list: { columns: ['name'], sort: { field: 'name', order: 'ASC' } },
  endpoints: {
    admin: endpoints.query('/admin/article-category-groups', ['query', 'id', 'create', 'update', 'delete', 'restore'], admin),
  },
  screens: { path: '/ycAdmin/article-category-groups', endpoint: 'admin', menu: { section: 'admin', order: 20, icon: 'Workspaces' } },
  notFound: 'ArticleCategoryGroupNotFound',
  failureTexts: {
    list: t('Fout bij het opvragen van de artikelcategoriegroepen.', 'Error querying admin article category groups.', "Erreur lors de la recherche des groupes de catégories d'articles."),
    create: t('Fout bij het aanmaken van een nieuwe artikelcategoriegroep.', 'Error creating a new article category group.', "Erreur lors de la création d'un nouveau groupe de catégories d'articles."),
    update: t('Fout bij het bijwerken van artikelcategoriegroep {name}', 'Error updating article category group {name}', "Erreur lors de la mise à jour du groupe de catégories d'articles {name}"),
    delete: t('Fout bij het verwijderen van artikelcategoriegroep {name}', 'Error deleting article category group {name}', "Erreur lors de la suppression du groupe de catégories d'articles {name}"),
    restore: t('Fout bij het herstellen van artikelcategoriegroep {name}', 'Error restoring article category group {name}', "Erreur lors de la restauration du groupe de catégories d'articles {name}"),
  },
});

/**
 * Article categories (core §3, §7 Admin): name, group and sequence number; deleted and restored.
 * Customers read them through GET /article-categories, sorted by sequenceNumber descending.
 */
export const articleCategories = resource('article-categories', {
  label: { one: t('Artikelcategorie', 'Article category', "Catégorie d'article"), many: t('Artikelcategorieën', 'Article categories', "Catégories d'articles") },
  scope: 'tenant',
  area: 'article-categories',
  softDelete: true,
  fields: {
    name: field.text(L.name).required().max(200).example('Papier'),
    groupId: field.reference(t('Groep', 'Group', 'Groupe'), 'article-category-groups'),
    sequenceNumber: field.integer(L.sequenceNumber).min(0).default(0).example(5),
  },
  recordRepresentation: 'name',
  filters: {
    search: filter.search(L.search, ['name']),
    groupId: filter.eq(t('Groep', 'Group', 'Groupe'), 'groupId'),
    deleted: filter.deleted(L.showDeleted),
  },
  list: { columns: ['name', 'groupId', 'sequenceNumber'], sort: { field: 'name', order: 'ASC' }, sortable: ['groupId'] },
  endpoints: {
    admin: endpoints.query('/admin/article-categories', ['query', 'id', 'create', 'update', 'delete', 'restore'], admin),
    customer: endpoints.view('/article-categories', { sort: { field: 'sequenceNumber', order: 'DESC' } }, access.authenticated()),
  },
  screens: { path: '/ycAdmin/article-categories', endpoint: 'admin', menu: { section: 'admin', order: 10, icon: 'Category' } },
  notFound: 'ArticleCategoryNotFound',
  failureTexts: {
    list: t('Fout bij het opvragen van de artikelcategorieën.', 'Error querying admin article categories.', "Erreur lors de la recherche des catégories d'articles."),
    create: t('Fout bij het aanmaken van een nieuwe artikelcategorie.', 'Error creating a new article category.', "Erreur lors de la création d'une nouvelle catégorie d'article."),
    update: t('Fout bij het bijwerken van artikelcategorie {name}', 'Error updating article category {name}', "Erreur lors de la mise à jour de la catégorie d'article {name}"),
    delete: t('Fout bij het verwijderen van artikelcategorie {name}', 'Error deleting article category {name}', "Erreur lors de la suppression de la catégorie d'article {name}"),
    restore: t('Fout bij het herstellen van artikelcategorie {name}', 'Error restoring article category {name}', "Erreur lors de la restauration de la catégorie d'article {name}"),
  },
});
