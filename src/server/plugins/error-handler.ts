import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { issuesToDetails, validationError } from '../crud/validate';
import { logUnhandled } from '../request-context';
import { ANY_CALL_ERRORS } from '../../shared/contracts/define';
import { ApiError, errorBody, type ErrorDetail } from '../errors';
import { requestLanguage } from '../i18n';

/** PostgreSQL errors that mean bad input rather than a broken server. */
function fromDatabase(err: { code?: unknown; constraint?: unknown; column?: unknown }): ApiError | null {
  switch (err.code) {
    case '23505': return new ApiError('DuplicateName'); // unique_violation
    case '23502': return new ApiError('validationFailed', [{ path: String(err.column ?? ''), rule: 'required' }]); // not_null_violation
    case '23503': case '23514': case '22P02': case '22007': case '22008': case '22003': case '22001':
      return new ApiError('validationFailed', [{ path: String(err.column ?? err.constraint ?? ''), rule: 'invalid' }]);
    default: return null;
  }
}

/** Errors Fastify itself raises for a bad request (malformed JSON, wrong content type, too large). */
function fromFastify(err: FastifyError): ApiError | null {
  const status = err.statusCode ?? 0;
  if (status < 400 || status >= 500) return null;
  if (status === 401) return new ApiError('unauthorized');
  if (status === 403) return new ApiError('forbiddenAccess');
  if (status === 404) return new ApiError('notFound');
  const details: ErrorDetail[] = err.validation
    ? err.validation.map((v) => ({ path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'), rule: 'invalid' }))
    : [{ path: '', rule: 'invalid' }];
  return new ApiError('validationFailed', details, err.message);
}

type ZodValidation = { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> };

/**
 * A route schema's failed validation (fastify-type-provider-zod): the zod issues, rebuilt, give the
 * same details as a handler's own parse did ({path, rule}); a failed cross-field rule keeps its code.
 */
function fromZodValidation(request: FastifyRequest, validation: readonly ZodValidation[]): ApiError {
  const root = request.routeOptions.config.detailsRoot;
  const issues = validation.map((v) => {
    const path = v.instancePath.split('/').filter(Boolean);
    return { ...v.params, code: v.keyword, message: v.message ?? '', path: root && path.length > 1 && path[0] === root ? path.slice(1) : path } as unknown as z.core.$ZodIssue;
  });
  return validationError(issuesToDetails(issues));
}

/** Sends the error envelope of DESIGN §3. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError, status = error.status) {
  return reply.status(status).type('application/json').send(errorBody(error, requestLanguage(request)));
}

/** A contract's call that answered an error code its contract does not declare (nor ANY_CALL_ERRORS has). */
export interface UndeclaredError {
  /** 'POST /api/invoices/upload-ubl': the route as registered. */
  route: string;
  errorCode: string;
}

const anyCall: ReadonlySet<string> = new Set(ANY_CALL_ERRORS);

/**
 * One error envelope for everything; bad input is a 4xx with an errorCode, never a 500.
 * `onUndeclared` (the tests') hears of each answer of a contract's route whose code its contract's
 * `errors` does not list: a contract's route has its `errors` in its config (an empty list when none).
 */
export function installErrorHandler(app: FastifyInstance, onUndeclared?: (found: UndeclaredError) => void): void {
  const answer = (request: FastifyRequest, reply: FastifyReply, error: ApiError, status?: number) => {
    const declared = request.routeOptions.config.errors;
    if (onUndeclared && declared && !anyCall.has(error.errorCode) && !declared.includes(error.errorCode)) {
      onUndeclared({ route: `${request.method} ${request.routeOptions.url}`, errorCode: error.errorCode });
    }
    return sendError(request, reply, error, status);
  };
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) return answer(request, reply, err);
    if (hasZodFastifySchemaValidationErrors(err)) return answer(request, reply, fromZodValidation(request, err.validation));
    const db = fromDatabase(err as never);
    if (db) {
      request.log.info({ code: (err as { code?: string }).code, detail: (err as { detail?: string }).detail }, 'database refused input');
      return answer(request, reply, db);
    }
    const bad = fromFastify(err);
    // Keep Fastify's own status (413 body too large, 415 media type) with the project's envelope.
    if (bad) return answer(request, reply, bad, err.statusCode);
    logUnhandled(request, reply, err);
    return answer(request, reply, new ApiError('internalError'));
  });
}
