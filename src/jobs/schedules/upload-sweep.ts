import type { Logger } from 'pino';
import type { Store } from '../../core/store.js';
import type { UploadFiles } from '../../domain/upload-files.js';
import type { Clock } from '../../core/clock.js';
import { PeriodicSweep } from './periodic-pass.js';

export interface UploadSweepOptions {
  /** Real time between passes (`UPLOAD_SWEEP_SECONDS`). */
  intervalMs: number;
  /** How long an upload no task uses is kept (`UPLOAD_SWEEP_GRACE_SECONDS`). */
  graceMs: number;
}

/**
 * The upload sweep: every `intervalMs`, deletes each upload folder written more than `graceMs`
 * ago (by the clock port's time, so tests move time) that no task or link of its owner uses — the files
 * of a request that failed on the server, or that a client sent and never used. An upload a task
 * uses stays as long as the task does (its previews and renders read it again).
 *
 * The grace period covers a request still under way (stored, not yet a task) and a client that
 * sends the same `upload:<id>` again later. Every process that runs jobs sweeps; two sweepers
 * deleting the same folder is harmless.
 */
export class UploadSweep extends PeriodicSweep<{ removedUploadIds: string[] }> {
  constructor(
    private readonly uploads: UploadFiles,
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly opts: UploadSweepOptions,
  ) {
    super(opts.intervalMs, log, 'upload sweep');
  }

  /** One pass: deletes every unused upload older than the grace period. */
  async sweepOnce(): Promise<{ removedUploadIds: string[] }> {
    const cutoffMs = this.clock.nowMs() - this.opts.graceMs;
    const removedUploadIds: string[] = [];
    for (const folder of await this.uploads.folders()) {
      if (Date.parse(folder.modifiedAt) > cutoffMs) continue;
      if (await this.store.tasks.anyInputContains(folder.accountId, folder.id)) continue;
      // A link's pictures and clips may be uploads too (link_with_params, PUT); videos are made from it later.
      if (await this.store.links.anyFactsContain(folder.accountId, folder.id)) continue;
      await this.uploads.remove(folder.id);
      removedUploadIds.push(folder.id);
    }
    if (removedUploadIds.length) this.log.info({ count: removedUploadIds.length }, 'unused uploads deleted');
    return { removedUploadIds };
  }
}
