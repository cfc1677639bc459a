import { access, endpoints, field, filter, group, resource, sections, t } from '../dsl';
import { L } from '../catalogue/texts';

/** Referral partners (core §7 Admin): companies that bring in customers, for a commission. */
export const referralPartners = resource('referral-partners', {
  label: { one: t('Doorverwijspartner', 'Referral partner', 'Partenaire de parrainage'), many: t('Doorverwijspartners', 'Referral partners', 'Partenaires de parrainage') },
  table: 'referral_partners',
  scope: 'tenant',
  fields: {
    name: field.text(L.name).required().max(200).example('Partner Plus'),
    contactName: field.text(t('Contactpersoon', 'Contact person', 'Personne de contact')).max(200),
    email: field.email(L.email).example('partner@example.com'),
    phone: field.phone(L.phone),
    vatNumber: field.vatNumber(L.vatNumber),
    website: field.url(L.website),
    commissionPercentage: field.number(t('Commissie (%)', 'Commission (%)', 'Commission (%)')).min(0).max(100).example(5),
    active: field.boolean(L.active).default(true),
  },
  recordRepresentation: 'name',
  filters: { search: filter.search(L.search, ['name', 'contactName', 'email']), active: filter.eq(L.active, 'active') },
  list: { columns: ['name', 'contactName', 'email', 'commissionPercentage', 'active'], sort: { field: 'name', order: 'ASC' } },
  endpoints: {
    admin: endpoints.query('/admin/referal-partners', ['query', 'getById', 'create', 'update'], access.platformAdmin()),
  },
  screens: {
    path: '/ycAdmin/referral-partners',
    endpoint: 'admin',
    menu: { section: 'admin', order: 40, icon: 'Handshake' },
    groups: sections({
      general: group(t('Algemeen', 'General', 'Général'), ['name', 'vatNumber', 'commissionPercentage', 'active']),
      contact: group(t('Contact', 'Contact', 'Contact'), ['contactName', 'email', 'phone', 'website']),
    }),
  },
  notFound: 'ReferralPartnerNotFound',
  failureTexts: {
    list: t('Fout bij het opvragen van de doorverwijspartners', 'Error querying referral partners', 'Erreur lors de la recherche des partenaires de parrainage'),
    get: t('Fout bij het ophalen van de doorverwijspartner', 'Error getting referral partner details', 'Erreur lors de la récupération du partenaire de parrainage'),
  },
});
