import type { HttpClient } from '../../data/http';
import type { RegistrationCountry } from '../../../shared/company-numbers';

/** A registration as the calls answer it (flows §3 Customer registration (pending)). */
export interface Registration {
  id: string;
  customerName: string;
  vatNumber: string;
  juridicalFrom: string | null;
  employeeCount: string | null;
  countryCode: RegistrationCountry;
  street: string | null;
  houseNumber: string | null;
  bus: string | null;
  zipCode: string | null;
  city: string | null;
  userDisplayname: string | null;
  userEmail: string;
  userFirstname: string | null;
  userLastname: string | null;
  userId: string | null;
  approved: boolean;
  vatKnown: boolean;
  emailDomainKnown: boolean;
  termsAcceptedAt: string | null;
  customerId: string | null;
  validatedAt: string | null;
  validatedById: string | null;
  createdAt: string;
}

/** What the platform knows of a company by its number (POST /customerregistration/checkIfVatExists). */
export interface KnownCompany {
  customerName: string;
  street: string | null;
  houseNumber: string | null;
  bus: string | null;
  zipCode: string | null;
  city: string | null;
  countryCode: RegistrationCountry | null;
}

export interface VatCheck { exists: boolean; vatNumber: string; known: KnownCompany | null }

/** The company and user data register and update take. */
export interface RegistrationData {
  customerName: string;
  vatNumber: string;
  countryCode: RegistrationCountry;
  juridicalFrom?: string;
  employeeCount?: string;
  street?: string;
  houseNumber?: string;
  bus?: string;
  zipCode?: string;
  city?: string;
  userFirstname?: string;
  userLastname?: string;
}

/** Empty texts are left out: the server takes a missing field as none. */
export const withoutBlanks = <T extends object>(data: T): T =>
  Object.fromEntries(Object.entries(data).filter(([, v]) => v !== '' && v !== undefined)) as T;

type Result<T> = { result: T };

/** The wizard's calls: about the signed-in user, never for a company (they have none yet). */
export const registrationCalls = (http: HttpClient) => ({
  mine: async () => (await http.get<Result<Registration | null>>('/customerregistration/mine', { withoutCompany: true })).result,
  checkVat: async (vatNumberQuery: string, countryCode: RegistrationCountry) =>
    (await http.post<Result<VatCheck>>('/customerregistration/checkIfVatExists', { vatNumberQuery, countryCode }, { withoutCompany: true })).result,
  register: async (dto: RegistrationData & { acceptTerms: boolean }) =>
    (await http.post<Result<Registration>>('/customers/register', { dto: withoutBlanks(dto) }, { withoutCompany: true })).result,
});

/** The platform admin's calls on registrations. */
export const adminRegistrationCalls = (http: HttpClient) => ({
  list: async (query: { status?: string; search?: string; countryCode?: string }) =>
    (await http.get<Result<{ items: Registration[]; total: number }>>('/pending-customer-registrations', { query: withoutBlanks(query) })).result,
  get: async (id: string) =>
    (await http.get<Result<Registration & { knowledge: { vatKnown: boolean; customerName: string | null; emailDomainKnown: boolean; emailDomainCustomerName: string | null } }>>(`/pending-customer-registrations/${encodeURIComponent(id)}`)).result,
  update: async (id: string, dto: RegistrationData) =>
    (await http.put<Result<Registration>>(`/pending-customer-registrations/${encodeURIComponent(id)}/update`, { dto: withoutBlanks(dto) })).result,
  validate: async (id: string) =>
    (await http.post<Result<Registration>>(`/pending-customer-registrations/${encodeURIComponent(id)}/validate`, {})).result,
});
