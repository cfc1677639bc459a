/**
 * What the user reads when a call fails (core §8): ErrorMessage.{errorCode} translated when that key
 * exists, else the resource's fallback text failure.{resource}.{op} (with {{name}}), else a general
 * message. The data provider rewrites each HttpError's message with it, so react-admin's own
 * notifications show the translated text without further wiring.
 */
import { HttpError, type DataProvider, type I18nProvider } from 'ra-core';
import type { CrudOp } from '../../../model/dsl/endpoints';
import { hasMessage } from '../i18n/has-message';
import type { HttpErrorBody } from './http';

export interface FailureContext {
  resource?: string;
  /** The operation: a generic one, or a custom action's name (failure.{resource}.{action}). */
  op?: CrudOp | (string & {});
  /** The record's name for {{name}} in fallback texts. */
  name?: string;
  /** The fallback text's key for a call of no resource (e.g. 'tasks.failed.run', core §8 'Error running a task'). */
  fallback?: string;
}

/** The translated text for a failed call. */
export function describeError(error: unknown, context: FailureContext, i18n: I18nProvider): string {
  const body = (error instanceof HttpError ? error.body : undefined) as HttpErrorBody | undefined;
  const status = error instanceof HttpError ? error.status : undefined;
  const code = body?.errorCode;
  if (code && hasMessage(i18n, `ErrorMessage.${code}`)) return i18n.translate(`ErrorMessage.${code}`);
  // core §8: a 403 shows the forbidden-access message and nothing more.
  if (status === 403 && hasMessage(i18n, 'ErrorMessage.forbiddenAccess')) return i18n.translate('ErrorMessage.forbiddenAccess');
  const fallbackKey = context.fallback ?? (context.resource && context.op ? `failure.${context.resource}.${context.op}` : null);
  if (fallbackKey && hasMessage(i18n, fallbackKey)) return i18n.translate(fallbackKey, { name: context.name ?? '' });
  return i18n.translate('app.error.general');
}

const OPS: Record<string, CrudOp> = {
  getList: 'list', getManyReference: 'list', getOne: 'get', getMany: 'get', create: 'create',
  update: 'update', updateMany: 'update', delete: 'delete', deleteMany: 'delete', restore: 'restore',
};

// Records name themselves by different fields; these cover the model's recordRepresentation values.
const NAME_FIELDS = ['name', 'description', 'displayname', 'title', 'email'];

function nameOf(params: Record<string, unknown> | undefined): string | undefined {
  const record = (params?.previousData ?? params?.data) as Record<string, unknown> | undefined;
  for (const field of NAME_FIELDS) if (typeof record?.[field] === 'string' && record[field]) return record[field] as string;
  return params?.id != null ? String(params.id) : undefined;
}

/** Wraps every method so failures carry the translated message (status and body are kept for checkError and forms). */
export function withErrorMessages<T extends DataProvider>(provider: T, i18n: I18nProvider): T {
  const wrapped: Record<string, unknown> = { ...provider };
  for (const [method, fn] of Object.entries(provider)) {
    if (typeof fn !== 'function') continue;
    wrapped[method] = async (resource: string, params: Record<string, unknown>) => {
      try {
        return await fn.call(provider, resource, params);
      } catch (error) {
        if ((error as Error)?.name === 'AbortError') throw error;
        const message = describeError(error, { resource, op: OPS[method], name: nameOf(params) }, i18n);
        const status = error instanceof HttpError ? error.status : 500;
        const body = error instanceof HttpError ? error.body : {};
        throw new HttpError(message, status, body);
      }
    };
  }
  return wrapped as T;
}
