import type { MailJob } from '../mail/message';

/** The data of a job that looks for what is due itself (a scheduled job): none. */
type NoData = Record<string, never>;

/**
 * Every background job of the product by queue name, with the data it carries: all that enqueue()
 * knows of the jobs, as types only. The definitions (what runs) are listed at the composition root
 * (src/server/job-registry.ts), which checks each against its line here and hands them to the queue;
 * so code that enqueues never imports the code that runs.
 */
export interface JobPayloads {
  'mail.send': MailJob;
  'reminders.due': NoData;
  'supplierOrders.send': { tenantId: string; supplierOrderId: string };
  'invoices.expire': NoData;
  'invoices.inbox': NoData;
  'deliveries.autoApprove': NoData;
  'stock.restock': NoData;
  'articles.backInStock': NoData;
  'search.reindex': { tenantId?: string | undefined };
  'catalogue.importStaples': { tenantId: string };
  'productImports.run': { tenantId: string; importId: string };
  'productImports.expire': NoData;
  'exports.run': { tenantId: string; exportRequestId: string };
  'contracts.status': NoData;
}

export type JobName = keyof JobPayloads;
/** The data a job of `N` carries. */
export type JobData<N extends JobName> = JobPayloads[N];
