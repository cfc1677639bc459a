import { z } from 'zod';
import { CONSTANTS } from '../../../model/catalogue/constants';
import type { AccessRule } from '../../../model/dsl/access';
import type { ResourceDef } from '../../../model/dsl/resource';
import { schemasFor } from '../schema-builder';
import { binaryAnswer, XLSX_TYPE } from './define';

/**
 * The exports of the company's lists (issue 29, beyond the spec: buyers take their orders, deliveries
 * and invoices to a spreadsheet): GET <the list's path>/export.xlsx takes the list's own query but
 * its paging, is open to whoever may read the list (its own access rule) and answers every row the
 * list would show on all its pages, in its order, as an .xlsx (src/server/crud/list-export.ts).
 */

/** The query of a model list's export: the list's filters and sort (GET /v2/orders' but page and pageSize). */
export function modelListExportQuery(resource: ResourceDef) {
  const { filters, list } = schemasFor(resource);
  return z.intersection(filters, list.pick({ sort: true, order: true }));
}

/** The access rule of a model list route (`set` of the resource's endpoints): the export's is the same. */
export function listAccessOf(resource: ResourceDef, set: string): AccessRule {
  const route = resource.endpoints[set]?.routes.find((r) => r.op === 'list');
  if (!route) throw new Error(`${resource.name} has no list in its endpoint set ${set}`);
  return route.access;
}

/** One list's export call: `what` the list holds and `columns` its sheet shows, in the OpenAPI summary. */
export function listExportCall<const P extends string, const Q extends z.ZodType>(path: P, rule: AccessRule, query: Q, what: string, columns: string) {
  return {
    method: 'GET' as const, path, access: rule, query,
    summary: `Beyond the spec (issue 29): ${what} as the list's query selects them (its filters and sort; page and pageSize ignored: every page) as an .xlsx in the caller's language, streamed: one sheet with the columns the list shows (${columns}), headers and status names translated, amounts numbers with two decimals, days and moments Excel dates. At most ${CONSTANTS.listExportMaxRows} rows: a query that selects more is 422 ListExportTooLarge before anything is written. Who may read the list may export it, and exactly its rows.`,
    response: binaryAnswer(XLSX_TYPE, 'The spreadsheet, offered as <the list\'s name>-<date>.xlsx.'),
    errors: ['ListExportTooLarge'] as const,
  };
}
