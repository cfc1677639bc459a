import type { z } from 'zod';
import { ERRORS, VALIDATION_MESSAGES, type ErrorCode, type FieldDef } from '../../../model';
import { ApiError, type ErrorDetail } from '../errors';

const isRuleCode = (m: string): m is ErrorCode => m in ERRORS;
const knownRule = (m: string) => m in VALIDATION_MESSAGES || isRuleCode(m);

function ruleOf(issue: z.core.$ZodIssue): string {
  if (knownRule(issue.message) && issue.message !== 'invalid') return issue.message;
  // A union (optional fields accept '' or the value; money accepts a string or a number) fails as a
  // whole: the branch that names a real rule ('numerical' rather than "not a number") explains it best.
  if (issue.code === 'invalid_union') {
    for (const branch of issue.errors) for (const inner of branch) {
      const rule = ruleOf(inner);
      if (rule !== 'invalid') return rule;
    }
  }
  if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) return 'required';
  return 'invalid';
}

/** Maps zod issues to error details; field-schemas put the validation.messages key in each message. */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[], prefix = ''): ErrorDetail[] {
  return issues.map((issue) => ({ path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'), rule: ruleOf(issue) }));
}

/**
 * The error for failed details: a failed cross-field rule answers with its own code (e.g.
 * InvalidShippingCost), anything else with validationFailed. Both carry every detail.
 */
export function validationError(details: ErrorDetail[]): ApiError {
  const ruleCode = details.map((d) => d.rule).find((r) => isRuleCode(r) && ERRORS[r].status === 400);
  return new ApiError((ruleCode as ErrorCode | undefined) ?? 'validationFailed', details);
}

/** Parses with a zod schema or throws the 400 of DESIGN §3. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(issuesToDetails(result.error.issues, prefix));
  return result.data;
}

/** An object body (or an object property of it), else 400 with the path that is missing. */
export function objectAt(body: unknown, key?: string): Record<string, unknown> {
  const value = key === undefined ? body : body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  if (value === undefined && key === 'query') return {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ApiError('validationFailed', [{ path: key ?? '', rule: value === undefined || value === null ? 'required' : 'invalid' }]);
  }
  return value as Record<string, unknown>;
}

/** 400 naming every key of a write body that is no field (unknownKeys below), rule unknownField. */
export function refuseUnknown(paths: readonly string[], prefix = ''): void {
  if (paths.length) throw validationError(paths.map((p) => ({ path: prefix ? `${prefix}.${p}` : p, rule: 'unknownField' })));
}

/** Keys a read answers beside the model's fields: a write may send them back and they are ignored. */
export const SYSTEM_KEYS: readonly string[] = ['id', 'createdAt', 'updatedAt', 'customerId', 'deleted'];

/**
 * Paths of the body's keys that name no field (nested lists and objects included). A write refuses
 * them rather than dropping them, so a client never believes it stored what it did not.
 */
export function unknownKeys(fields: Readonly<Record<string, FieldDef>>, body: unknown, prefix = '', tolerated: readonly string[] = SYSTEM_KEYS): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    // own keys only: 'constructor' or '__proto__' name no field
    const f = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!f) {
      // A key a read adds is sent back and ignored: the system keys, and a field's spec name (alsoAnsweredAs).
      const answeredAs = Object.values(fields).some((x) => x.alsoAnsweredAs?.split('.')[0] === key);
      if (!tolerated.includes(key) && !answeredAs) out.push(prefix + key);
    } else if (f.kind === 'object' && f.fields) {
      out.push(...unknownKeys(f.fields, value, `${prefix}${key}.`, []));
    } else if (f.kind === 'list' && f.fields && Array.isArray(value)) {
      value.forEach((item, i) => out.push(...unknownKeys(f.fields!, item, `${prefix}${key}.${i}.`, [])));
    }
  }
  return out;
}
