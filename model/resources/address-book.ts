import { field, resource, t } from '../dsl';
import { L } from '../catalogue/texts';
import { addressField } from './address';

/** The customer's address book (core §7 Address book, flows §5). */
export const customerAddresses = resource('customer-addresses', {
  label: { one: L.address, many: t('Adresboek', 'Address book', "Carnet d'adresses") },
  scope: 'customer',
  area: 'addresses',
  softDelete: true,
  fields: {
    name: field.text(L.name).required().max(200).example('Hoofdkantoor'),
    contactName: field.text(t('Contactpersoon', 'Contact person', 'Personne de contact')).max(200),
    phone: field.phone(L.phone),
    address: addressField(),
    isPrimary: field.boolean(t('Primair adres', 'Primary address', 'Adresse principale')).default(false),
    oneTime: field.boolean(t('Eenmalig adres', 'One-time address', 'Adresse unique')).default(false),
  },
  recordRepresentation: 'name',
  list: { columns: ['name', 'address.city', 'isPrimary'], sort: { field: 'name', order: 'ASC' } },
  // Its calls (POST /customeraddressbook/…) are in src/shared/contracts/customer-addresses.ts.
  notFound: 'AddressNotFound',
  failureTexts: {
    list: t('Fout bij het laden van het adresboek', 'Error loading customer addressbook', "Erreur lors du chargement du carnet d'adresses"),
    create: t('Fout bij het aanmaken van het adres', 'Error creating customer addressbook', "Erreur lors de la création de l'adresse"),
    update: t('Fout bij het bijwerken van het adres', 'Error updating customer addressbook', "Erreur lors de la mise à jour de l'adresse"),
  },
});
