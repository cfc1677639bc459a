import { field, resource, t } from '../dsl';
import { COUNTRY_LABELS, L } from '../catalogue/texts';

/**
 * Self-registration of a company (flows §1, §3 Customer registration (pending), §5 Registration, §7
 * Customers and registration; core §4 registration gating). A signed-in user without any company
 * answers the wizard at /registration (POST /customers/register); the registration waits here until
 * a platform admin validates it (POST /pending-customer-registrations/{id}/validate), which creates
 * the customer, gives the registering user its first access as customer admin and mails them a
 * welcome. src/server/customers/registration.ts does the work; the calls are in
 * src/shared/contracts/pending-customer-registrations.ts.
 */

/** How many people the company employs (the wizard's second question). */
export const EMPLOYEE_COUNTS = {
  '1-9': t('1 tot 9', '1 to 9', '1 à 9'),
  '10-49': t('10 tot 49', '10 to 49', '10 à 49'),
  '50-249': t('50 tot 249', '50 to 249', '50 à 249'),
  '250+': t('250 of meer', '250 or more', '250 ou plus'),
};

const T = {
  registration: t('Klantregistratie', 'Customer registration', 'Inscription client'),
  user: t('Gebruiker', 'User', 'Utilisateur'),
};

export const customerRegistrations = resource('pending-customer-registrations', {
  label: { one: T.registration, many: t('Klantregistraties', 'Customer registrations', 'Inscriptions clients') },
  scope: 'tenant',
  fields: {
    customerName: field.text(t('Bedrijfsnaam', 'Company name', "Nom de l'entreprise")).required().max(200).example('Bakkerij Peeters BV'),
    vatNumber: field.vatNumber(L.vatNumber).required().example('BE0412345614'),
    juridicalFrom: field.text(t('Rechtsvorm', 'Legal form', 'Forme juridique')).max(50),
    employeeCount: field.enum(t('Aantal werknemers', 'Number of employees', "Nombre d'employés"), EMPLOYEE_COUNTS),
    countryCode: field.enum(L.country, COUNTRY_LABELS).required().default('BE'),
    street: field.text(L.street).max(200),
    houseNumber: field.text(L.houseNumber).max(20),
    bus: field.text(L.bus).max(20),
    zipCode: field.text(L.zipCode).max(20),
    city: field.text(L.city).max(100),
    userDisplayname: field.text(t('Naam gebruiker', 'User name', "Nom de l'utilisateur")).max(200),
    userEmail: field.email(t('E-mail gebruiker', 'User e-mail', "E-mail de l'utilisateur")).required(),
    userFirstname: field.text(t('Voornaam gebruiker', 'User first name', "Prénom de l'utilisateur")).max(100),
    userLastname: field.text(t('Achternaam gebruiker', 'User last name', "Nom de famille de l'utilisateur")).max(100),
    userId: field.reference(T.user, 'users').readOnly(),
    approved: field.boolean(t('Gevalideerd', 'Validated', 'Validée')).readOnly().default(false),
    // What the platform knew when the company registered (flows §3 "vatKnown and known company e-mail information").
    vatKnown: field.boolean(t('Btw-nummer gekend', 'VAT number known', 'Numéro de TVA connu')).readOnly().default(false),
    emailDomainKnown: field.boolean(t('E-maildomein gekend', 'E-mail domain known', 'Domaine e-mail connu')).readOnly().default(false),
    termsAcceptedAt: field.datetime(t('Voorwaarden aanvaard op', 'Terms accepted on', 'Conditions acceptées le')).readOnly(),
    customerId: field.reference(L.customer, 'customers').readOnly(),
    validatedAt: field.datetime(t('Gevalideerd op', 'Validated on', 'Validée le')).readOnly(),
    validatedById: field.reference(t('Gevalideerd door', 'Validated by', 'Validée par'), 'users').readOnly(),
  },
  recordRepresentation: 'customerName',
  list: { columns: ['customerName', 'vatNumber', 'userEmail', 'approved', 'createdAt'], sort: { field: 'createdAt', order: 'DESC' } },
  notFound: 'RegistrationNotFound',
  failureTexts: {
    create: t('Fout bij het aanmaken van de registratie', 'Error creating registration', "Erreur lors de la création de l'inscription"),
  },
});
