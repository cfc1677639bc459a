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
  actions: {
    validateBudgetLimit: {
      method: 'POST',
      path: '/v2/suppliers/validate-budget-limit',
      access: access.customer('suppliers', 'R'),
      body: {
        supplierId: field.reference(t('Leverancier', 'Supplier', 'Fournisseur'), 'suppliers').required(),
        amount: field.money(t('Bedrag', 'Amount', 'Montant')).required(),
      },
      response: {
        result: field.object(t('Budgetcontrole', 'Budget check', 'Contrôle du budget'), {
          valid: field.boolean(t('Geldig', 'Valid', 'Valide')).required(),
          totalBudget: field.money(t('Totaal budget', 'Total budget', 'Budget total')),
          spent: field.money(t('Besteed', 'Spent', 'Dépensé')).required(),
          remaining: field.money(t('Resterend', 'Remaining', 'Restant')),
        }).required(),
      },
      summary: 'Checks that an amount fits in what is left of the supplier budget of the current finance period.',
    },
    own: {
      method: 'POST', path: '/suppliers/own', access: access.customer('suppliers', 'R'),
      summary: "The acting customer's own suppliers ({query: {skip, take, search, active}}; search over name, VAT number and e-mail), by name: {result: {items, total, skip, take}}.",
    },
    createown: {
      method: 'POST', path: '/suppliers/createown', access: access.customer('suppliers', 'C'),
      summary: "Creates an own supplier of the acting customer ({dto}: the supplier's fields, its rules checked: InvalidShippingCost, invalidFinanceDates, invalidEndDate): {result}.",
    },
    editown: {
      method: 'POST', path: '/suppliers/editown', access: access.customer('suppliers', 'W'),
      summary: "Changes an own supplier of the acting customer ({dto: {id, …fields}}; the rules are checked on the stored supplier with the changes). A platform supplier is ReadOnlyRecord (403), another company's SupplierNotFound: {result}.",
    },
    getById: {
      method: 'POST', path: '/suppliers/getById', access: access.customer('suppliers', 'R'),
      summary: "One supplier the acting customer orders from ({query: {id}}): a platform supplier or one of its own: {result}.",
    },
    budgetReferences: {
      method: 'GET', path: '/v2/suppliers/budget-references', access: access.customer('suppliers', 'R'),
      summary: "The acting customer's budget reference, departments and projects of each supplier named (?supplierIds: a JSON list of ids, at most 200); a supplier the customer does not read is left out, one without settings has an empty entry. A bare array.",
    },
    setBudgetReference: {
      method: 'PUT', path: '/v2/suppliers/{id}/budget-reference', access: access.customer('suppliers', 'W'),
      summary: "Beyond the spec's list (it names budget references per customer but no call to set them): sets the acting customer's budget reference, departments and projects of a supplier it reads, platform or own ({budgetReference, departmentIds, projectIds}; the departments and projects must be the customer's: DepartmentNotFound, ProjectNotFound). Answers the entry.",
    },
    orderPdfSettings: {
      method: 'GET', path: '/v2/suppliers/{id}/order-pdf-settings', access: access.customer('order-pdf-settings', 'R'),
      summary: "Beyond the spec's list (its order PDF settings are per supplier, permission area order-pdf-settings, and customer admins hold RW): the order PDF settings of one of the acting customer's own suppliers (empty texts when none). A platform supplier's are the platform's: ReadOnlyRecord (403).",
    },
    setOrderPdfSettings: {
      method: 'PUT', path: '/v2/suppliers/{id}/order-pdf-settings', access: access.customer('order-pdf-settings', 'W'),
      summary: "Beyond the spec's list: sets the order PDF settings ({header, messageToSupplier, footer}) of one of the acting customer's own suppliers; one per supplier, written over. A platform supplier is ReadOnlyRecord (403).",
    },
  },
  screens: {
    path: '/ycAdmin/suppliers',
    endpoint: 'customer',
    menu: { section: 'admin', order: 50, icon: 'LocalShipping' },
    // 28 inputs: a tab per concern, so the delivery terms and the budget are found without scrolling
    groups: tabs({
      general: group(t('Algemeen', 'General', 'Général'), ['name', 'vatNumber', 'clientNumber', 'defaultCatalogue', 'description', 'active']),
      contact: group(t('Contact', 'Contact', 'Contact'), ['email', 'contactEmail', 'orderEmail', 'phone', 'website', 'logoUrl']),
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
