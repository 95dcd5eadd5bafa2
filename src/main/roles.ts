import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../app/config.js';
import { createContainer, type Container } from '../app/container.js';
import { buildServer } from '../api/server.js';
import { apiDeps } from '../app/api-deps.js';
import { closeGracefully } from '../api/graceful-close.js';
import { buildMetricsServer } from '../api/metrics-server.js';
import { configureCpuPool } from '../engines/cpu/off-thread.js';

/** On the first start of an empty embedded database, a newcomer gets a working account. */
async function ensureDefaultAccount(c: Container): Promise<void> {
  if (!c.config.createDefaultAccount || c.config.databaseUrl || (await c.accounts.count()) > 0) return;
  const creds = await c.accounts.create('default', c.config.defaultAccountCredits);
  const file = join(c.config.dataDir, 'credentials.json');
  await writeFile(file, `${JSON.stringify(creds, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  process.stdout.write(
    `\nCreated a default account with ${creds.credits} credits (shown once; also saved to ${file}):\n` +
      `  X-API-ID:  ${creds.api_id}\n  X-API-KEY: ${creds.api_key}\n\n`,
  );
}

export async function runRoles(role: 'serve' | 'api' | 'worker', config: Config): Promise<void> {
  // The pool is the process's (one per process, shared by everything in it), so the role sets it.
  await configureCpuPool({ workers: config.cpuWorkers });
  const c = await createContainer(config);
  await ensureDefaultAccount(c);
  const deps = role === 'worker' ? null : apiDeps(c);
  const app = deps ? await buildServer(deps) : null;
  if (role !== 'api') {
    await c.queue.startConsuming(c.runner.run);
    // Every worker sweeps; each expired task is claimed by one of them (`c.close()` stops it).
    c.retention.start();
    // Streamed text tasks whose API process died are failed and their holds released (in `serve`
    // this is the API's own process, so a restart cleans up after the one that died).
    c.inlineLeases.start();
    // Housekeeping only: an expired key is treated as new whether or not it was deleted yet.
    c.idempotencySweep.start();
    // Uploads no task uses (a failed request's, a never-used one's) are deleted after a grace period.
    c.uploadSweep.start();
  }
  if (role !== 'worker') c.queue.startDispatcher();
  if (app) await app.listen({ port: config.port, host: config.host });
  // A worker has no API port: with METRICS_PORT it serves its own /metrics (its jobs' figures are its own).
  const metricsPort = role === 'worker' ? config.operations.workerMetricsPort : null;
  const metricsServer = metricsPort !== null ? await buildMetricsServer({ log: c.log, metrics: c.metrics, operationsToken: config.operations.token }) : null;
  if (metricsServer) await metricsServer.listen({ port: metricsPort!, host: config.host });
  c.log.info({ role, port: app ? config.port : undefined, database: c.db.dialect, queue: c.queue.kind, node: process.versions.node }, 'clipwright started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      // A second signal (Ctrl-C twice) does not wait out the grace period; jobs left running are taken again after their lease.
      c.log.warn({ signal }, 'second signal: exiting now');
      c.log.flush();
      process.exit(1);
    }
    stopping = true;
    const graceMs = c.config.shutdownGraceSeconds * 1000;
    c.log.info({ signal, graceMs }, 'shutting down');
    // The API stops accepting and lets requests finish while the worker lets jobs finish: one grace period for both.
    const [http, jobs] = await Promise.all([app && deps ? closeGracefully(app, deps.streams, graceMs) : null, role !== 'api' ? c.queue.drain(graceMs) : null]);
    c.log.info({ http, jobs }, 'stopped; closing connections');
    await metricsServer?.close();
    await c.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
