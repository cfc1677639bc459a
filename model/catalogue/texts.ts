import { t } from '../dsl/i18n';

/** Labels shared by many resources, so one concept has one wording everywhere. */
export const L = {
  name: t('Naam', 'Name', 'Nom'),
  description: t('Omschrijving', 'Description', 'Description'),
  active: t('Actief', 'Active', 'Actif'),
  email: t('E-mail', 'E-mail', 'E-mail'),
  phone: t('Telefoon', 'Phone', 'Téléphone'),
  website: t('Website', 'Website', 'Site web'),
  vatNumber: t('Btw-nummer', 'VAT number', 'Numéro de TVA'),
  search: t('Zoeken', 'Search', 'Rechercher'),
  deleted: t('Verwijderd', 'Deleted', 'Supprimé'),
  showDeleted: t('Toon verwijderde', 'Show deleted', 'Afficher les supprimés'),
  startDate: t('Startdatum', 'Start date', 'Date de début'),
  endDate: t('Einddatum', 'End date', 'Date de fin'),
  sequenceNumber: t('Volgnummer', 'Sequence number', "Numéro d'ordre"),
  customer: t('Klant', 'Customer', 'Client'),
  department: t('Afdeling', 'Department', 'Département'),
  address: t('Adres', 'Address', 'Adresse'),
  street: t('Straat', 'Street', 'Rue'),
  houseNumber: t('Huisnummer', 'House number', 'Numéro'),
  bus: t('Bus', 'Box', 'Boîte'),
  zipCode: t('Postcode', 'Postal code', 'Code postal'),
  city: t('Gemeente', 'City', 'Ville'),
  country: t('Land', 'Country', 'Pays'),
} as const;

export const COUNTRY_LABELS = {
  BE: t('België', 'Belgium', 'Belgique'),
  NL: t('Nederland', 'Netherlands', 'Pays-Bas'),
  DE: t('Duitsland', 'Germany', 'Allemagne'),
  FR: t('Frankrijk', 'France', 'France'),
  EN: t('Verenigd Koninkrijk', 'United Kingdom', 'Royaume-Uni'),
} as const;
