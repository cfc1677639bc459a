import { useQueryClient } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { useCoreServices } from '../../bootstrap/context';
import { downloadFile } from '../../data/files';
import { toHttpError, type HttpClient } from '../../data/http';
import { useAppQuery } from '../../data/query-client';
import type { BodyIn, ResultOf } from '../../../shared/contracts/define';
import { callApi } from '../../data/call-api';
import { invoicesAcceptMismatch, invoicesById, invoicesCreate, invoicesDelete, invoicesDeleteFile, invoicesUpdate } from '../../../../generated/app/calls/invoices.gen';
import type { Contracts } from '../../../shared/contracts';

type InvoiceContracts = Contracts['invoices'];
/** GET /invoices/by-id and every change: the invoice, its lines and what the caller may do (the server decides). */
export type InvoiceDetail = ResultOf<InvoiceContracts['byId']>['result'];
/** An invoice as GET /invoices lists it (flows §3 Invoice). */
export type InvoiceRow = ResultOf<InvoiceContracts['list']>['result']['items'][number];
export type InvoiceLine = InvoiceDetail['lines'][number];
/** One line of the three-way match (null lineNumber: the whole invoice's total against what was received). */
export type LineMatch = NonNullable<InvoiceDetail['match']>['lines'][number];

export const INVOICE_STATUS_KEYS = ['open', 'expired', 'payed'] as const;
export const statusColor = (status: string | null | undefined) => (status === 'payed' ? 'success' : status === 'expired' ? 'error' : 'warning');
export const INVOICE_MAX_BYTES = CONSTANTS.invoicePdfMaxMb * 1024 * 1024;

/**
 * flows §5 / core §5: an invoice's file must be a PDF (Invoice.pdfUpload) of at most 20 MB
 * (Invoice.maxMBFile), checked here before a byte is sent — by its name or type and by its first
 * bytes, as the server checks it again while it streams in. Answers the message key, or null.
 */
export async function invoiceFileProblem(file: File): Promise<'Invoice.pdfUpload' | 'Invoice.maxMBFile' | null> {
  const claimsPdf = /\.pdf$/i.test(file.name) || file.type === 'application/pdf';
  if (!claimsPdf) return 'Invoice.pdfUpload';
  if (file.size > INVOICE_MAX_BYTES) return 'Invoice.maxMBFile';
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === '%PDF-' ? null : 'Invoice.pdfUpload';
}

/** The message key of a refused upload: the server's FileTypeNotAllowed and FileTooLarge are the two rules' messages. */
export function uploadProblemOf(error: unknown): 'Invoice.pdfUpload' | 'Invoice.maxMBFile' | null {
  const code = error instanceof HttpError ? (error.body as { errorCode?: string } | undefined)?.errorCode : undefined;
  return code === 'FileTypeNotAllowed' ? 'Invoice.pdfUpload' : code === 'FileTooLarge' ? 'Invoice.maxMBFile' : null;
}

export const UBL_MAX_BYTES = CONSTANTS.ublInvoiceMaxMb * 1024 * 1024;

/**
 * An e-invoice to upload must be XML (Invoice.ublUpload) of at most 30 MB (Invoice.ublMaxMB): by its
 * name or type and its first character, as the server checks it again. Answers the message key, or null.
 */
export async function ublFileProblem(file: File): Promise<'Invoice.ublUpload' | 'Invoice.ublMaxMB' | null> {
  const claimsXml = /\.xml$/i.test(file.name) || /^(application|text)\/xml$/.test(file.type);
  if (!claimsXml) return 'Invoice.ublUpload';
  if (file.size > UBL_MAX_BYTES) return 'Invoice.ublMaxMB';
  const head = new TextDecoder().decode(await file.slice(0, 64).arrayBuffer()).replace(/^\uFEFF/, '');
  return /^\s*</.test(head) ? null : 'Invoice.ublUpload';
}

/** A multipart POST of `file` after `fields` (so the server checks them before reading the file): the answer's result. */
async function postFile(http: HttpClient, path: string, fields: Record<string, string>, file: File): Promise<InvoiceDetail> {
  const { url, headers } = await http.prepare(path);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  headers.delete('Content-Type');
  headers.set('Accept', 'application/json');
  const response = await fetch(url, { method: 'POST', headers, body: form });
  const text = await response.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* not JSON: kept as text */ }
  if (!response.ok) throw toHttpError(new HttpError((body as { message?: string } | null)?.message ?? response.statusText, response.status, body));
  return (body as { result: InvoiceDetail }).result;
}

/** POST /invoices/upload (multipart: invoiceId, customerId, then the file, so the server checks the invoice before reading it). */
export const uploadInvoiceFile = (http: HttpClient, invoice: Pick<InvoiceRow, 'id' | 'customerId'>, file: File): Promise<InvoiceDetail> =>
  postFile(http, '/invoices/upload', { invoiceId: invoice.id, ...(invoice.customerId ? { customerId: invoice.customerId } : {}) }, file);

/** POST /invoices/upload-ubl: a supplier's UBL e-invoice, booked on the supplier order it names and matched. */
export const uploadUblFile = (http: HttpClient, file: File): Promise<InvoiceDetail> => postFile(http, '/invoices/upload-ubl', {}, file);

/** POST /invoices/download: the PDF handed to the browser under its name. */
export const downloadInvoiceFile = (http: HttpClient, invoice: Pick<InvoiceRow, 'id' | 'number' | 'fileName'>): Promise<void> =>
  downloadFile(http, '/invoices/download', invoice.fileName || `${invoice.number}.pdf`, { json: { invoiceId: invoice.id } });

const detailKey = (id: string | null | undefined) => ['app', 'invoice', id ?? ''];

/** One invoice with its lines (GET /invoices/by-id?id, result unwrapped). */
export function useInvoice(id: string | null | undefined) {
  const { http } = useCoreServices();
  return useAppQuery({
    queryKey: detailKey(id),
    enabled: !!id,
    queryFn: ({ signal }) => callApi(http, invoicesById, { query: { id: id ?? '' } }, { signal }).then((r) => r.result),
  });
}

/**
 * The invoice's changes: each answer replaces the invoice shown, and the lists and counts are read
 * again: the app's queries (['app'], the calls' reads among them), all but the invoice just answered.
 */
export function useInvoiceChanges() {
  const { http } = useCoreServices();
  const queryClient = useQueryClient();
  const refresh = async (detail?: InvoiceDetail) => {
    if (detail) queryClient.setQueryData(detailKey(detail.id), detail);
    await queryClient.invalidateQueries({ queryKey: ['app'], predicate: (q) => q.queryKey[1] !== 'invoice' });
    return detail;
  };
  const change = async (answer: Promise<{ result: InvoiceDetail }>) => refresh((await answer).result);
  return {
    setStatus: (id: string, status: InvoiceRow['status']) => change(callApi(http, invoicesUpdate, { body: { dto: { id, status } } })),
    upload: async (invoice: InvoiceRow, file: File) => refresh(await uploadInvoiceFile(http, invoice, file)),
    deleteFile: (id: string) => change(callApi(http, invoicesDeleteFile, { body: { invoiceId: id } })),
    remove: async (id: string) => { await callApi(http, invoicesDelete, { body: { dto: { id } } }); await refresh(); },
    create: (dto: BodyIn<InvoiceContracts['create']>['dto']) => change(callApi(http, invoicesCreate, { body: { dto } })),
    download: (invoice: InvoiceRow) => downloadInvoiceFile(http, invoice),
    uploadUbl: async (file: File) => refresh(await uploadUblFile(http, file)),
    acceptMismatch: (invoiceId: string, reason: string) => change(callApi(http, invoicesAcceptMismatch, { body: { invoiceId, reason } })),
  };
}
