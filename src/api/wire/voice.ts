import type { Voice } from '../../domain/catalog/voices.js';
import type { ClonedVoiceRecord } from '../../domain/speech/voice-directory.js';
import type { Task } from '../../core/task.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { clonedVoiceKind } from '../../domain/speech/cloned-voice-kind.js';
import { field, none, type TaskSummaryFields } from './task-summary.js';

/** The contract's Voice object (spec 2.9) of a catalog voice; `engine` and `locale` are extras. */
export function voiceToWire(v: Voice, previewUrl: string) {
  return { id: v.id, name: v.name, language: v.language, accent: v.accentName, gender: v.gender, preview_url: previewUrl, engine: v.engine, locale: v.locale };
}

/** A finished cloned voice in voice listings, shaped like the catalog's voices. */
export function clonedVoiceAsVoice(r: ClonedVoiceRecord, blobs: BlobStore) {
  return {
    id: r.id,
    name: r.name,
    language: r.language,
    accent: r.accentName,
    gender: r.gender,
    preview_url: r.previewKey ? blobs.signedUrl(r.previewKey) : null,
    engine: 'voice-match',
    locale: r.locale,
  };
}

/** The contract's Cloned voice (spec 2.10) in any state; `gender` and `progress` are extras. */
export function clonedVoiceToWire(t: Task, blobs: BlobStore) {
  const input = clonedVoiceKind.shownInputOf(t);
  const result = clonedVoiceKind.shownResultOf(t);
  const previewKey = t.status === 'done' && typeof result.previewKey === 'string' ? result.previewKey : null;
  return {
    id: t.id,
    name: input.name,
    status: t.status,
    preview_url: previewKey ? blobs.signedUrl(previewKey) : null,
    language: input.language ?? 'en',
    gender: result.gender ?? null,
    progress: t.progress,
    failed_reason: t.failedReason,
    credits_used: t.chargedMillicredits / 1000,
    webhook_url: t.webhookUrl,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}

export const clonedVoiceSummary: TaskSummaryFields = { group: 'voices', name: field('name'), thumbnail: none, output: field('preview_url') };
