import { sql } from 'kysely';
import { articleMailRequestContracts } from '../../shared/contracts/article-mail-requests';
import { visibleArticleDtos } from '../catalogue/article-dto';
import { callerVisibility } from '../catalogue/caller';
import { ApiError } from '../errors';
import { implement } from './define';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/**
 * POST /customers/articleMailRequest {supplierArticleId}: the user asks to be mailed when a visible
 * article is back in stock. One open (not yet notified) request per user and article: asking again
 * answers the open one.
 */
export const articleMailRequestActions = implement(articleMailRequestContracts, { request: async ({ db, body, request: req }) => {
  const v = await callerVisibility(db, req);
  const auth = req.auth!;
  const customerId = v.customerId;
  if (!customerId) throw new ApiError('noActiveCustomer');
  const [article] = await visibleArticleDtos(db, v, [body.supplierArticleId]);
  if (!article) throw new ApiError('SupplierArticleNotFound');
  const row = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`article-mail:${auth.user.id}:${article.id}`}))`.execute(trx);
    const open = await trx.selectFrom('articleMailRequests').select(['id', 'createdAt'])
      .where('tenantId', '=', v.tenantId).where('customerId', '=', customerId)
      .where('supplierArticleId', '=', article.id).where('userId', '=', auth.user.id).where('notifiedAt', 'is', null)
      .orderBy('createdAt').orderBy('id').executeTakeFirst();
    if (open) return open;
    return trx.insertInto('articleMailRequests')
      .values({ tenantId: v.tenantId, customerId, supplierArticleId: article.id, userId: auth.user.id, email: auth.user.email })
      .returning(['id', 'createdAt']).executeTakeFirstOrThrow();
  });
  return { result: { id: row.id as string, createdAt: iso(row.createdAt) } };
} });
