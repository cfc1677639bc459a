import { useQueryClient } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import type { ContractFieldLayout } from '../../../../model/dsl/workflow';
import { useCoreServices } from '../../bootstrap/context';
import { toHttpError, type HttpClient } from '../../data/http';
import { useAppQuery } from '../../data/query-client';
import type { AttachmentValue } from '../../generated-support';

/** The contract calls of flows §7 and the layout calls (src/server/actions/contracts.ts). */

export interface ContractRecord {
  id: string;
  customerId: string | null;
  contractNumber: string | null;
  title: string;
  description: string | null;
  status: 'DRAFT' | 'ACTIVE' | 'INACTIVE' | 'EXPIRED' | 'ABOUT_TO_EXPIRE';
  categoryId: string | null;
  supplierId: string | null;
  ownerId: string | null;
  departmentId: string | null;
  startDate: string | null;
  endDate: string | null;
  latestCancellationDate: string | null;
  contractExtensions: { id: string | null; endDate: string | null; budgetEstimation: string | null; latestCancellationDate: string | null }[] | null;
  budgets: { fieldName: string | null; items: { description: string; amount: string; budgetId: string | null }[] | null }[] | null;
  attachments: { fieldName: string | null; file: AttachmentValue }[] | null;
  notificationEmails: string[] | null;
  extraFields: { name: string; value: string | null }[] | null;
  extraUserFields: { name: string; userIds: string[] | null }[] | null;
  extraDepartmentFields: { name: string; departmentId: string | null }[] | null;
  supplierName?: string | null;
  categoryName?: string | null;
  departmentName?: string | null;
  ownerName?: string | null;
}
export interface ContractPage { items: ContractRecord[]; total: number; page: number; pageSize: number }
export interface Choice { id: string; name: string }

const KEY = ['app', 'contracts'];

export function useContractLayout() {
  const { http } = useCoreServices();
  return useAppQuery({
    queryKey: [...KEY, 'layout'],
    queryFn: ({ signal }) => http.get<{ fields: ContractFieldLayout[] }>('/contracts/layout', { signal }).then((r) => r.fields),
  });
}

export function useContracts(query: Record<string, string>) {
  const { http } = useCoreServices();
  return useAppQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => http.get<ContractPage>('/contracts', { query, signal }),
  });
}

export function useContract(id: string | undefined) {
  const { http } = useCoreServices();
  return useAppQuery({
    queryKey: [...KEY, 'one', id ?? ''],
    enabled: !!id,
    queryFn: ({ signal }) => http.get<ContractRecord>(`/contracts/${encodeURIComponent(id!)}`, { signal }),
  });
}

/** What the form's pickers offer: the company's suppliers, departments, categories and (for a users reader) users. */
export function useContractChoices() {
  const { http } = useCoreServices();
  const quiet = <T,>(p: Promise<T>, fallback: T) => p.catch(() => fallback);
  return useAppQuery({
    queryKey: [...KEY, 'choices'],
    queryFn: async ({ signal }) => {
      const [suppliers, departments, categories, users] = await Promise.all([
        quiet(http.get<{ items: Choice[] }>('/v2/suppliers', { query: { page: 1, pageSize: 200 }, signal }).then((r) => r.items), []),
        quiet(http.get<{ items: Choice[] }>('/customer-departments/query', { query: { page: 1, pageSize: 200 }, signal }).then((r) => r.items), []),
        quiet(http.get<Choice[]>('/contracts/contract-categories', { signal }), []),
        quiet(http.post<{ result: { items: { id: string; email: string; displayname: string | null }[] } }>('/customer-user-management/query', { query: { skip: 0, take: 100 } }, { signal })
          .then((r) => r.result.items.map((u) => ({ id: u.id, name: u.displayname || u.email }))), []),
      ]);
      const asChoices = (rows: unknown) => (Array.isArray(rows) ? rows : []).map((r: { id: string; name: string }) => ({ id: r.id, name: r.name }));
      return { suppliers: asChoices(suppliers), departments: asChoices(departments), categories: asChoices(categories), users };
    },
  });
}

export function useContractChanges() {
  const { http } = useCoreServices();
  const queryClient = useQueryClient();
  const done = async <T,>(answer: T) => { await queryClient.invalidateQueries({ queryKey: KEY }); return answer; };
  return {
    saveLayout: (fields: ContractFieldLayout[]) => http.put<{ fields: ContractFieldLayout[] }>('/contracts/layout', { fields }).then(done),
    create: (body: Record<string, unknown>) => http.post<ContractRecord>('/contracts', body).then(done),
    update: (id: string, body: Record<string, unknown>) => http.put<ContractRecord>(`/contracts/${encodeURIComponent(id)}`, body).then(done),
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
  const b = body as AttachmentValue;
  return { containerName: b.containerName, blobName: b.blobName, fileName: b.fileName, contentType: b.contentType, size: b.size };
}

/** Where a contract's file is downloaded (GET /upload, under the API root). */
export const fileHref = (http: HttpClient, f: AttachmentValue) => `/upload?containerName=${encodeURIComponent(f.containerName)}&blobName=${encodeURIComponent(f.blobName)}`;
