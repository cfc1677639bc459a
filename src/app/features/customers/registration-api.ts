import { pendingCustomerRegistrationsCheckIfVatExists, pendingCustomerRegistrationsMine, pendingCustomerRegistrationsRegister } from '../../../../generated/app/calls/pending-customer-registrations.gen';
import type { Contracts } from '../../../shared/contracts';
import type { BodyIn, ResultOf } from '../../../shared/contracts/define';
import { callApi } from '../../data/call-api';
import type { HttpClient } from '../../data/http';
import type { RegistrationCountry } from '../../../shared/company-numbers';

type RegistrationContracts = Contracts['pending-customer-registrations'];
/** What the platform knows of a company by its number (POST /customerregistration/checkIfVatExists). */
export type KnownCompany = NonNullable<ResultOf<RegistrationContracts['checkIfVatExists']>['result']['known']>;

type RegistrationDto = BodyIn<RegistrationContracts['update']>['dto'];
/**
 * The company and user data register and update take, as the wizard and the admin's form hold them:
 * the dto's fields (the contract's keys) as typed texts, blanks left out when sent (withoutBlanks);
 * the name, the number and the country always there.
 */
export type RegistrationData = { [K in Exclude<keyof RegistrationDto, 'countryCode'>]?: string }
  & { customerName: string; vatNumber: string; countryCode: RegistrationCountry };

/** Empty texts are left out: the server takes a missing field as none. */
export const withoutBlanks = <T extends object>(data: T): T =>
  Object.fromEntries(Object.entries(data).filter(([, v]) => v !== '' && v !== undefined)) as T;

/** The wizard's calls: about the signed-in user, never for a company (they have none yet). */
export const registrationCalls = (http: HttpClient) => ({
  mine: async () => (await callApi(http, pendingCustomerRegistrationsMine, {}, { withoutCompany: true })).result,
  checkVat: async (vatNumberQuery: string, countryCode: RegistrationCountry) =>
    (await callApi(http, pendingCustomerRegistrationsCheckIfVatExists, { body: { vatNumberQuery, countryCode } }, { withoutCompany: true })).result,
  register: async (dto: RegistrationData & { acceptTerms: boolean }) =>
    (await callApi(http, pendingCustomerRegistrationsRegister, { body: { dto: withoutBlanks(dto) } }, { withoutCompany: true })).result,
});
