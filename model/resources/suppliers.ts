import { access, endpoints, field, filter, group, resource, rule, t, tabs } from '../dsl';
import { L } from '../catalogue/texts';
import { CONSTANTS } from '../catalogue/constants';
import { addressField } from './address';

/**
 * Suppliers (flows §3, §5, §7): platform suppliers (no customer) and a customer's own suppliers.
 * Customers read both and change only their own; platform admins change platform suppliers.
 */
export const suppliers = resource('suppliers', {
  label: { one: t('Leverancier', 'Supplier', 'Fournisseur'), many: t('Leveranciers', 'Suppliers', 'Fournisseurs') },
  scope: 'customerOrPlatform',
  area: 'suppliers',
  fields: {
    name: field.text(L.name).required().max(200).example('Office Depot'),
    vatNumber: field.vatNumber(L.vatNumber).example('BE0123456749'),
    email: field.email(t('E-mail leverancier', 'Supplier e-mail', 'E-mail fournisseur')).example('sales@example.com'),
    contactEmail: field.email(t('Contact e-mail', 'Contact e-mail', 'E-mail de contact')),
    orderEmail: field.email(t('E-mail voor bestellingen', 'Order e-mail', 'E-mail de commande')),
    phone: field.phone(L.phone),
    website: field.url(L.website),
    logoUrl: field.url(t('Logo (URL)', 'Logo (URL)', 'Logo (URL)')),
    /** The address of an article on the supplier's site: {articleNumber}, {ean}, {pnNumber}, {supplierId} are filled in (POST /admin/supplier-articles/eval-url-template). */
    productUrlTemplate: field.text(t('Productlink (sjabloon)', 'Product link (template)', 'Lien produit (modèle)')).max(500).example('https://shop.example.com/p/{articleNumber}'),
    address: addressField(),
    description: field.textarea(L.description).max(4000),
    returnInformation: field.textarea(t('Retourinformatie', 'Return information', 'Informations de retour')).max(4000),
    deliveryTimes: field.text(t('Levertijden', 'Delivery times', 'Délais de livraison')).max(500),
    shippingCost: field.money(t('Verzendkosten', 'Shipping cost', 'Frais de livraison')).example('7.50'),
    freeShippingFrom: field.money(t('Gratis verzending vanaf', 'Free shipping from', 'Livraison gratuite à partir de')).example('150.00'),
    minimumOrderPrice: field.money(t('Minimale bestelwaarde', 'Minimum order price', 'Montant minimum de commande')),
    defaultCatalogue: field.text(t('Standaardcatalogus', 'Default catalogue', 'Catalogue par défaut')).max(200),
    clientNumber: field.text(t('Klantnummer', 'Client number', 'Numéro client')).max(100),
    budgetSetting: field.object(t('Financiën', 'Finance', 'Finances'), {
      startDate: field.date(L.startDate),
      endDate: field.date(L.endDate),
      totalBudget: field.money(t('Totaal budget', 'Total budget', 'Budget total')),
    }),
    budgetSpent: field.money(t('Besteed budget', 'Budget spent', 'Budget dépensé')).readOnly().default('0'),
    active: field.boolean(L.active).default(true),
  },
  rules: [
    rule.requiredWhenFilled('shippingCost', 'freeShippingFrom', 'InvalidShippingCost'),
    // "and then at least the minimum": a threshold for free shipping means shipping costs something below it.
    rule.minWhenFilled('shippingCost', 'freeShippingFrom', CONSTANTS.minimumShippingCost, 'InvalidShippingCost'),
    rule.notZeroWhenPositive('freeShippingFrom', 'shippingCost', 'InvalidShippingCost'),
    rule.bothOrNeither('budgetSetting.startDate', 'budgetSetting.endDate', 'invalidFinanceDates'),
    rule.after('budgetSetting.endDate', 'budgetSetting.startDate', 'invalidEndDate'),
  ],
  recordRepresentation: 'name',
  filters: { search: filter.search(L.search, ['name', 'vatNumber', 'email']), active: filter.eq(L.active, 'active') },
  list: { columns: ['name', 'vatNumber', 'email', 'shippingCost', 'freeShippingFrom', 'active'], sort: { field: 'name', order: 'ASC' } },
  endpoints: {
    customer: endpoints.restV2('/v2/suppliers', ['list', 'get', 'create', 'update'], access.customer('suppliers')),
    admin: endpoints.query('/admin/suppliers', ['query', 'id', 'create'], access.platformAdmin('suppliers')),
  },
  // Its calls beside the endpoints (budget check, own suppliers, budget references, order PDF settings) are in src/shared/contracts/suppliers.ts.
  screens: {
    path: '/ycAdmin/suppliers',
    endpoint: 'customer',
    menu: { section: 'admin', order: 50, icon: 'LocalShipping' },
    // /supplier/create and /supplier/edit/{id} (src/app/features/suppliers/SupplierFormPages.tsx)
    handWrittenForms: true,
    // 28 inputs: a tab per concern, so the delivery terms and the budget are found without scrolling
    groups: tabs({
      general: group(t('Algemeen', 'General', 'Général'), ['name', 'vatNumber', 'clientNumber', 'defaultCatalogue', 'description', 'active']),
      contact: group(t('Contact', 'Contact', 'Contact'), ['email', 'contactEmail', 'orderEmail', 'phone', 'website', 'logoUrl', 'productUrlTemplate']),
      address: group(L.address, ['address']),
      delivery: group(t('Levering', 'Delivery', 'Livraison'), ['deliveryTimes', 'shippingCost', 'freeShippingFrom', 'minimumOrderPrice', 'returnInformation']),
      finance: group(t('Financiën', 'Finance', 'Finances'), ['budgetSetting', 'budgetSpent']),
    }),
  },
  notFound: 'SupplierNotFound',
  failureTexts: {
    get: t('Fout bij het ophalen van de leverancier', 'Error retrieving supplier', 'Erreur lors de la récupération du fournisseur'),
  },
});
