import { ERRORS, VALIDATION_MESSAGES, type ErrorCode } from '../../model';
import type { Language } from '../../model/dsl/i18n';
import type { ApiErrorBody, ApiErrorDetail } from '../shared/session-types';
import { serverText } from './i18n';

export type ValidationRuleName = keyof typeof VALIDATION_MESSAGES;

/**
 * One field problem: `rule` is a validation.messages key or the errorCode of a cross-field rule;
 * `params` what the client composes into its message, e.g. {stock: 5} for NotEnoughStock (core §5
 * basket quantity). The envelope's detail without its text, which errorBody adds in the caller's language.
 */
export type ErrorDetail = Omit<ApiErrorDetail, 'message'>;

/** A failure the client is meant to see: a catalogue code, its HTTP status, optional field details. */
export class ApiError extends Error {
  readonly status: number;
  constructor(readonly errorCode: ErrorCode, readonly details?: ErrorDetail[], message?: string) {
    super(message ?? errorMessage(errorCode, 'en'));
    this.status = ERRORS[errorCode].status;
  }
}

/** Shorthand for 400 validationFailed with one detail. */
export function invalid(path: string, rule: string): ApiError {
  return new ApiError('validationFailed', [{ path, rule }]);
}

/** An error code's message in `lang` (the server's i18next, `ErrorMessage.<code>`). */
export const errorMessage = (code: ErrorCode, lang: Language) => serverText(lang, `ErrorMessage.${code}`);

/** A detail's text in `lang`: its rule's validation message, or its error code's (the calls' details and an import's line problems). */
export function detailMessage(rule: string, lang: Language): string {
  if (Object.hasOwn(VALIDATION_MESSAGES, rule)) return serverText(lang, `validation.messages.${rule}`);
  if (Object.hasOwn(ERRORS, rule)) return errorMessage(rule as ErrorCode, lang);
  return serverText(lang, 'validation.messages.invalid');
}

/** The error envelope of DESIGN §3 in the caller's language. */
export function errorBody(error: ApiError, lang: Language): ApiErrorBody {
  const body: ApiErrorBody = { errorCode: error.errorCode, message: errorMessage(error.errorCode, lang) };
  if (error.details?.length) {
    body.details = error.details.map((d) => ({ path: d.path, rule: d.rule, message: detailMessage(d.rule, lang), ...(d.params ? { params: d.params } : {}) }));
  }
  return body;
}
