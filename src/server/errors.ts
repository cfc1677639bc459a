import { ERRORS, VALIDATION_MESSAGES, type ErrorCode } from '../../model';
import type { Language } from '../../model/dsl/i18n';
import type { ApiErrorBody } from '../shared/session-types';

export type ValidationRuleName = keyof typeof VALIDATION_MESSAGES;

/** One field problem: `rule` is a validation.messages key or the errorCode of a cross-field rule. */
export interface ErrorDetail {
  path: string;
  rule: string;
  /** Values the client composes into its message, e.g. {stock: 5} for NotEnoughStock (core §5 basket quantity). */
  params?: Record<string, string | number>;
}

/** A failure the client is meant to see: a catalogue code, its HTTP status, optional field details. */
export class ApiError extends Error {
  readonly status: number;
  constructor(readonly errorCode: ErrorCode, readonly details?: ErrorDetail[], message?: string) {
    super(message ?? ERRORS[errorCode].message.en);
    this.status = ERRORS[errorCode].status;
  }
}

/** Shorthand for 400 validationFailed with one detail. */
export function invalid(path: string, rule: string): ApiError {
  return new ApiError('validationFailed', [{ path, rule }]);
}

/** The first of nl/en/fr named in Accept-Language (by preference order), else nl. */
export function languageOf(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'nl';
  const ranked = acceptLanguage.split(',').map((part, index) => {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return { lang: tag.split('-')[0], q: q ? Number(q.slice(2)) : 1, index };
  }).filter((x) => x.q > 0).sort((a, b) => b.q - a.q || a.index - b.index);
  const hit = ranked.find((x) => x.lang === 'nl' || x.lang === 'en' || x.lang === 'fr');
  return (hit?.lang as Language | undefined) ?? 'nl';
}

function detailMessage(rule: string, lang: Language): string {
  if (rule in VALIDATION_MESSAGES) return VALIDATION_MESSAGES[rule as ValidationRuleName][lang];
  if (rule in ERRORS) return ERRORS[rule as ErrorCode].message[lang];
  return VALIDATION_MESSAGES.invalid[lang];
}

/** The error envelope of DESIGN §3 in the caller's language. */
export function errorBody(error: ApiError, lang: Language): ApiErrorBody {
  const body: ApiErrorBody = { errorCode: error.errorCode, message: ERRORS[error.errorCode].message[lang] };
  if (error.details?.length) {
    body.details = error.details.map((d) => ({ path: d.path, rule: d.rule, message: detailMessage(d.rule, lang), ...(d.params ? { params: d.params } : {}) }));
  }
  return body;
}
