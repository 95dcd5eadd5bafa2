import type { Logger } from 'pino';
import { AuthFailureThrottle } from '../api/auth-failures.js';
import { memoryRateLimiter, type RateLimiter, storeRateLimiter } from '../api/rate-limit.js';
import type { ApiGroup } from '../api/routes/index.js';
import type { Clock } from '../core/clock.js';
import { AccountService } from '../domain/accounts/account-service.js';
import { IdempotencyService } from '../domain/idempotency/idempotency-service.js';
import { WEBHOOK_JOB } from '../domain/webhooks/webhook-event.js';
import { deliverWebhookJob } from '../jobs/handlers/deliver-webhook.js';
import { JobCatalog } from '../jobs/job-catalog.js';
import { JobRunner } from '../jobs/job-runner.js';
import { IdempotencyKeySweep } from '../jobs/schedules/idempotency-keys.js';
import { InlineLeaseSweep } from '../jobs/schedules/inline-leases.js';
import { OutputRetentionSweep } from '../jobs/schedules/output-retention.js';
import { UploadSweep } from '../jobs/schedules/upload-sweep.js';
import type { Config } from './config.js';
import { type GroupServices, groups, kindJobNames, taskWire } from './groups/index.js';
import type { NetworkOverride } from './network-override.js';
import { createPlatform, type Platform } from './platform.js';
import { createWebhookSender, webhookJobDeps } from './webhook-wiring.js';

/** Everything wired once; the only place that chooses implementations from configuration. */
export interface Container extends Platform {
  /** Each group's services by name (`groups/index.ts`), for tests and benches that call one directly. */
  services: GroupServices;
  /** What the HTTP layer registers: each group's routes, bound to its services, and its operations. */
  apiGroups: ApiGroup[];
  catalog: JobCatalog;
  runner: JobRunner;
  rateLimiter: RateLimiter;
  /** Wrong credentials per remote address (429 once an address has spent its burst). */
  authFailures: AuthFailureThrottle;
  accounts: AccountService;
  /** Deletes the files of tasks whose ttl_days ran out; started by the roles that run jobs. */
  retention: OutputRetentionSweep;
  /** Fails inline tasks (streamed text) whose process died, releasing their hold; started by the roles that run jobs. */
  inlineLeases: InlineLeaseSweep;
  /** Idempotency-Key of POST requests (`api/idempotency/`). */
  idempotency: IdempotencyService;
  /** Deletes expired idempotency keys; started by the roles that run jobs. */
  idempotencySweep: IdempotencyKeySweep;
  /** Deletes uploads no task uses once their grace period is over; started by the roles that run jobs. */
  uploadSweep: UploadSweep;
  close(): Promise<void>;
}

export async function createContainer(config: Config, opts: { log?: Logger; clock?: Clock; network?: NetworkOverride } = {}): Promise<Container> {
  // The queue asks the catalog for job names and lanes; the catalog exists once the groups are built.
  const catalogRef: { current: JobCatalog | null } = { current: null };
  const p = await createPlatform(config, { ...opts, taskWire, jobs: () => catalogRef.current });
  const { store, clock, log } = p;

  // One at a time, in the list's order: a group's start-up warnings come out in that order too.
  const built = [];
  for (const group of groups) built.push({ group, ...(await group.build(p)) });
  const catalog = new JobCatalog().register(
    deliverWebhookJob(webhookJobDeps(config, store, clock, createWebhookSender(config, opts.network))),
    ...built.flatMap((g) => g.jobs ?? []),
  );
  catalog.assertCovers([WEBHOOK_JOB, ...kindJobNames]);
  catalogRef.current = catalog;
  const runner = new JobRunner(
    store,
    catalog,
    clock,
    log,
    {
      startDelayMs: config.jobStartDelayMs,
      tempRoot: p.tempRoot,
      outageRetryMs: config.queue.outageRetryMs,
      outageGiveUpMs: config.queue.outageGiveUpMs,
      metrics: p.metrics,
    },
    p.taskEvents,
  );

  const inlineLeases = new InlineLeaseSweep(store, p.inlineTasks, clock, log, { intervalMs: config.inlineTasks.sweepSeconds * 1000 });
  const idempotencyLockMs = config.idempotency.lockSeconds * 1000;
  const idempotency = new IdempotencyService(store.idempotencyKeys, clock, {
    ttlMs: config.idempotency.ttlHours * 3_600_000,
    lockMs: idempotencyLockMs,
    renewEveryMs: Math.floor(idempotencyLockMs / 3),
  });
  const idempotencySweep = new IdempotencyKeySweep(store.idempotencyKeys, clock, log, { intervalMs: config.idempotency.sweepSeconds * 1000 });
  const retention = new OutputRetentionSweep(store, p.blobs, clock, log, { intervalMs: config.retentionSweepSeconds * 1000 });
  const uploadSweep = new UploadSweep(p.uploads, store, clock, log, {
    intervalMs: config.uploadSweep.sweepSeconds * 1000,
    graceMs: config.uploadSweep.graceSeconds * 1000,
  });
  // Shared counters in the database when it is shared (PostgreSQL); in memory for the embedded one.
  const limiter = (capacity: number, refillPerSecond: number) =>
    config.databaseUrl ? storeRateLimiter(store, capacity, refillPerSecond, clock) : memoryRateLimiter(capacity, refillPerSecond, clock);

  return {
    ...p,
    services: Object.assign({}, ...built.map((g) => g.services ?? {})) as GroupServices,
    apiGroups: built.map((g) => ({ routes: g.routes, operations: g.group.operations })),
    catalog,
    runner,
    rateLimiter: limiter(config.rateLimit.capacity, config.rateLimit.refillPerSecond),
    authFailures: new AuthFailureThrottle(limiter(config.authFailureLimit.capacity, config.authFailureLimit.refillPerSecond), clock),
    accounts: new AccountService(store, clock, { verifiedTtlMs: config.authCacheSeconds * 1000 }),
    retention,
    inlineLeases,
    idempotency,
    idempotencySweep,
    uploadSweep,
    async close() {
      await retention.stop();
      await inlineLeases.stop();
      await idempotencySweep.stop();
      await uploadSweep.stop();
      p.transcriber.stop?.();
      log.flush();
      // Streams still running past the server's close lose their lease; a sweep fails them.
      p.inlineTasks.stopRenewing();
      await p.queue.close();
      await p.taskFeed.close();
      await p.db.close();
      await p.writers.localLlm?.dispose();
    },
  };
}
