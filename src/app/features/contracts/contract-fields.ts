import { z } from 'zod';
import { contracts } from '../../../../model/resources/contracts';
import { field, type FieldDef } from '../../../../model/dsl/field';
import type { ContractFieldLayout } from '../../../../model/dsl/workflow';
import { contractProblems, normalizeContract, type ContractProblem } from '../../../shared/contract-rules';
import { fieldSchema } from '../../../shared/field-schemas';
import type { AttachmentValue } from '../../generated-support';
import type { ContractBody, ContractRecord } from './contract-api';

/**
 * The contract form's fields from the company's layout, as the model's field kinds: a layout field
 * is the FieldDef its type stands for (input → text, number → number, textbox → textarea, date →
 * date, select → enum of its options, users → a list of user references, department → a reference,
 * attachments → a list of the attachment kind, budgets → a list of items, extension and
 * cancellation date → the contract's own fields), so the form draws each with the kind's input
 * (src/shared/field-kinds.ts) and validates it with the kind's schema, and every rule of flows §5 with
 * src/shared/contract-rules.ts, the server's own.
 */

const F = contracts.fields;
const label = (name: string) => ({ nl: name, en: name, fr: name });

export function layoutFieldDef(f: ContractFieldLayout): FieldDef {
  const l = label(f.name);
  const def = (() => {
    switch (f.type) {
      case 'input': return field.text(l).max(4000);
      case 'number': return field.number(l);
      case 'textbox': return field.textarea(l).max(4000);
      case 'date': return field.date(l);
      case 'select': return field.enum(l, Object.fromEntries((f.options ?? []).map((o) => [o, label(o)])));
      case 'users': return field.stringList(l);
      case 'department': return field.reference(l, 'customer-departments');
      case 'attachments': return field.list(l, { file: field.attachment(l) });
      case 'budgets': return field.list(l, { description: field.text(label('')).required().max(200), amount: field.money(label('')).required() });
      case 'extension': return null;
      case 'cancellationDate': return null;
      default: return field.text(l);
    }
  })();
  if (f.type === 'extension') return { ...F.contractExtensions!, label: l };
  if (f.type === 'cancellationDate') return { ...F.latestCancellationDate!, label: l };
  return { ...def!.def, required: f.required };
}

/** The form's key of a layout field (names may hold spaces and dots, so the form keys them by place). */
export const keyOf = (i: number) => `x.f${i}`;

export interface ContractFormValues {
  title?: string; contractNumber?: string | null; description?: string | null; status?: string;
  categoryId?: string | null; supplierId?: string | null; ownerId?: string | null; departmentId?: string | null;
  startDate?: string | null; endDate?: string | null; latestCancellationDate?: string | null;
  contractExtensions?: { endDate?: string | null; budgetEstimation?: string | null; latestCancellationDate?: string | null }[];
  notificationEmails?: string[];
  extraFiles?: AttachmentValue[];
  x?: Record<string, unknown>;
}

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** What the form sends (flows §5: ISO dates, empty fields and extensions dropped by normalizeContract). */
export function toBody(v: ContractFormValues, layout: readonly ContractFieldLayout[]): ContractBody {
  const x = v.x ?? {};
  const at = (i: number) => x[`f${i}`];
  const body: Record<string, unknown> = {
    title: v.title, contractNumber: blankToNull(v.contractNumber), description: blankToNull(v.description), status: v.status ?? 'DRAFT',
    categoryId: blankToNull(v.categoryId), supplierId: blankToNull(v.supplierId), ownerId: blankToNull(v.ownerId), departmentId: blankToNull(v.departmentId),
    startDate: blankToNull(v.startDate), endDate: blankToNull(v.endDate), latestCancellationDate: blankToNull(v.latestCancellationDate),
    contractExtensions: (v.contractExtensions ?? []).map((e) => ({ endDate: blankToNull(e.endDate), budgetEstimation: blankToNull(e.budgetEstimation), latestCancellationDate: blankToNull(e.latestCancellationDate) })),
    notificationEmails: (v.notificationEmails ?? []).map((e) => e.trim()).filter(Boolean),
    extraFields: [], extraUserFields: [], extraDepartmentFields: [], budgets: [],
    attachments: (v.extraFiles ?? []).map((file) => ({ fieldName: '', file })),
  };
  layout.forEach((f, i) => {
    const value = at(i);
    switch (f.type) {
      case 'input': case 'textbox': case 'select': case 'date': case 'number':
        if (value !== undefined && value !== null && value !== '') (body.extraFields as unknown[]).push({ name: f.name, value: String(value) });
        break;
      case 'users': (body.extraUserFields as unknown[]).push({ name: f.name, userIds: Array.isArray(value) ? value : [] }); break;
      case 'department': if (value) (body.extraDepartmentFields as unknown[]).push({ name: f.name, departmentId: value }); break;
      case 'budgets': if (Array.isArray(value) && value.length) (body.budgets as unknown[]).push({ fieldName: f.name, items: value }); break;
      case 'attachments':
        for (const file of Array.isArray(value) ? value as AttachmentValue[] : []) (body.attachments as unknown[]).push({ fieldName: f.name, file });
        break;
      default: break;
    }
  });
  // Built field by field from the layout; the server checks it against the contract's body.
  return normalizeContract(body) as ContractBody;
}

/** A stored contract as the form's values. */
export function toFormValues(c: ContractRecord | undefined, layout: readonly ContractFieldLayout[]): ContractFormValues {
  if (!c) return { status: 'DRAFT', contractExtensions: [], notificationEmails: [], extraFiles: [], x: {} };
  const same = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();
  const x: Record<string, unknown> = {};
  layout.forEach((f, i) => {
    const k = `f${i}`;
    if (['input', 'textbox', 'select', 'date', 'number'].includes(f.type)) {
      const v = c.extraFields?.find((e) => same(e.name, f.name))?.value ?? null;
      x[k] = f.type === 'number' && v != null ? Number(v.replace(',', '.')) : v;
    }
    if (f.type === 'users') x[k] = c.extraUserFields?.find((e) => same(e.name, f.name))?.userIds ?? [];
    if (f.type === 'department') x[k] = c.extraDepartmentFields?.find((e) => same(e.name, f.name))?.departmentId ?? null;
    if (f.type === 'budgets') x[k] = c.budgets?.filter((b) => same(b.fieldName, f.name)).flatMap((b) => b.items ?? []) ?? [];
    if (f.type === 'attachments') x[k] = c.attachments?.filter((a) => same(a.fieldName, f.name)).map((a) => a.file) ?? [];
  });
  const inLayout = (name: string | null | undefined) => layout.some((f) => f.type === 'attachments' && same(name, f.name));
  return {
    title: c.title ?? undefined, contractNumber: c.contractNumber, description: c.description,
    status: c.status === 'EXPIRED' || c.status === 'ABOUT_TO_EXPIRE' ? 'ACTIVE' : c.status ?? undefined,
    categoryId: c.categoryId, supplierId: c.supplierId, ownerId: c.ownerId, departmentId: c.departmentId,
    startDate: c.startDate, endDate: c.endDate, latestCancellationDate: c.latestCancellationDate,
    contractExtensions: (c.contractExtensions ?? []).map((e) => ({ endDate: e.endDate, budgetEstimation: e.budgetEstimation ?? null, latestCancellationDate: e.latestCancellationDate })),
    notificationEmails: c.notificationEmails ?? [],
    extraFiles: (c.attachments ?? []).filter((a) => !inLayout(a.fieldName)).map((a) => a.file),
    x,
  };
}

/** Where the form shows a problem of the rules: a layout field by its key, a file by its field, the rest at its own path. */
function formPath(p: ContractProblem, layout: readonly ContractFieldLayout[], body: ContractBody): string {
  const index = (name: string) => layout.findIndex((f) => f.name.trim().toLowerCase() === name.trim().toLowerCase());
  if (p.path.startsWith('layout.')) { const i = index(p.path.slice(7)); return i >= 0 ? keyOf(i) : 'title'; }
  const file = /^attachments\.(\d+)/.exec(p.path);
  if (file) {
    const a = (body.attachments as { fieldName: string }[])[Number(file[1])];
    const i = a?.fieldName ? index(a.fieldName) : -1;
    return i >= 0 ? keyOf(i) : 'extraFiles';
  }
  const budget = /^budgets\.(\d+)/.exec(p.path);
  if (budget) { const i = index((body.budgets as { fieldName: string }[])[Number(budget[1])]?.fieldName ?? ''); return i >= 0 ? keyOf(i) : 'title'; }
  if (p.path === 'attachments') return 'extraFiles';
  return p.path;
}

/**
 * The form's schema: the model's kinds for the fixed fields and the layout's (messages are rule names
 * and error codes, which the form resolver translates), then every rule of flows §5 at its field.
 * Dates are kept as typed (DD/MM/YYYY in the date input, ISO in the value): the rules refuse one that
 * is not a real day with invalidFormatDate, as the server does.
 */
export function contractFormSchema(layout: readonly ContractFieldLayout[]) {
  const kind = (f: FieldDef) => fieldSchema(f, 'update');
  const x: Record<string, z.ZodType> = {};
  layout.forEach((f, i) => {
    const def = layoutFieldDef(f);
    if (f.type === 'extension' || f.type === 'cancellationDate' || f.type === 'date' || f.type === 'attachments' || f.type === 'budgets') x[`f${i}`] = z.any().optional();
    else x[`f${i}`] = kind({ ...def, required: false });
  });
  return z.object({
    title: fieldSchema(F.title!, 'create'),
    contractNumber: kind(F.contractNumber!),
    description: kind(F.description!),
    status: kind(F.status!),
    notificationEmails: z.array(z.email({ error: 'email' })).optional().nullable(),
    x: z.object(x).loose().optional(),
  }).loose().superRefine((values, ctx) => {
    const body = toBody(values as ContractFormValues, layout);
    const files = (body.attachments ?? []).map((a) => ({ fieldName: a.fieldName, ...a.file }));
    const problems = contractProblems({ ...body, attachments: files } as never, layout);
    for (const p of problems) {
      if (p.code === 'FileNotFound') continue;
      ctx.addIssue({ code: 'custom', path: formPath(p, layout, body).split('.'), message: p.code === 'validationFailed' ? p.rule ?? 'invalid' : p.code });
    }
  });
}
