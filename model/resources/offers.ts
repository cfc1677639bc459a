import { access, endpoints, field, filter, group, resource, rule, sections, t } from '../dsl';
import { L } from '../catalogue/texts';

/** Banners/offers (core §7 Admin): shown in the shop while active and within their dates. */
export const offers = resource('offers', {
  label: { one: t('Banner', 'Banner', 'Bannière'), many: t('Banners', 'Banners', 'Bannières') },
  scope: 'tenant',
  fields: {
    description: field.text(L.description).required().max(500).example('Wintersolden'),
    title: field.translated(t('Titel', 'Title', 'Titre')),
    imageUrl: field.url(t('Afbeelding (URL)', 'Image (URL)', 'Image (URL)')),
    linkUrl: field.url(t('Link', 'Link', 'Lien')),
    startDate: field.date(L.startDate).example('2030-03-05'),
    endDate: field.date(L.endDate).example('2030-03-31'),
    sequenceNumber: field.integer(L.sequenceNumber).min(0).default(0),
    isActive: field.boolean(L.active).default(true),
  },
  rules: [rule.after('endDate', 'startDate', 'invalidEndDate')],
  recordRepresentation: 'description',
  filters: { description: filter.contains(L.description, 'description'), isActive: filter.eq(L.active, 'isActive') },
  list: { columns: ['description', 'startDate', 'endDate', 'sequenceNumber', 'isActive'], sort: { field: 'sequenceNumber', order: 'ASC' } },
  endpoints: {
    admin: endpoints.query('/admin/offers', ['query', 'getById', 'create', 'update'], access.platformAdmin()),
    active: endpoints.view('/offers/active', { where: { isActive: true }, activeBetween: ['startDate', 'endDate'], sort: { field: 'sequenceNumber', order: 'ASC' } }, access.authenticated()),
  },
  screens: {
    path: '/ycAdmin/offers',
    endpoint: 'admin',
    menu: { section: 'admin', order: 30, icon: 'ViewCarousel' },
    groups: sections({
      content: group(t('Inhoud', 'Content', 'Contenu'), ['description', 'title', 'imageUrl', 'linkUrl']),
      publication: group(t('Publicatie', 'Publication', 'Publication'), ['startDate', 'endDate', 'sequenceNumber', 'isActive']),
    }),
  },
  notFound: 'OfferNotFound',
  failureTexts: {
    list: t('Fout bij het opvragen van de banners', 'Error querying banners', 'Erreur lors de la recherche des bannières'),
  },
});
