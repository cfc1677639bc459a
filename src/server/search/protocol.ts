/**
 * The Algolia REST protocol served by the embedded engine under /api/search (DESIGN §2), so the
 * app's `algoliasearch` client and an indexing job built on the official client talk to it as to
 * Algolia: the client is given the host `{url: '<host>/api/search', protocol}` and builds
 * '<protocol>://<host>/api/search/1/indexes/…'.
 *
 * Read side (search key, secured keys): POST /1/indexes/{*|index}/queries|query, facet value search.
 * Write side (admin key only): batch, settings, clear, task status, get object.
 * Bodies arrive as text/plain JSON; errors answer Algolia's {message, status} (with the shop's errorCode).
 */
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { access } from '../../../model';
import type { ServerConfig } from '../config';
import { nestsTooDeep } from '../../shared/safe-text';
import { replicaOf } from '../../shared/search-sorts';
import { ApiError, errorMessage } from '../errors';
import { requestLanguage } from '../i18n';
import { logUnhandled } from '../request-context';
import { searchFacetValues, searchIndex } from './engine';
import { FilterSyntaxError, parseFilterString, type FilterNode } from './filters';
import { clearIndex, deleteDocuments, writeDocuments } from './index-sync';
import { apiKeyOf, indexAllowed, searchKeys, verifySecuredKey } from './keys';
import type { SearchRecord } from './records';
import type { DB } from '../../../generated/db/database.gen';

export const SEARCH_PREFIX = '/api/search';

/**
 * A route of the protocol: no bearer token, the Algolia API key (checked in each handler) is the
 * credential. Algolia's REST API defines the shapes; the schemas name what this server reads and
 * answers and let the rest of Algolia's objects through (loose).
 */
function protocolRoute<const P extends string>(summary: string, params: readonly P[], answer: z.ZodType, takesBody = false) {
  return {
    config: { access: access.public() },
    schema: {
      summary, tags: ['search protocol'], security: [{ algoliaKey: [] }],
      params: z.object(Object.fromEntries(params.map((p) => [p, z.string()])) as Record<P, z.ZodString>),
      querystring: protocolQuery,
      // The client posts JSON as text/plain; the scope's parser hands it over as text.
      ...(takesBody ? { consumes: ['text/plain', 'application/json'], body: z.string().optional().describe('A JSON object, as Algolia defines it for this call') } : {}),
      response: { 200: answer },
    },
  };
}
/** What the protocol reads from the query string (the client may send its key there); other keys pass. */
const protocolQuery = z.looseObject({
  'x-algolia-api-key': z.string().optional().describe('The API key, when not sent as the X-Algolia-API-Key header'),
  createIfNotExists: z.string().optional().describe("A partial update: 'false' leaves a missing record missing"),
});
type ProtocolRequest = FastifyRequest<{ Querystring: z.output<typeof protocolQuery> }>;
const task = { taskID: z.number() };
const loose = (shape: z.ZodRawShape = {}) => z.looseObject(shape);

class ProtocolError extends Error {
  constructor(readonly status: number, message: string, readonly errorCode?: string) { super(message); }
}

const invalidKey = (request: FastifyRequest) =>
  new ProtocolError(403, errorMessage('InvalidSearchKey', requestLanguage(request)), 'InvalidSearchKey');


type Caller = { admin: true } | { admin: false; restriction: FilterNode | null; indices: string[] | null };

/** Who the API key says the caller is: admin, the parent search key, or a valid secured key. */
async function callerOf(request: ProtocolRequest, db: Kysely<DB>, config: ServerConfig): Promise<Caller> {
  const key = apiKeyOf(request);
  if (!key) throw invalidKey(request);
  const keys = await searchKeys(db, config.search);
  if (key === keys.adminKey) return { admin: true };
  if (key === keys.searchKey) return { admin: false, restriction: null, indices: null };
  const decoded = verifySecuredKey(keys.searchKey, key);
  if (!decoded) throw invalidKey(request);
  if (decoded.validUntil !== null && !(decoded.validUntil > Date.now() / 1000)) throw invalidKey(request);
  let restriction: FilterNode | null = null;
  try { restriction = parseFilterString(decoded.filters); } catch { throw invalidKey(request); }
  return { admin: false, restriction, indices: decoded.restrictIndices };
}

function body(request: FastifyRequest): Record<string, unknown> {
  const raw = request.body;
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw !== 'string') return raw as Record<string, unknown>;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch { /* answered below */ }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ProtocolError(400, 'Invalid JSON body');
  if (nestsTooDeep(parsed)) throw new ProtocolError(400, 'Body nested too deep');
  return parsed as Record<string, unknown>;
}

function checkIndex(request: FastifyRequest, caller: Caller, indexName: unknown): string {
  if (typeof indexName !== 'string' || !indexName || indexName.length > 256) throw new ProtocolError(400, 'indexName is required');
  if (!caller.admin && !indexAllowed(indexName, caller.indices)) throw invalidKey(request);
  return indexName;
}

/** Records are written to a primary index; its sort replicas (records.ts) follow it, as in Algolia. */
function checkWritable(indexName: string): string {
  if (replicaOf(indexName)) throw new ProtocolError(400, `${indexName} is a sort replica: write to its primary index`);
  return indexName;
}

const requireAdmin = (request: FastifyRequest, caller: Caller) => {
  if (!caller.admin) throw new ProtocolError(403, 'Method not allowed with this API key', 'InvalidSearchKey');
};

/** Write operations complete before they answer: every task is already published. */
const taskId = async (db: Kysely<DB>, indexName: string): Promise<number> =>
  Number((await sql<{ version: string | number }>`select version from search_indexes where index_name = ${indexName}`.execute(db)).rows[0]?.version ?? 0);

async function runSearch(db: Kysely<DB>, caller: Caller, request: FastifyRequest, indexName: string, params: Record<string, unknown>) {
  const restriction = caller.admin ? null : caller.restriction;
  return searchIndex(db, checkIndex(request, caller, indexName), params, restriction);
}

export async function registerSearchProtocol(app: FastifyInstance, db: Kysely<DB>, config: ServerConfig): Promise<void> {
  await app.register(async (untyped) => {
    // Routes typed by their schemas (protocolRoute): request.params and .query are what they produced.
    const scope = untyped.withTypeProvider<ZodTypeProvider>();
    // The client posts JSON as text/plain (a CORS "simple" request); take every body as text and parse it here.
    scope.removeAllContentTypeParsers();
    // The Node client gzips large bodies when asked to (content-encoding: gzip).
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 50 * 1024 * 1024 }, (req, buffer: Buffer, done) => {
      try {
        done(null, (req.headers['content-encoding'] === 'gzip' ? gunzipSync(buffer) : buffer).toString('utf8'));
      } catch {
        done(new ProtocolError(400, 'Invalid gzip body'), undefined);
      }
    });
    scope.setErrorHandler((error: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ProtocolError) return reply.status(error.status).send({ message: error.message, status: error.status, ...(error.errorCode ? { errorCode: error.errorCode } : {}) });
      if (error instanceof FilterSyntaxError) return reply.status(400).send({ message: error.message, status: 400 });
      // The app's own refusals on the way to the handler (too many searches: src/server/ops/overload.ts), in the protocol's shape.
      if (error instanceof ApiError) {
        const message = errorMessage(error.errorCode, requestLanguage(request));
        return reply.status(error.status).send({ message, status: error.status, errorCode: error.errorCode });
      }
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) logUnhandled(request, reply, error);
      return reply.status(status).send({ message: status === 500 ? 'Internal error' : error.message, status });
    });
    scope.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found', status: 404 }));

    // '*' is not a wildcard here: the multi-query path is literally /1/indexes/*/queries.
    scope.post('/1/indexes/:star/queries', protocolRoute('Algolia multi-query (searches and facet searches) over the indexes the key allows.', ['star'], loose({ results: z.array(loose()) }), true), async (request) => {
      if (request.params.star !== '*') throw new ProtocolError(404, 'Not found');
      const caller = await callerOf(request, db, config);
      const { requests } = body(request);
      if (!Array.isArray(requests) || requests.length > 50) throw new ProtocolError(400, 'requests must be an array of at most 50 queries');
      const results = [];
      for (const r of requests) {
        if (!r || typeof r !== 'object') throw new ProtocolError(400, 'a request must be an object');
        const req = r as Record<string, unknown>;
        if (req.type === 'facet') {
          const restriction = caller.admin ? null : caller.restriction;
          results.push(await searchFacetValues(db, checkIndex(request, caller, req.indexName), req, restriction));
        } else {
          results.push(await runSearch(db, caller, request, req.indexName as string, req));
        }
      }
      return { results };
    });

    scope.post('/1/indexes/:indexName/query', protocolRoute('Algolia search in one index.', ['indexName'], loose({ hits: z.array(loose()), nbHits: z.number() }), true), async (request) => {
      const caller = await callerOf(request, db, config);
      return runSearch(db, caller, request, request.params.indexName, body(request));
    });

    scope.post('/1/indexes/:indexName/facets/:facetName/query', protocolRoute("Algolia search for a facet's values.", ['indexName', 'facetName'], loose({ facetHits: z.array(loose()) }), true), async (request) => {
      const caller = await callerOf(request, db, config);
      const { indexName, facetName } = request.params;
      const restriction = caller.admin ? null : caller.restriction;
      return searchFacetValues(db, checkIndex(request, caller, indexName), { ...body(request), facet: facetName }, restriction);
    });

    scope.post('/1/indexes/:indexName/batch', protocolRoute('Algolia batch write (admin key).', ['indexName'], z.object({ ...task, objectIDs: z.array(z.string()) }), true), async (request) => {
      const caller = await callerOf(request, db, config);
      requireAdmin(request, caller);
      const indexName = checkWritable(checkIndex(request, caller, request.params.indexName));
      const { requests } = body(request);
      if (!Array.isArray(requests)) throw new ProtocolError(400, 'requests must be an array');
      const objectIDs: string[] = [];
      // Consecutive saves (and deletes) are written together: one statement per 1000 records, not per record.
      let saves: SearchRecord[] = [];
      let deletes: string[] = [];
      const flush = async () => {
        if (saves.length) await writeDocuments(db, indexName, saves);
        if (deletes.length) await deleteDocuments(db, indexName, deletes);
        saves = [];
        deletes = [];
      };
      for (const r of requests as { action?: string; body?: Record<string, unknown> }[]) {
        const record = r?.body;
        const id = record && (typeof record.objectID === 'string' || typeof record.objectID === 'number') ? String(record.objectID) : null;
        switch (r?.action) {
          case 'addObject': case 'updateObject': {
            if (!id) throw new ProtocolError(400, 'objectID is required');
            if (deletes.length) await flush();
            saves.push({ ...record, objectID: id } as unknown as SearchRecord);
            break;
          }
          case 'partialUpdateObject': case 'partialUpdateObjectNoCreate': {
            if (!id) throw new ProtocolError(400, 'objectID is required');
            await flush();
            const existing = (await sql<{ record: unknown }>`select record from search_records where index_name = ${indexName} and object_id = ${id}`.execute(db)).rows[0];
            if (!existing && r.action === 'partialUpdateObjectNoCreate') break;
            const current = existing ? (typeof existing.record === 'string' ? JSON.parse(existing.record) : existing.record) : {};
            await writeDocuments(db, indexName, [{ ...current, ...record, objectID: id } as SearchRecord]);
            break;
          }
          case 'deleteObject':
            if (!id) throw new ProtocolError(400, 'objectID is required');
            if (saves.length) await flush();
            deletes.push(id);
            break;
          case 'clear':
            await flush();
            await clearIndex(db, indexName);
            break;
          default:
            throw new ProtocolError(400, `unsupported batch action ${String(r?.action)}`);
        }
        if (id) objectIDs.push(id);
      }
      await flush();
      return { taskID: await taskId(db, indexName), objectIDs };
    });

    scope.post('/1/indexes/:indexName/clear', protocolRoute('Algolia clear index (admin key).', ['indexName'], z.object({ ...task, updatedAt: z.string() }), true), async (request) => {
      const caller = await callerOf(request, db, config);
      requireAdmin(request, caller);
      const indexName = checkWritable(checkIndex(request, caller, request.params.indexName));
      await clearIndex(db, indexName);
      return { taskID: await taskId(db, indexName), updatedAt: new Date().toISOString() };
    });

    scope.put('/1/indexes/:indexName/settings', protocolRoute('Algolia set index settings (admin key).', ['indexName'], z.object({ ...task, updatedAt: z.string() }), true), async (request) => {
      const caller = await callerOf(request, db, config);
      requireAdmin(request, caller);
      const indexName = checkIndex(request, caller, request.params.indexName);
      const settings = body(request);
      await sql`insert into search_indexes (index_name, settings, version) values (${indexName}, ${JSON.stringify(settings)}::jsonb, 1)
        on conflict (index_name) do update set settings = excluded.settings, version = search_indexes.version + 1, updated_at = now()`.execute(db);
      return { taskID: await taskId(db, indexName), updatedAt: new Date().toISOString() };
    });

    scope.get('/1/indexes/:indexName/settings', protocolRoute('Algolia index settings (admin key).', ['indexName'], loose()), async (request) => {
      const caller = await callerOf(request, db, config);
      requireAdmin(request, caller);
      const indexName = checkIndex(request, caller, request.params.indexName);
      const row = (await sql<{ settings: unknown }>`select settings from search_indexes where index_name = ${indexName}`.execute(db)).rows[0];
      if (!row) throw new ProtocolError(404, 'Index does not exist');
      return typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings;
    });

    scope.get('/1/indexes/:indexName/task/:taskID', protocolRoute('Algolia task status: every write is published before it answers (admin key).', ['indexName', 'taskID'], z.object({ status: z.string(), pendingTask: z.boolean() })), async (request) => {
      const caller = await callerOf(request, db, config);
      requireAdmin(request, caller);
      checkIndex(request, caller, request.params.indexName);
      return { status: 'published', pendingTask: false };
    });

    // Single-record writes (saveObject, addOrUpdateObject, partialUpdateObject, deleteObject).
    const writeOne = async (request: ProtocolRequest, target: string, objectID: string | null, partial: boolean) => {
      const caller = await callerOf(request, db, config);
      requireAdmin(request, caller);
      const indexName = checkWritable(checkIndex(request, caller, target));
      const record = body(request);
      const id = objectID ?? (typeof record.objectID === 'string' ? record.objectID : randomUUID());
      let current: Record<string, unknown> = {};
      if (partial) {
        const row = (await sql<{ record: unknown }>`select record from search_records where index_name = ${indexName} and object_id = ${id}`.execute(db)).rows[0];
        if (!row && request.query.createIfNotExists === 'false') return { taskID: await taskId(db, indexName), objectID: id };
        current = row ? (typeof row.record === 'string' ? JSON.parse(row.record) : row.record) as Record<string, unknown> : {};
      }
      await writeDocuments(db, indexName, [{ ...current, ...record, objectID: id } as unknown as SearchRecord]);
      return { taskID: await taskId(db, indexName), objectID: id, updatedAt: new Date().toISOString(), createdAt: new Date().toISOString() };
    };
    const written = z.object({ ...task, objectID: z.string(), updatedAt: z.string().optional(), createdAt: z.string().optional() });
    scope.post('/1/indexes/:indexName', protocolRoute('Algolia add a record (admin key).', ['indexName'], written, true), (request) => writeOne(request, request.params.indexName, null, false));
    scope.put('/1/indexes/:indexName/:objectID', protocolRoute('Algolia save a record (admin key).', ['indexName', 'objectID'], written, true), (request) => writeOne(request, request.params.indexName, request.params.objectID, false));
    scope.post('/1/indexes/:indexName/:objectID/partial', protocolRoute('Algolia partial update of a record (admin key).', ['indexName', 'objectID'], written, true), (request) => writeOne(request, request.params.indexName, request.params.objectID, true));
    scope.delete('/1/indexes/:indexName/:objectID', protocolRoute('Algolia delete a record (admin key).', ['indexName', 'objectID'], z.object({ ...task, deletedAt: z.string() })), async (request) => {
      const caller = await callerOf(request, db, config);
      requireAdmin(request, caller);
      const { indexName, objectID } = request.params;
      checkWritable(checkIndex(request, caller, indexName));
      await deleteDocuments(db, indexName, [objectID]);
      return { taskID: await taskId(db, indexName), deletedAt: new Date().toISOString() };
    });

    scope.get('/1/indexes/:indexName/:objectID', protocolRoute('Algolia get a record (admin key).', ['indexName', 'objectID'], loose({ objectID: z.string() })), async (request) => {
      const caller = await callerOf(request, db, config);
      requireAdmin(request, caller);
      const { indexName, objectID } = request.params;
      checkIndex(request, caller, indexName);
      const primary = replicaOf(indexName)?.primary ?? indexName;
      const row = (await sql<{ record: unknown }>`select record from search_records where index_name = ${primary} and object_id = ${objectID}`.execute(db)).rows[0];
      if (!row) throw new ProtocolError(404, 'ObjectID does not exist');
      return typeof row.record === 'string' ? JSON.parse(row.record) : row.record;
    });
  }, { prefix: SEARCH_PREFIX });
}
