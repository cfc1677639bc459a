import type { JobDefinition } from './jobs/definition';
import type { JobData, JobName } from './jobs/job-types';
import { mailSendJob } from './mail/send-job';
import { remindersDueJob } from './reminders/due-job';
import { supplierOrderSendJob } from './fulfilment/send-job';
import { invoicesExpireJob } from './invoicing/expire-job';
import { invoicesInboxJob } from './invoicing/inbox-job';
import { deliveriesAutoApproveJob } from './fulfilment/auto-approve-job';
import { stockRestockJob } from './stock/restock-job';
import { articlesBackInStockJob } from './stock/back-in-stock-job';
import { staplesImportJob } from './catalogue/staples-import';
import { productImportJob, productImportsExpireJob } from './catalogue/product-import';
import { searchReindexJob } from './search/reindex-job';
import { exportsRunJob } from './reporting/export-job';
import { contractsStatusJob } from './contracts/status-job';

/**
 * Every background job of the product, by queue name: built here, at the composition root, and
 * handed to the queue (buildApp → installJobs, migrate), which creates the queues and runs the
 * workers from it. An area declares its job next to its code (defineJob), names its data in
 * src/server/jobs/job-types.ts (what enqueue() knows) and adds one line here; the check below
 * holds each definition to its data there.
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
  'productImports.run': productImportJob,
  'productImports.expire': productImportsExpireJob,
  'exports.run': exportsRunJob,
  'contracts.status': contractsStatusJob,
} as const satisfies { readonly [N in JobName]: JobDefinition<JobData<N>> };
