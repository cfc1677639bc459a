import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { catalogRules } from '../../../model/resources/catalogue';
import { safeString } from '../safe-text';
import { contractsOf } from './define';
import { resultOf, uuidText } from './shapes';

/** The stored rules, one list of ids (or family names) per rule key (empty lists when none are set). */
const rules = z.object({
  includeMarketPlaces: z.array(z.string()), excludeMarketPlaces: z.array(z.string()),
  includeSuppliers: z.array(z.string()), excludeSuppliers: z.array(z.string()),
  includeCategories: z.array(z.string()), excludeCategories: z.array(z.string()),
  includeFamilies: z.array(z.string()), excludeFamilies: z.array(z.string()),
});
const ruleList = z.array(safeString(undefined, false).trim().min(1).max(200)).max(500).default([]);
const userParams = z.object({ userId: uuidText });

/** A user's catalogue rules (core §3): read by the user and platform admins, set by the customer's admin. */
export const catalogRuleContracts = contractsOf(catalogRules, {
  forUser: {
    method: 'GET', path: '/catalog-rules/user/{userId}', access: access.authenticated(),
    summary: "A user's catalogue rules (their own, or any user's for platform admins); empty lists when none are set.",
    response: resultOf(rules),
    errors: ['UserNotFound'],
  },
  // Not in the spec's calls: a customer admin edits the rules of their company's users on /users/{id}.
  forCustomerUser: {
    method: 'GET', path: '/customer-user-management/catalog-rules/{userId}', access: access.customer('users', 'R'),
    summary: "Not in the spec: the catalogue rules of a user of the acting customer, for its admin's user page (the spec's read is the user's own or a platform admin's).",
    params: userParams,
    response: resultOf(rules),
    errors: ['UserNotFound', 'noActiveCustomer'],
  },
  setForCustomerUser: {
    method: 'PUT', path: '/customer-user-management/catalog-rules/{userId}', access: access.customer('users', 'W'),
    summary: "Not in the spec: sets the catalogue rules (include/exclude marketplaces, suppliers, categories, families) of a user of the acting customer; ids must be the tenant's.",
    params: userParams,
    body: z.object({
      includeMarketPlaces: ruleList, excludeMarketPlaces: ruleList, includeSuppliers: ruleList, excludeSuppliers: ruleList,
      includeCategories: ruleList, excludeCategories: ruleList, includeFamilies: ruleList, excludeFamilies: ruleList,
    }),
    response: resultOf(rules),
    errors: ['UserNotFound', 'noActiveCustomer'],
  },
});
