import type { Persona, PersonaAspect } from '../catalog/avatars-personas.js';
import type { Task } from '../../core/task.js';
import { type ConsentOutcome, customAvatarKind, type CustomAvatarInput, type StoredFace } from './custom-avatar-kind.js';

/**
 * Custom avatars (POST /api/personas/, /api/personas_v2/) are tasks of one kind, like cloned
 * voices: created `processing`, built by a job, and shown as personas (task done → `active`).
 * What the task keeps is declared with its kind (custom-avatar-kind.ts); this module is how it
 * reads as a persona and as the record the video pipelines use.
 */
export const CUSTOM_AVATAR_KIND = customAvatarKind.kind;
export const CUSTOM_AVATAR_JOB = customAvatarKind.jobs.build;

/** What the build job stores (merged into the task's result). */
export type CustomAvatarResult = {
  stillKey: string;
  face: StoredFace;
  thumbnailKey: string;
  previewImageKeys: Partial<Record<PersonaAspect, string>>;
  consent: ConsentOutcome | null;
  /** For a video: where the still was taken from. */
  stillFromSeconds: number | null;
};

/** An active custom avatar as the video pipelines need it. */
export interface CustomAvatarRecord {
  id: string;
  accountId: string;
  name: string;
  defaultVoiceId: string | null;
  stillKey: string;
  face: StoredFace;
  /**
   * For an avatar made from a video: the kept video, which is then the presenter's body and head
   * in every render (only the mouth is re-drawn); null or absent for a portrait.
   */
  footageKey?: string | null;
}

/** The avatar's input for its build (a row that cannot be read fails the build for good). */
export function inputOf(task: Task): CustomAvatarInput {
  return customAvatarKind.inputOf(task);
}

/** For display and look-ups: what can be read, never a throw. */
function shownInputOf(task: Task): Partial<CustomAvatarInput> {
  return customAvatarKind.shownInputOf(task);
}

function resultOf(task: Task): Partial<CustomAvatarResult> {
  return customAvatarKind.shownResultOf(task);
}

/** Persona states (spec §3): processing while the task runs, active once done, or failed. */
export function personaStatusOf(task: Task): Persona['status'] {
  if (task.status === 'done') return 'active';
  if (task.status === 'failed') return 'failed';
  return 'processing';
}

export function personaOfTask(task: Task): Persona {
  const i = shownInputOf(task);
  const r = resultOf(task);
  // v2 avatars always carry a consent check (false until it passed); v1 ones only when a consent was sent.
  const consentVerified = i.version === 'v2' || i.consent ? r.consent?.verified === true : null;
  return {
    kind: 'custom',
    id: task.id,
    name: i.name ?? '',
    gender: i.gender ?? null,
    ageRange: null,
    location: null,
    style: null,
    suitableIndustries: [],
    keywords: i.keywords ?? [],
    videoScene: i.videoScene ?? null,
    version: i.version ?? 'v1',
    status: personaStatusOf(task),
    consentVerified,
    createdAt: task.createdAt,
    updatedAt: task.updatedAt,
    failedReason: task.failedReason,
    thumbnailKey: task.status === 'done' ? (r.thumbnailKey ?? null) : null,
    previewImageKeys: task.status === 'done' ? (r.previewImageKeys ?? {}) : {},
    previewVideoKeys: task.status === 'done' ? customAvatarPreviewVideoKeys(task) : {},
    defaultVoiceId: i.defaultVoiceId ?? null,
    labels: i.labels ?? [],
    extra: {
      ...(i.version === 'v2' ? { consent_video: i.consent?.value ?? null, lipsync_input_url: i.source?.value ?? null } : {}),
      ...(i.version === 'v1'
        ? { [i.source?.field === 'image_url' ? 'image_url' : 'video_url']: i.source?.value ?? null, consent_video: i.consent?.value ?? null }
        : {}),
      // Service extra: how close the consent's face was (below the threshold = same person).
      consent_distance: r.consent ? Math.round(r.consent.distance * 1000) / 1000 : null,
    },
  };
}

export function recordOfTask(task: Task): CustomAvatarRecord | null {
  const r = resultOf(task);
  if (task.status !== 'done' || !r.stillKey || !r.face) return null;
  const i = shownInputOf(task);
  const footageKey = i.source?.kind === 'video' ? i.source.key : null;
  return {
    id: task.id,
    accountId: task.accountId,
    name: i.name ?? '',
    defaultVoiceId: i.defaultVoiceId ?? null,
    stillKey: r.stillKey,
    face: r.face,
    footageKey,
  };
}

/**
 * Why the account's own avatar cannot be used in a video, in words the client can act on; null
 * when it is active.
 */
export function unusableReason(task: Task): string | null {
  if (recordOfTask(task)) return null;
  if (task.status === 'failed') return `Avatar ${task.id} failed: ${task.failedReason ?? 'it could not be built'}`;
  return `Avatar ${task.id} is still being built; wait until GET /api/personas/${task.id}/ shows status active.`;
}

/** Every blob the avatar owns (its sources and what the job made), to remove with it. */
export function customAvatarBlobKeys(task: Task): string[] {
  const i = shownInputOf(task);
  const r = resultOf(task);
  return [
    i.source?.key,
    i.consent?.key,
    r.stillKey,
    r.thumbnailKey,
    ...Object.values(r.previewImageKeys ?? {}),
    ...Object.values(customAvatarPreviewVideoKeys(task)),
  ].filter((k): k is string => typeof k === 'string' && k.length > 0);
}

/** Blob keys of preview videos, rendered on first request (LazyBlobs) from the avatar they name. */
export const CUSTOM_AVATAR_PREVIEW_PREFIX = 'custom-avatar-previews/';
const PREVIEW_ASPECTS: readonly PersonaAspect[] = ['16:9', '1:1', '9:16'];

/** `custom-avatar-previews/<account>/<avatar>/video-16x9.mp4`: the account is in the key so a render can check ownership. */
export function customAvatarPreviewVideoKey(accountId: string, avatarId: string, aspect: PersonaAspect): string {
  return `${CUSTOM_AVATAR_PREVIEW_PREFIX}${accountId}/${avatarId}/video-${aspect.replace(':', 'x')}.mp4`;
}

export function customAvatarPreviewVideoKeys(task: Task): Partial<Record<PersonaAspect, string>> {
  return Object.fromEntries(PREVIEW_ASPECTS.map((a) => [a, customAvatarPreviewVideoKey(task.accountId, task.id, a)]));
}

/** Parses a preview video key back; null when it is not one. */
export function parseCustomAvatarPreviewKey(key: string): { accountId: string; avatarId: string; aspect: PersonaAspect } | null {
  const m = /^custom-avatar-previews\/([0-9a-f-]{36})\/([0-9a-f-]{36})\/video-(16x9|1x1|9x16)\.mp4$/.exec(key);
  return m ? { accountId: m[1]!, avatarId: m[2]!, aspect: m[3]!.replace('x', ':') as PersonaAspect } : null;
}

/** What the avatar says in its preview video: a short greeting with its name (cut at a word, long names would drag on). */
export function customAvatarGreeting(name: string): string {
  const words = name.replace(/\s+/g, ' ').trim().split(' ');
  let short = words[0]!.slice(0, 40);
  for (const w of words.slice(1)) {
    if (short.length + 1 + w.length > 40) break;
    short += ` ${w}`;
  }
  return `Hi, I am ${short}. This is how I look and sound in your videos.`;
}

/** Keywords arrive as one comma-separated string; kept as a list (the wire joins them again). */
export function splitKeywords(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A Google Drive sharing link (…/file/d/<id>/view, …/open?id=<id>) → its direct-download URL;
 * anything else is used as it is.
 */
export function directDriveUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!/(^|\.)drive\.google\.com$/i.test(parsed.hostname)) return url;
  const id = /\/file\/d\/([\w-]+)/.exec(parsed.pathname)?.[1] ?? parsed.searchParams.get('id');
  return id ? `https://drive.google.com/uc?export=download&id=${encodeURIComponent(id)}` : url;
}

/** Why a consent does not pass, in words a person can act on. */
export function consentMismatchReason(field: string, c: ConsentOutcome): string {
  return `${field} shows a different person than the avatar: the faces are ${c.distance.toFixed(2)} apart (descriptor distance; the same person measures below ${c.threshold.toFixed(2)}). Record the consent with the person the avatar is made from.`;
}
