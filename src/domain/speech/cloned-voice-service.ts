import type { BlobStore } from '../../engines/blobs/port.js';
import type { Clock } from '../../core/clock.js';
import { release } from '../credits/credit-service.js';
import { FetchRefused, InsufficientCredits, NotFound, TaskFailure, ValidationError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { ListQuery, Store } from '../../core/store.js';
import type { TaskService } from '../tasks/task-service.js';
import type { Task } from '../../core/task.js';
import { clonedVoiceKind } from './cloned-voice-kind.js';
import type { ClonedVoiceLookup, ClonedVoiceRecord, VoiceCloner } from './voice-directory.js';

export const CLONED_VOICE_KIND = clonedVoiceKind.kind;
export const CLONE_VOICE_JOB = clonedVoiceKind.jobs.match;
const MAX_NAME_CHARS = 100;

function recordOf(t: Task): ClonedVoiceRecord | null {
  const r = clonedVoiceKind.shownResultOf(t);
  if (t.status !== 'done' || !r.spec) return null;
  const input = clonedVoiceKind.shownInputOf(t);
  const language = input.language ?? 'en';
  return {
    id: t.id,
    name: input.name ?? '',
    language,
    locale: r.base?.locale ?? language,
    accentName: r.base?.accentName ?? language,
    gender: r.gender ?? null,
    spec: r.spec,
    previewKey: r.previewKey ?? null,
  };
}

/** Looks up an account's finished cloned voice; other accounts' voices are simply not found. */
export function clonedVoiceLookup(store: Store): ClonedVoiceLookup {
  return async (accountId, voiceId) => {
    const task = await store.tasks.getOwned(voiceId.toLowerCase(), accountId, [CLONED_VOICE_KIND]);
    return task ? recordOf(task) : null;
  };
}

/**
 * Cloned voices of an account: the sample is fetched and checked while the client waits (so a
 * sample that cannot be used is a 400 with the reason), and matched by a job.
 */
export class ClonedVoiceService {
  constructor(
    private readonly tasks: TaskService,
    private readonly store: Store,
    private readonly cloner: VoiceCloner,
    private readonly blobs: Pick<BlobStore, 'remove'>,
    private readonly clock: Clock,
    private readonly priceMillicredits: number,
  ) {}

  /** The languages a voice can be cloned in here (the base voices' languages). */
  languages(): readonly string[] {
    return this.cloner.languages();
  }

  async create(accountId: string, req: { audioUrl: string; name: string; language?: string; webhookUrl?: string | null }): Promise<Task> {
    const name = req.name.trim();
    if (!name) throw ValidationError.field('name', 'This field may not be blank.');
    if (name.length > MAX_NAME_CHARS) throw ValidationError.field('name', `Ensure this field has no more than ${MAX_NAME_CHARS} characters.`);
    const language = (req.language ?? 'en').trim().toLowerCase();
    const languages = this.cloner.languages();
    if (!languages.includes(language)) {
      throw ValidationError.field('language', `Voices cannot be cloned in "${language}" here. Available: ${languages.join(', ')}.`);
    }
    // Checked before the fetch so an account that cannot pay does not make the service download.
    if (this.priceMillicredits > 0) {
      const balance = (await this.store.accounts.get(accountId))?.balanceMillicredits ?? 0;
      if (balance < this.priceMillicredits) throw new InsufficientCredits(this.priceMillicredits, balance);
    }
    const sampleKey = `${accountId}/voice-samples/${newId()}`;
    let sample: { durationSeconds: number; speechSeconds: number };
    try {
      sample = await this.cloner.takeSample(req.audioUrl, sampleKey);
    } catch (err) {
      if (err instanceof FetchRefused) throw ValidationError.field('audio_url', `The audio could not be used: ${err.message}`);
      if (err instanceof TaskFailure) throw ValidationError.field('audio_url', err.reason);
      throw err;
    }
    try {
      return await this.tasks.create(
        clonedVoiceKind.newTask({
          accountId,
          input: { name, audioUrl: req.audioUrl, language, sampleKey, sampleSeconds: sample.durationSeconds, speechSeconds: sample.speechSeconds },
          job: 'match',
          step: 'match',
          estimate: { millicredits: this.priceMillicredits },
          webhookUrl: req.webhookUrl ?? null,
          initialStatus: 'processing',
        }),
      );
    } catch (err) {
      await this.blobs.remove(sampleKey).catch(() => undefined);
      throw err;
    }
  }

  /** One of the account's cloned voices in any state (to follow its creation). */
  async get(accountId: string, id: string): Promise<Task | null> {
    return this.store.tasks.getOwned(id.toLowerCase(), accountId, [CLONED_VOICE_KIND]);
  }

  list(accountId: string, q: ListQuery): Promise<Task[]> {
    return this.tasks.list(accountId, [CLONED_VOICE_KIND], q);
  }

  /** The account's finished cloned voices, newest first: what voice listings show. */
  async listUsable(accountId: string): Promise<ClonedVoiceRecord[]> {
    const all = await this.tasks.list(accountId, [CLONED_VOICE_KIND], {});
    return all.map(recordOf).filter((r): r is ClonedVoiceRecord => r !== null);
  }

  /** Deletes the voice and its files; a hold still on it (deleted while matching) is released. */
  async delete(accountId: string, id: string): Promise<void> {
    const at = this.clock.nowIso();
    const deleted = await this.store.transaction(async (tx) => {
      const task = await tx.tasks.deleteOwned(id.toLowerCase(), accountId, [CLONED_VOICE_KIND]);
      if (task) await release(tx, accountId, task.id, task.heldMillicredits, at);
      return task;
    });
    if (!deleted) throw new NotFound('Voice');
    const keys = [clonedVoiceKind.shownInputOf(deleted).sampleKey, clonedVoiceKind.shownResultOf(deleted).previewKey].filter(
      (k): k is string => typeof k === 'string',
    );
    await Promise.all(keys.map((k) => this.blobs.remove(k).catch(() => undefined)));
  }
}
