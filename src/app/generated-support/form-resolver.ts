import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { ERRORS, VALIDATION_MESSAGES, type ValidationRule } from '../../../model/catalogue/errors';

/**
 * The schemas' issue messages are rule names ('required', 'maxLength') and error codes
 * ('InvalidShippingCost'); react-admin translates an input's error message as an i18n key. A
 * message that is neither is zod's own English text: it becomes the generic "invalid value" key, so
 * a form never shows an untranslated message.
 */
export function messageKey(message: string): string {
  if (message in VALIDATION_MESSAGES) return `validation.messages.${message}`;
  if (message in ERRORS) return `ErrorMessage.${message}`;
  return 'validation.messages.invalid';
}

const ourMessage = (message: string) => message in VALIDATION_MESSAGES || message in ERRORS;

type Issue = z.core.$ZodIssue;

/** The rule a zod issue without one of our messages breaks, from its code (zod's default texts are English). */
function ruleOfCode(issue: Issue): ValidationRule {
  switch (issue.code) {
    case 'invalid_type': return issue.input === undefined || issue.input === null ? 'required' : 'invalid';
    case 'too_small': return issue.origin === 'string' || issue.origin === 'array' ? 'minLength' : 'minValue';
    case 'too_big': return issue.origin === 'string' || issue.origin === 'array' ? 'maxLength' : 'maxValue';
    case 'invalid_format': return issue.format === 'email' ? 'email' : issue.format === 'url' ? 'url' : 'invalid';
    case 'invalid_value': return 'choice';
    case 'not_multiple_of': return 'numerical';
    case 'unrecognized_keys': return 'unknownField';
    default: return 'invalid';
  }
}

/**
 * An optional field's schema is a union ('' as null, or the value's own schema): when both fail,
 * the value's branch says what is wrong ("digits only"), the '' branch only that it is not empty.
 * The branch whose issue carries one of our messages wins, else the one with the fewest issues.
 */
function meaningful(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || !issue.errors.length) return issue;
  const branches = issue.errors.filter((b) => b.length > 0);
  const ours = branches.find((b) => ourMessage(b[0]!.message));
  const best = ours ?? branches.reduce((a, b) => (b.length < a.length ? b : a), branches[0] ?? []);
  const first = best[0];
  // a branch issue's path is relative to the union
  return first ? meaningful({ ...first, path: [...issue.path, ...first.path] } as Issue) : issue;
}

/** The i18n key of an issue's message: our rule or error code, or the rule its zod code stands for. */
export function issueKey(issue: Issue): string {
  const chosen = meaningful(issue);
  return ourMessage(chosen.message) ? messageKey(chosen.message) : `validation.messages.${ruleOfCode(chosen)}`;
}

/**
 * A form resolver from a generated schema (the server's own), every message an i18n key: the
 * first issue of each field wins. On success the form submits the schema's output: '' as null,
 * '12,5' as '12.5', unknown properties (id, timestamps) dropped.
 */
export function zodFormResolver<T extends FieldValues>(schema: z.ZodType<T, T>): Resolver<FieldValues> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data as FieldValues, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const chosen = meaningful(issue);
      const path = chosen.path.join('.');
      errors[path] ??= { type: chosen.code, message: issueKey(issue) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
