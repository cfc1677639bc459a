import { HttpError, useGetList } from 'ra-core';
import { useContractCategoriesList, useContractLayoutsGet } from '../../../../generated/app/calls.gen';
import { customerAccessesCustomerUsers } from '../../../../generated/app/calls/customer-accesses.gen';
import type { CustomerDepartmentRecord } from '../../../../generated/types/customer-departments.gen';
import type { SupplierRecord } from '../../../../generated/types/suppliers.gen';
import type { Contracts } from '../../../shared/contracts';
import type { BodyIn, ResultOf } from '../../../shared/contracts/define';
import { useCoreServices } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { toHttpError, type HttpClient } from '../../data/http';
import { useAppQuery } from '../../data/query-client';
import type { AttachmentValue } from '../../generated-support';
import { resourceCallsKey } from '../../data/calls';

/** The contract calls of flows §7 and the layout calls (src/shared/contracts/contracts.ts). */

/** One contract as GET /contracts/{id} answers it (with the names of its supplier, owner, department and category). */
export type ContractRecord = ResultOf<Contracts['contracts']['byId']>;
/** A contract as the form sends it (POST /contracts, PUT /contracts/{id}). */
export type ContractBody = BodyIn<Contracts['contracts']['create']>;
/** What a picker offers (UI). */
export interface Choice { id: string; name: string }

/** The company's contract layout: its fields (GET /contracts/layout), undefined while it loads. */
export function useContractLayout() {
  const { data, error } = useContractLayoutsGet({ query: {} });
  return { data: data?.fields, error };
}

/** What the form's pickers offer: the company's suppliers, departments, categories and (for a users reader) users. */
export function useContractChoices() {
  const { http } = useCoreServices();
  // A list the reader may not see is an empty picker, not a failure of the page.
  const quiet = { retry: false } as const;
  const suppliers = useGetList<SupplierRecord>('suppliers', { pagination: { page: 1, perPage: 200 } }, quiet);
  const departments = useGetList<CustomerDepartmentRecord>('customer-departments', { pagination: { page: 1, perPage: 200 } }, quiet);
  const categories = useContractCategoriesList({ query: {} }, quiet);
  const users = useAppQuery({
    queryKey: [...resourceCallsKey(customerAccessesCustomerUsers.resource), customerAccessesCustomerUsers.name, 'choices'],
    retry: false,
    queryFn: ({ signal }) => callApi(http, customerAccessesCustomerUsers, { body: { query: { skip: 0, take: 100 } } }, { signal })
      .then((r) => r.result.items.map((u) => ({ id: u.id, name: u.displayname || u.email }))),
  });
  const settled = (q: { isPending: boolean; isError: boolean }) => !q.isPending || q.isError;
  if (![suppliers, departments, categories, users].every(settled)) return { data: undefined };
  const asChoices = (rows: readonly { id: string; name?: string | null }[] | undefined): Choice[] => (rows ?? []).map((r) => ({ id: r.id, name: r.name ?? '' }));
  return {
    data: {
      suppliers: asChoices(suppliers.data), departments: asChoices(departments.data), categories: asChoices(categories.data),
      users: users.data ?? [],
    },
  };
}

/** POST /upload?containerName=contracts: one file, checked for type and size by the server while it streams in. */
export async function uploadContractFile(http: HttpClient, file: File): Promise<AttachmentValue> {
  const { url, headers } = await http.prepare('/upload?containerName=contracts');
  const form = new FormData();
  form.append('file', file, file.name);
  headers.delete('Content-Type');
  headers.set('Accept', 'application/json');
  const response = await fetch(url, { method: 'POST', headers, body: form });
  const text = await response.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  if (!response.ok) throw toHttpError(new HttpError((body as { message?: string } | null)?.message ?? response.statusText, response.status, body));
  const b = body as ResultOf<Contracts['files']['upload']>;
  return { containerName: b.containerName, blobName: b.blobName, fileName: b.fileName, contentType: b.contentType, size: b.size };
}

/** Where a contract's file is downloaded (GET /upload, under the API root). */
export const fileHref = (http: HttpClient, f: AttachmentValue) => `/upload?containerName=${encodeURIComponent(f.containerName)}&blobName=${encodeURIComponent(f.blobName)}`;
