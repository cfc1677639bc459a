/**
 * Calls that take a file (a contract with `multipart`: one part `file`), made with their generated
 * CallDef as the other calls are (./call-api.ts), and the change hook over them (as
 * ./call-mutation.ts's): the path and query from the call's input, the file as multipart/form-data
 * with the app's headers (HttpClient.prepare), a refusal as the client's HttpError with the server's
 * envelope, so errorText is the errorCode's text (FileTooLarge, FileTypeNotAllowed, …).
 */
import { useMutation, useQueryClient, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import type { ErrorCode } from '../../../model/catalogue/errors';
import type { ContractInput, ResultOf } from '../../shared/contracts/define';
import { useCoreServices } from '../bootstrap/context';
import { pathOf, type CallDef, type CallInput } from './call-api';
import { resourceCallsKey } from './calls';
import { describeError, type FailureContext } from './errors';
import { queryString, toHttpError, type HttpClient, type RequestOptions } from './http';

/** What an upload call takes: the call's path parameters and query, and the file. */
export type UploadInput<C extends ContractInput> = CallInput<C> & { readonly file: File };

/** Sends `input.file` to the call (POST, multipart/form-data, the part `file`); resolves with its answer, rejects with the client's HttpError. */
export async function callUpload<C extends ContractInput>(http: Pick<HttpClient, 'prepare'>, def: CallDef<C>, input: UploadInput<C>, options: { signal?: AbortSignal } = {}): Promise<ResultOf<C>> {
  const { params, query, file } = input as { params?: Record<string, string | number>; query?: RequestOptions['query']; file: File };
  const { url, headers } = await http.prepare(pathOf(def.path, params) + queryString(query));
  const form = new FormData();
  form.append('file', file, file.name);
  // The browser writes the multipart type with its boundary.
  headers.delete('Content-Type');
  headers.set('Accept', 'application/json');
  const response = await fetch(url, { method: def.method, headers, body: form, signal: options.signal });
  const text = await response.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* not JSON: kept as text */ }
  if (!response.ok) throw toHttpError(new HttpError((body as { message?: string } | null)?.message ?? response.statusText, response.status, body));
  return body as ResultOf<C>;
}

/** The HTTP status the server answers a refusal of a file with (model/catalogue/errors.ts). */
const STATUS: Partial<Record<ErrorCode, number>> = { FileTooLarge: 413, FileTypeNotAllowed: 415, FileEmpty: 400 };

export type UploadMutationOptions<C extends ContractInput> = Omit<UseMutationOptions<ResultOf<C>, Error, UploadInput<C>>, 'mutationFn'> & {
  /** As useCallMutation's: where errorText looks when the failure has no errorCode of its own. */
  readonly failure?: FailureContext;
  /**
   * A check of the file before a byte is sent (its size, its type as the browser names it): a code
   * refuses it as the server would, with the same text, so a file the server would stop reading is
   * not sent at all. The server checks again, by the file's bytes.
   */
  readonly refuse?: (file: File) => ErrorCode | null;
};

export type UploadMutation<C extends ContractInput> = UseMutationResult<ResultOf<C>, Error, UploadInput<C>> & {
  /** The failure in the user's language (the errorCode's message, else the call's failure text), or null. */
  readonly errorText: string | null;
};

/**
 * Uploads through a call. Once it is done, every read of the call's resource is read again;
 * `isPending` is the busy state, `errorText` the translated failure (as useCallMutation's).
 */
export function useUploadMutation<C extends ContractInput>(def: CallDef<C>, { failure, refuse, ...options }: UploadMutationOptions<C> = {}): UploadMutation<C> {
  const { http, i18n } = useCoreServices();
  const queryClient = useQueryClient();
  const mutation = useMutation<ResultOf<C>, Error, UploadInput<C>>({
    ...options,
    mutationFn: async (input) => {
      const code = refuse?.(input.file);
      if (code) throw new HttpError(code, STATUS[code] ?? 400, { errorCode: code, message: code });
      return callUpload(http, def, input);
    },
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: resourceCallsKey(def.resource) });
      await options.onSettled?.(...args);
    },
  });
  const errorText = mutation.error ? describeError(mutation.error, { resource: def.resource, op: def.op ?? def.name, ...failure }, i18n.i18nProvider) : null;
  return Object.assign(mutation, { errorText });
}
