import type { JobDefinition } from './definition';
import { mailSendJob } from '../mail/send-job';
import { remindersDueJob } from '../reminders/due-job';
import { supplierOrderSendJob } from '../fulfilment/send-job';
import { invoicesExpireJob } from '../invoicing/expire-job';
import { invoicesInboxJob } from '../invoicing/inbox-job';
import { deliveriesAutoApproveJob } from '../fulfilment/auto-approve-job';
import { stockRestockJob } from '../stock/restock-job';
import { articlesBackInStockJob } from '../stock/back-in-stock-job';
import { staplesImportJob } from '../catalogue/staples-import';
import { searchReindexJob } from '../search/reindex-job';
import { exportsRunJob } from '../reporting/export-job';
import { contractsStatusJob } from '../contracts/status-job';

/**
 * Every background job of the product, by queue name. An area declares its job next to its code
 * (defineJob) and adds one line here; the queue creates the queues and runs the workers from this
 * list, and enqueue() accepts only these names with their data.
 */
export const JOBS = {
  'mail.send': mailSendJob,
  'reminders.due': remindersDueJob,
  'supplierOrders.send': supplierOrderSendJob,
  'invoices.expire': invoicesExpireJob,
  'invoices.inbox': invoicesInboxJob,
  'deliveries.autoApprove': deliveriesAutoApproveJob,
  'stock.restock': stockRestockJob,
  'articles.backInStock': articlesBackInStockJob,
  'search.reindex': searchReindexJob,
  'catalogue.importStaples': staplesImportJob,
  'exports.run': exportsRunJob,
  'contracts.status': contractsStatusJob,
  // any: each entry keeps its own data type (JobData below reads it back); only the shape is checked here.
} as const satisfies Record<string, JobDefinition<any>>;

export type JobName = keyof typeof JOBS;
/** The data a job of `N` carries. */
export type JobData<N extends JobName> = (typeof JOBS)[N] extends JobDefinition<infer D> ? D : never;

export const JOB_NAMES = Object.keys(JOBS) as JobName[];
