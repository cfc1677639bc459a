/**
 * The graceful shutdown (docs/operations.md), on SIGTERM or SIGINT in main.ts: readiness answers 503
 * at once, requests are still served for SHUTDOWN_DRAIN_SECONDS (the load balancer's time to notice),
 * then the listener closes: no new connections, idle keep-alive connections closed, requests in
 * flight answered (Fastify's close; a request that still arrives gets 503 serverBusy, ops/overload.ts). Then the
 * app's close hooks run, among them the job queue's graceful stop (src/server/jobs/queue.ts: a
 * running job finishes or is given back for a retry), and last the database closes.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/open';
import type { Lifecycle } from './health';

export interface ShutdownTarget {
  app: FastifyInstance;
  database: Pick<Database, 'close'>;
  lifecycle: Lifecycle;
  drainSeconds: number;
}

export async function shutDown({ app, database, lifecycle, drainSeconds }: ShutdownTarget): Promise<void> {
  lifecycle.beginClosing();
  if (drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
  await app.close();
  await database.close();
}

/**
 * Shuts down once on the first of `signals`, then exits 0; 1 when it failed or took longer than
 * `timeoutSeconds` (a request or a job that does not end). A second signal changes nothing.
 */
export function shutDownOnSignals(target: ShutdownTarget & { timeoutSeconds: number }, signals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): void {
  let started = false;
  const run = (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    target.app.log.info(`${signal}: shutting down`);
    const timer = setTimeout(() => {
      target.app.log.error(`shutdown took longer than ${target.timeoutSeconds} s: exiting`);
      process.exit(1);
    }, target.timeoutSeconds * 1000);
    timer.unref();
    shutDown(target).then(() => process.exit(0), (err: unknown) => {
      target.app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    });
  };
  for (const signal of signals) process.on(signal, run);
}
