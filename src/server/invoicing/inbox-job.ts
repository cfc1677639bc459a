import type { Kysely } from 'kysely';
import { t } from '../../../model/dsl/i18n';
import { defineJob } from '../jobs/definition';
import { SHOP_TIME_ZONE } from '../../shared/dates';
import { ApiError } from '../errors';
import { blobStoreFor } from '../storage/configured-store';
import type { ServerConfig } from '../config';
import { processInbox, type InboxRun, type IngestOutcome } from './inbox';
import { bookUblInvoice } from './ubl-booking';
import type { DB } from '../../../generated/db/database.gen';

/**
 * `invoices.inbox`: every five minutes, the UBL e-invoices that arrived in the inbox folder
 * (INVOICE_INBOX_DIR) are booked on the supplier order their order reference names, in whichever
 * tenant and company that order is (inbox.ts claims each file for one process; ubl-booking.ts books).
 * A refusal the product explains (an ApiError: a broken rule, an unknown order, a duplicate, a file
 * that cannot be read or is too large) moves the file to refused/ with the reason, once; anything else
 * (the database away) leaves it for a later run, a bounded number of times (inbox.ts, MAX_ATTEMPTS).
 * Files are read on a worker thread (ubl/off-thread.ts): a 30 MB one does not hold up the server.
 */
export async function bookInbox(db: Kysely<DB>, config: Pick<ServerConfig, 'dataDir' | 'azureStorageConnectionString' | 'invoiceInboxDir'>): Promise<InboxRun> {
  const store = blobStoreFor(config);
  return processInbox(config.invoiceInboxDir, async (xml, fileName): Promise<IngestOutcome> => {
    try {
      return { booked: true, invoiceId: await bookUblInvoice(db, store, { tenantId: null, customerId: null }, null, xml, fileName) };
    } catch (error) {
      if (error instanceof ApiError) return { booked: false, errorCode: error.errorCode, message: error.message, details: error.details };
      throw error;
    }
  });
}

export const invoicesInboxJob = defineJob<Record<string, never>>({
  title: t('E-facturen inlezen', 'Read e-invoices', 'Lire les factures électroniques'),
  description: t(
    'Boekt de UBL-e-facturen uit de inboxmap op de leveranciersbestelling waarnaar ze verwijzen (elke vijf minuten).',
    'Books the UBL e-invoices of the inbox folder on the supplier order they refer to (every five minutes).',
    'Comptabilise les factures électroniques UBL du dossier de réception sur la commande fournisseur à laquelle elles renvoient (toutes les cinq minutes).',
  ),
  queue: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 900, deleteAfterSeconds: 7 * 86_400 },
  schedule: { cron: '*/5 * * * *', tz: SHOP_TIME_ZONE },
  parse: () => ({}),
  handle: async (_data, { db, config, log }) => {
    const run = await bookInbox(db, config);
    if (run.booked.length || run.refused.length) log.info({ booked: run.booked.length, refused: run.refused.length }, 'invoice inbox read');
    if (run.failed.length) log.warn({ failed: run.failed }, 'invoice inbox: files left for a later run');
    // The run's result (shown in the task logs): the counts and why each refused file was refused.
    return {
      booked: run.booked.length, refused: run.refused.length, failed: run.failed.length,
      refusedFiles: run.refused.map((r) => `${r.file}: ${r.errorCode}`).join('; ').slice(0, 2000) || null,
    };
  },
});
