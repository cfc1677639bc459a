import { CONSTANTS } from '../../model/catalogue/constants';
import type { ErrorCode } from '../../model/catalogue/errors';
import type { ContractFieldLayout } from '../../model/dsl/workflow';
import { DATE_RE } from './field-kinds';

/**
 * The contract rules of flows §5, once, for the server (src/server/contracts, which refuses with the
 * first problem's code) and for the contract form (which shows each problem at its field). Pure: the
 * files' stored types and sizes, the references' owners and the layout are the callers' to look up.
 */

export interface ContractExtensionInput {
  id?: string | null;
  endDate?: string | null;
  budgetEstimation?: string | number | null;
  latestCancellationDate?: string | null;
}
export interface ContractBudgetInput {
  fieldName?: string | null;
  items: { description: string; amount: string | number; budgetId?: string | null }[];
}
export interface ContractAttachmentInput {
  fieldName?: string | null;
  fileName: string;
  contentType: string;
  size: number;
}
/** A contract as the form sends it (ISO dates on the wire) and the rules read it. */
export interface ContractInput {
  status?: string | null;
  supplierId?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  latestCancellationDate?: string | null;
  contractExtensions?: ContractExtensionInput[] | null;
  budgets?: ContractBudgetInput[] | null;
  attachments?: ContractAttachmentInput[] | null;
  extraFields?: { name: string; value?: string | null }[] | null;
  extraUserFields?: { name: string; userIds?: string[] | null }[] | null;
  extraDepartmentFields?: { name: string; departmentId?: string | null }[] | null;
}

export interface ContractProblem {
  readonly code: ErrorCode;
  /** Where the form shows it: a field ('endDate'), an extension ('contractExtensions.1.endDate'), or a layout field ('layout.<name>'). */
  readonly path: string;
  /** A validation rule (validation.messages.*) when the code is validationFailed. */
  readonly rule?: string;
}

export const PDF_OR_EXCEL_TYPES: readonly string[] = [
  'application/pdf', 'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A real yyyy-MM-dd day. */
export function isIsoDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** DD/MM/YYYY as typed (core §5 dates) to the wire's yyyy-MM-dd; null when it is no real day. */
export function dayFromInput(typed: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(typed.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/**
 * What is sent (flows §5): empty fields dropped, extensions without both an end date and a budget
 * estimation dropped, empty extra values dropped.
 */
export function normalizeContract<T extends object>(value: T): T {
  const input = value as ContractInput;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) if (!isBlank(v)) out[k] = v;
  if (Array.isArray(input.contractExtensions)) {
    out.contractExtensions = input.contractExtensions
      .filter((e) => !(isBlank(e.endDate) && isBlank(e.budgetEstimation)))
      .map((e) => Object.fromEntries(Object.entries(e).filter(([, v]) => !isBlank(v))));
  }
  if (Array.isArray(input.extraFields)) out.extraFields = input.extraFields.filter((f) => !isBlank(f.value));
  if (Array.isArray(input.extraUserFields)) out.extraUserFields = input.extraUserFields.filter((f) => (f.userIds ?? []).length > 0);
  if (Array.isArray(input.extraDepartmentFields)) out.extraDepartmentFields = input.extraDepartmentFields.filter((f) => !isBlank(f.departmentId));
  return out as T;
}

const sameName = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/** The layout's problems: two fields with one name (ignoring case), a select without options. */
export function layoutProblems(fields: readonly ContractFieldLayout[]): ContractProblem[] {
  const problems: ContractProblem[] = [];
  fields.forEach((f, i) => {
    if (fields.findIndex((o) => sameName(o.name, f.name)) !== i) problems.push({ code: 'DuplicateContractFieldName', path: `fields.${i}.name` });
    if (f.type === 'select' && !(f.options ?? []).some((o) => o.trim())) problems.push({ code: 'validationFailed', path: `fields.${i}.options`, rule: 'required' });
    if ((f.type === 'extension' || f.type === 'cancellationDate') && fields.findIndex((o) => o.type === f.type) !== i) {
      problems.push({ code: 'validationFailed', path: `fields.${i}.type`, rule: 'unique' });
    }
  });
  return problems;
}

/** Every problem of a contract (already normalized) under a layout, in the order the form shows them. */
export function contractProblems(c: ContractInput, layout: readonly ContractFieldLayout[]): ContractProblem[] {
  const problems: ContractProblem[] = [];
  const add = (code: ErrorCode, path: string, rule?: string) => problems.push(rule ? { code, path, rule } : { code, path });
  const status = c.status ?? 'DRAFT';
  const extensions = c.contractExtensions ?? [];

  // Dates: yyyy-MM-dd on the wire (typed DD/MM/YYYY).
  const day = (value: string | null | undefined, path: string): string | null => {
    if (isBlank(value)) return null;
    if (!isIsoDate(String(value))) { add('invalidFormatDate', path); return null; }
    return String(value);
  };
  const start = day(c.startDate, 'startDate');
  const end = day(c.endDate, 'endDate');
  const cancel = day(c.latestCancellationDate, 'latestCancellationDate');
  const extDays = extensions.map((e, i) => ({
    end: day(e.endDate, `contractExtensions.${i}.endDate`),
    cancel: day(e.latestCancellationDate, `contractExtensions.${i}.latestCancellationDate`),
  }));
  for (const f of layout) {
    if (f.type !== 'date') continue;
    const v = c.extraFields?.find((x) => sameName(x.name, f.name))?.value;
    day(v, `layout.${f.name}`);
  }
  if (problems.length) return problems;

  if (extensions.length && (!start || !end)) add('ContractDatesRequired', !start ? 'startDate' : 'endDate');
  if (start && end && end <= start) add('invalidEndDate', 'endDate');
  let previous = end;
  extensions.forEach((e, i) => {
    const own = extDays[i]!;
    if (!own.end || (previous && own.end <= previous) || (end && own.end <= end)) add('invalidExtensionEndDate', `contractExtensions.${i}.endDate`);
    if (isBlank(e.budgetEstimation)) add('ExtensionBudgetRequired', `contractExtensions.${i}.budgetEstimation`);
    if (own.cancel && ((start && own.cancel < start) || (own.end && own.cancel > own.end))) add('invalidCancellationDate', `contractExtensions.${i}.latestCancellationDate`);
    if (own.end) previous = own.end;
  });
  const lastEnd = [...extDays].reverse().find((d) => d.end)?.end ?? end;
  if (cancel && ((start && cancel < start) || (lastEnd && cancel > lastEnd))) add('invalidCancellationDate', 'latestCancellationDate');

  if (status !== 'DRAFT' && isBlank(c.supplierId)) add('SupplierRequired', 'supplierId');

  // Budgets: each budget has at least one item; unless DRAFT, each budgets field of the layout at least one budget.
  (c.budgets ?? []).forEach((b, i) => { if (!b.items?.length) add('BudgetsRequired', `budgets.${i}.items`); });
  for (const f of layout.filter((l) => l.type === 'budgets')) {
    const mine = (c.budgets ?? []).filter((b) => sameName(b.fieldName, f.name) || (isBlank(b.fieldName) && layout.filter((l) => l.type === 'budgets').length === 1));
    if ((status !== 'DRAFT' || f.required) && !mine.some((b) => b.items?.length)) add('BudgetsRequired', `layout.${f.name}`);
  }

  // The layout's own fields.
  for (const f of layout) {
    const at = `layout.${f.name}`;
    switch (f.type) {
      case 'input': case 'number': case 'textbox': case 'date': case 'select': {
        const v = c.extraFields?.find((x) => sameName(x.name, f.name))?.value;
        if (isBlank(v)) { if (f.required) add('ContractFieldRequired', at); break; }
        if (f.type === 'number' && !/^-?\d{1,12}([.,]\d{1,4})?$/.test(String(v).trim())) add('validationFailed', at, 'number');
        if (f.type === 'select' && !(f.options ?? []).includes(String(v))) add('validationFailed', at, 'choice');
        break;
      }
      case 'users':
        if (f.required && !c.extraUserFields?.find((x) => sameName(x.name, f.name))?.userIds?.length) add('ContractFieldRequired', at);
        break;
      case 'department':
        if (f.required && isBlank(c.extraDepartmentFields?.find((x) => sameName(x.name, f.name))?.departmentId)) add('ContractFieldRequired', at);
        break;
      case 'attachments':
        if (f.required && !(c.attachments ?? []).some((a) => sameName(a.fieldName, f.name))) add('AttachmentFieldMandatory', at);
        break;
      case 'extension':
        if (f.required && !extensions.length) add('ContractFieldRequired', at);
        break;
      case 'cancellationDate':
        if (f.required && !cancel) add('ContractFieldRequired', 'latestCancellationDate');
        break;
      default:
        break;
    }
  }
  const known = (name: string, types: readonly string[]) => layout.some((l) => types.includes(l.type) && sameName(l.name, name));
  (c.extraFields ?? []).forEach((x, i) => { if (!known(x.name, ['input', 'number', 'textbox', 'date', 'select'])) add('validationFailed', `extraFields.${i}.name`, 'unknownField'); });
  (c.extraUserFields ?? []).forEach((x, i) => { if (!known(x.name, ['users'])) add('validationFailed', `extraUserFields.${i}.name`, 'unknownField'); });
  (c.extraDepartmentFields ?? []).forEach((x, i) => { if (!known(x.name, ['department'])) add('validationFailed', `extraDepartmentFields.${i}.name`, 'unknownField'); });
  (c.budgets ?? []).forEach((b, i) => { if (!isBlank(b.fieldName) && !known(String(b.fieldName), ['budgets'])) add('validationFailed', `budgets.${i}.fieldName`, 'unknownField'); });

  // Files: at most 25 per contract and per field, no two with one name, extra uploads PDF or Excel.
  const files = c.attachments ?? [];
  const max = CONSTANTS.maxAttachmentsPerContract;
  if (files.length > max) add('TooManyFilesForContract', 'attachments');
  files.forEach((a, i) => {
    const field = layout.find((l) => l.type === 'attachments' && sameName(l.name, a.fieldName ?? ''));
    if (!isBlank(a.fieldName) && !field) add('validationFailed', `attachments.${i}.fieldName`, 'unknownField');
    if (!field && !PDF_OR_EXCEL_TYPES.includes(a.contentType)) add('ContractFileNotPdfOrExcel', `attachments.${i}`);
    if (a.size <= 0) add('FileEmpty', `attachments.${i}`);
    if (a.size > CONSTANTS.contractFileMaxMb * 1024 * 1024) add('FileTooLarge', `attachments.${i}`);
    if (files.findIndex((o) => o.fileName.toLowerCase() === a.fileName.toLowerCase()) !== i) add('FileAlreadyAdded', `attachments.${i}`);
  });
  for (const f of layout.filter((l) => l.type === 'attachments')) {
    if (files.filter((a) => sameName(a.fieldName, f.name)).length > max) add('TooManyFilesForContract', `layout.${f.name}`);
  }
  return problems;
}
