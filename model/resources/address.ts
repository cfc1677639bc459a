import { field } from '../dsl';
import { COUNTRY_LABELS, L } from '../catalogue/texts';

/** A postal address, nested in warehouses, suppliers and customers. */
export const addressField = () =>
  field.object(L.address, {
    street: field.text(L.street).max(200).example('Kerkstraat'),
    houseNumber: field.text(L.houseNumber).max(20).example('12'),
    bus: field.text(L.bus).max(20),
    zipCode: field.text(L.zipCode).max(20).example('9000'),
    city: field.text(L.city).max(100).example('Gent'),
    countryCode: field.enum(L.country, COUNTRY_LABELS).default('BE'),
  });
