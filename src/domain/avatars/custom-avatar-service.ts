import { customAvatarKind } from './custom-avatar-kind.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { Clock } from '../../core/clock.js';
import { AVATAR_GENDERS, type AvatarGender } from '../catalog/avatars.js';
import type { CustomAvatarSource, Persona } from '../catalog/avatars-personas.js';
import { NotFound, ValidationError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { asFieldError } from '../media-check.js';
import type { Repos, Store } from '../../core/store.js';
import type { TaskService } from '../tasks/task-service.js';
import type { Task } from '../../core/task.js';
import {
  CUSTOM_AVATAR_KIND,
  customAvatarBlobKeys,
  customAvatarPreviewVideoKeys,
  directDriveUrl,
  personaOfTask,
  recordOfTask,
  splitKeywords,
  unusableReason,
  type CustomAvatarRecord,
} from './custom-avatars.js';
import type { CustomAvatarInput, CustomAvatarVersion, StoredMedia } from './custom-avatar-kind.js';

/** A client's media (URL or `upload:` value) fetched, checked and kept in blob storage. */
export interface KeptMedia {
  key: string;
  kind: 'image' | 'video';
  durationSeconds: number | null;
  width: number;
  height: number;
}

/**
 * Brings a client's picture or video into blob storage under `keyStem` (the extension follows
 * the type). Rejects with `FetchRefused` or `MediaUnusable` carrying the reason.
 */
export interface AvatarMediaIntake {
  keep(value: string, keyStem: string, accept: ('image' | 'video')[], signal?: AbortSignal): Promise<KeptMedia>;
}

/** The request as the routes pass it: the body's names, aliases not yet resolved. */
export interface CustomAvatarRequest {
  version: CustomAvatarVersion;
  name?: string | null;
  creatorName?: string | null;
  gender?: string | null;
  imageUrl?: string | null;
  videoUrl?: string | null;
  lipsyncInput?: string | null;
  gdownUrl?: string | null;
  consentVideo?: string | null;
  videoScene?: string | null;
  keywords?: string | null;
  labels?: string[] | null;
  webhookUrl?: string | null;
}

export interface CustomAvatarEdit {
  name?: string | null;
  keywords?: string | null;
  labels?: string[] | null;
}

const MAX_NAME_CHARS = 255;
const MAX_VIDEO_SECONDS = 300;
const MIN_PICTURE_PX = 64;
export const GENDER_ALIASES: Record<string, AvatarGender> = { male: 'm', man: 'm', female: 'f', woman: 'f', 'non-binary': 'nb', nonbinary: 'nb' };

/**
 * Custom avatars of an account: the media are fetched and checked while the client waits (so a
 * URL that cannot be used is a 400 on its field), kept in blob storage, and the face work (one
 * face, frontal still, consent) is done by the build job. Free; limited in number per account.
 */
export class CustomAvatarService implements CustomAvatarSource {
  constructor(
    private readonly tasks: TaskService,
    private readonly store: Store,
    private readonly media: AvatarMediaIntake,
    private readonly blobs: Pick<BlobStore, 'remove'>,
    private readonly clock: Clock,
    private readonly opts: { limit: number; voiceForGender: (gender: AvatarGender | null) => string | null },
  ) {}

  async create(accountId: string, req: CustomAvatarRequest): Promise<Task> {
    const v2 = req.version === 'v2';
    const nameField = v2 ? 'creator_name' : 'name';
    const name = ((v2 ? (req.creatorName ?? req.name) : (req.name ?? req.creatorName)) ?? '').trim();
    if (!name) throw ValidationError.field(nameField, 'This field is required.');
    if (name.length > MAX_NAME_CHARS) throw ValidationError.field(nameField, `Ensure this field has no more than ${MAX_NAME_CHARS} characters.`);
    const gender = parseGender(req.gender);
    if (v2 && !gender) throw ValidationError.field('gender', `This field is required. Allowed: ${AVATAR_GENDERS.join(', ')}.`);
    const source = pickSource(req);
    if (v2 && !req.consentVideo)
      throw ValidationError.field('consent_video', 'This field is required: a video (or picture) of the same person giving consent.');
    await this.checkLimit(accountId);

    const folder = `${accountId}/custom-avatars/${newId()}`;
    const kept: StoredMedia[] = [];
    try {
      const [sourceMedia, consentMedia] = await Promise.all([
        this.keep(source.field, source.value, `${folder}/source`, [source.kind], kept),
        req.consentVideo ? this.keep('consent_video', req.consentVideo, `${folder}/consent`, ['video', 'image'], kept) : Promise.resolve(null),
      ]);
      const input: CustomAvatarInput = {
        version: req.version,
        name,
        gender,
        keywords: splitKeywords(req.keywords),
        labels: cleanLabels(req.labels),
        videoScene: req.videoScene?.trim() || null,
        source: sourceMedia,
        consent: consentMedia,
        defaultVoiceId: this.opts.voiceForGender(gender),
      };
      return await this.tasks.create(
        customAvatarKind.newTask({
          accountId,
          input,
          job: 'build',
          step: 'build',
          estimate: null,
          webhookUrl: req.webhookUrl ?? null,
          initialStatus: 'processing',
          // The check that counts: in the inserting transaction, with the account locked, so creates
          // in several API processes take turns and the last free place goes to one of them.
          guard: async (tx) => {
            await tx.accounts.lock(accountId);
            this.refuseOverLimit(await countTowardsLimit(tx, accountId));
          },
        }),
      );
    } catch (err) {
      await Promise.all(kept.map((m) => this.blobs.remove(m.key).catch(() => undefined)));
      throw err;
    }
  }

  /** `GET /api/personas_v2/count/`: custom avatars that are not failed count against the limit. */
  async count(accountId: string): Promise<{ used: number; limit: number; remaining: number }> {
    const used = await countTowardsLimit(this.store, accountId);
    return { used, limit: this.opts.limit, remaining: Math.max(0, this.opts.limit - used) };
  }

  async list(accountId: string): Promise<Persona[]> {
    return (await this.all(accountId)).map(personaOfTask);
  }

  async get(accountId: string, id: string): Promise<Persona | null> {
    const task = await this.task(accountId, id);
    return task ? personaOfTask(task) : null;
  }

  /** An active custom avatar of the account (what videos are made from), or null. */
  async record(accountId: string, id: string): Promise<CustomAvatarRecord | null> {
    const task = await this.task(accountId, id);
    return task ? recordOfTask(task) : null;
  }

  /** Why the account's own avatar cannot be used yet (building, failed); null when active or not the account's. */
  async whyUnusable(accountId: string, id: string): Promise<string | null> {
    const task = await this.task(accountId, id);
    return task ? unusableReason(task) : null;
  }

  /** PATCH: name, keywords, labels of the account's own custom avatar. */
  async update(accountId: string, id: string, edit: CustomAvatarEdit): Promise<Persona> {
    const patch: Partial<CustomAvatarInput> = {};
    if (edit.name !== undefined && edit.name !== null) {
      const name = edit.name.trim();
      if (!name) throw ValidationError.field('name', 'This field may not be blank.');
      if (name.length > MAX_NAME_CHARS) throw ValidationError.field('name', `Ensure this field has no more than ${MAX_NAME_CHARS} characters.`);
      patch.name = name;
    }
    if (edit.keywords !== undefined) patch.keywords = splitKeywords(edit.keywords);
    if (edit.labels !== undefined) patch.labels = cleanLabels(edit.labels);
    // The status move is conditional on the status read; if the build job finished in between, read again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const task = await this.task(accountId, id);
      if (!task) throw new NotFound('Persona');
      const updated = await this.store.tasks.transition(task.id, [task.status], { input: { ...task.input, ...patch } }, this.clock.nowIso());
      if (!updated) continue;
      // The preview videos say the name: drop them, the next request renders them anew.
      if (patch.name !== undefined && patch.name !== personaOfTask(task).name) {
        await Promise.all(Object.values(customAvatarPreviewVideoKeys(updated)).map((k) => this.blobs.remove(k).catch(() => undefined)));
      }
      return personaOfTask(updated);
    }
    throw new Error('the avatar kept changing while it was being updated');
  }

  /** Deletes the avatar and every file it owns. */
  async delete(accountId: string, id: string): Promise<void> {
    const deleted = await this.store.tasks.deleteOwned(id.trim().toLowerCase(), accountId, [CUSTOM_AVATAR_KIND]);
    if (!deleted) throw new NotFound('Persona');
    await Promise.all(customAvatarBlobKeys(deleted).map((k) => this.blobs.remove(k).catch(() => undefined)));
  }

  private task(accountId: string, id: string): Promise<Task | null> {
    return this.store.tasks.getOwned(id.trim().toLowerCase(), accountId, [CUSTOM_AVATAR_KIND]);
  }

  private all(accountId: string): Promise<Task[]> {
    return this.tasks.list(accountId, [CUSTOM_AVATAR_KIND], {});
  }

  /** An early check, before any media is fetched; the one in the create transaction decides. */
  private async checkLimit(accountId: string): Promise<void> {
    this.refuseOverLimit(await countTowardsLimit(this.store, accountId));
  }

  private refuseOverLimit(used: number): void {
    const { limit } = this.opts;
    if (used >= limit) {
      throw ValidationError.general(
        `This account has ${used} custom avatars, the most it may have (${limit}). Delete one with DELETE /api/personas/{id}/ (failed ones do not count).`,
      );
    }
  }

  private async keep(field: string, value: string, keyStem: string, accept: ('image' | 'video')[], kept: StoredMedia[]): Promise<StoredMedia> {
    const media = await asFieldError(field, () => this.media.keep(field === 'gdown_url' ? directDriveUrl(value) : value, keyStem, accept));
    const stored: StoredMedia = { field, value, key: media.key, kind: media.kind, durationSeconds: media.durationSeconds };
    kept.push(stored);
    if (media.kind === 'video' && (media.durationSeconds ?? 0) > MAX_VIDEO_SECONDS) {
      throw ValidationError.field(field, `The video lasts ${Math.round(media.durationSeconds!)} s; at most ${MAX_VIDEO_SECONDS} s are accepted.`);
    }
    if (Math.min(media.width, media.height) < MIN_PICTURE_PX) {
      throw ValidationError.field(
        field,
        `The picture is ${media.width}x${media.height} pixels; at least ${MIN_PICTURE_PX} pixels a side are needed to find a face.`,
      );
    }
    return stored;
  }
}

/** Custom avatars that take a place: being built or active (failed ones do not). */
function countTowardsLimit(repos: Pick<Repos, 'tasks'>, accountId: string): Promise<number> {
  return repos.tasks.countOwned(accountId, [CUSTOM_AVATAR_KIND], ['pending', 'processing', 'done']);
}

function parseGender(value: string | null | undefined): AvatarGender | null {
  const v = value?.trim().toLowerCase();
  if (!v) return null;
  if ((AVATAR_GENDERS as readonly string[]).includes(v)) return v as AvatarGender;
  const alias = GENDER_ALIASES[v];
  if (alias) return alias;
  throw ValidationError.field('gender', `"${value}" is not a valid choice. Allowed: ${AVATAR_GENDERS.join(', ')}.`);
}

/** Which field the avatar is made from; v1 reads video_url first, v2 lipsync_input (its alias the other way round). */
function pickSource(req: CustomAvatarRequest): { field: string; value: string; kind: 'image' | 'video' } {
  const v2 = req.version === 'v2';
  const video = v2
    ? req.lipsyncInput
      ? { field: 'lipsync_input', value: req.lipsyncInput }
      : req.videoUrl
        ? { field: 'video_url', value: req.videoUrl }
        : null
    : req.videoUrl
      ? { field: 'video_url', value: req.videoUrl }
      : req.lipsyncInput
        ? { field: 'lipsync_input', value: req.lipsyncInput }
        : null;
  const fromVideo = video ?? (req.gdownUrl ? { field: 'gdown_url', value: req.gdownUrl } : null);
  if (fromVideo && req.imageUrl) throw ValidationError.field('image_url', `Give either image_url or ${fromVideo.field}, not both.`);
  if (fromVideo) return { ...fromVideo, kind: 'video' };
  if (req.imageUrl) return { field: 'image_url', value: req.imageUrl, kind: 'image' };
  throw ValidationError.field(v2 ? 'lipsync_input' : 'video_url', 'Give a video of the person (video_url / lipsync_input) or a portrait photo (image_url).');
}

function cleanLabels(labels: string[] | null | undefined): string[] {
  return [...new Set((labels ?? []).map((l) => l.trim()).filter(Boolean))].slice(0, 50);
}
