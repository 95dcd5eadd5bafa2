import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AvatarMediaIntake } from '../domain/avatars/custom-avatar-service.js';
import type { CustomAvatarRecord } from '../domain/avatars/custom-avatars.js';
import { defaultVoiceForAvatar, type AvatarGender } from '../domain/catalog/avatars.js';
import { defaultVoiceId, type VoiceCatalog } from '../domain/catalog/voices.js';
import { TaskFailure } from '../core/errors.js';
import { MediaUnusable } from '../domain/media-check.js';
import type { AvatarDirectory } from '../domain/videos/avatar-directory.js';
import { seedFor } from '../core/random.js';
import type { BlobStore } from '../engines/blobs/port.js';
import { detectSingleFace, type FaceEngine } from '../engines/face/index.js';
import type { UrlFetcher } from '../engines/fetch/port.js';
import type { FfmpegEngine } from '../engines/ffmpeg/types.js';
import { makePhotoAvatarClip } from '../pipelines/avatar/custom/index.js';
import type { AvatarClipMaker } from '../pipelines/video/render-ad-video.js';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp', 'image/gif': '.gif',
  'video/mp4': '.mp4', 'video/quicktime': '.mov', 'video/webm': '.webm', 'video/x-matroska': '.mkv', 'video/x-msvideo': '.avi', 'video/ogg': '.ogv',
};

/**
 * Custom avatars' media at create time: fetched through the service's fetcher (a URL, or an
 * `upload:` value from a multipart part), probed, and kept in blob storage for the build job.
 */
export function createAvatarMediaIntake(deps: { fetcher: UrlFetcher; ffmpeg: FfmpegEngine; blobs: BlobStore; tempRoot: string }): AvatarMediaIntake {
  return {
    async keep(value, keyStem, accept, signal) {
      await mkdir(deps.tempRoot, { recursive: true });
      const dir = await mkdtemp(join(deps.tempRoot, 'avatar-media-'));
      try {
        const file = await deps.fetcher.download(value, join(dir, 'media'), { accept, signal });
        const probe = await deps.ffmpeg.probe(file.path, { signal }).catch(() => {
          throw new MediaUnusable(`the file (${file.contentType}) could not be decoded`);
        });
        const kind = file.contentType.startsWith('image/') ? 'image' : 'video';
        if (!probe.video || !(probe.video.width > 0)) throw new MediaUnusable(`the file has no picture (${file.contentType})`);
        if (kind === 'video' && !(probe.durationSeconds > 0)) throw new MediaUnusable('the video has no playable length');
        const key = keyStem + (EXTENSIONS[file.contentType] ?? (kind === 'image' ? '.img' : '.video'));
        await deps.blobs.putFile(key, file.path);
        return {
          key,
          kind,
          durationSeconds: kind === 'video' ? probe.durationSeconds : null,
          width: probe.video.width,
          height: probe.video.height,
        };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A custom avatar's voice when a request names none: a built-in voice of the avatar's gender. */
export function voiceForGender(catalog: VoiceCatalog): (gender: AvatarGender | null) => string | null {
  return (gender) => defaultVoiceForAvatar({ preferredVoiceIds: [], gender: gender ?? 'nb' }, {
    has: (id) => catalog.byId.has(id),
    sameGender: (g) => catalog.voices.find((v) => v.gender === g && v.language === 'en' && v.kind === 'builtin')?.id,
    fallback: defaultVoiceId(catalog),
  }) ?? null;
}

type RecordLookup = (accountId: string, avatarId: string) => Promise<CustomAvatarRecord | null>;

/**
 * An account's active custom avatars for the video pipelines; they are never auto-matched to
 * products. One still being built or failed is reported as such (a precise 400, not "unknown").
 */
export function customAvatarDirectory(avatars: { record: RecordLookup; whyUnusable: (accountId: string, avatarId: string) => Promise<string | null> }): AvatarDirectory {
  return {
    async resolve(accountId, avatarId) {
      const r = await avatars.record(accountId, avatarId);
      return r ? { id: r.id, name: r.name, defaultVoiceId: r.defaultVoiceId } : null;
    },
    whyUnusable: (accountId, avatarId) => avatars.whyUnusable(accountId, avatarId),
    match: async () => null,
  };
}

/**
 * Talking clips of photo avatars: an account's custom avatar (its still and the face found when
 * it was built), or a photo given with the request (`photoPath`, whose face is found now).
 */
export function customAvatarClips(deps: { ffmpeg: FfmpegEngine; faces: FaceEngine; blobs: BlobStore; records: RecordLookup }): AvatarClipMaker {
  return {
    async make(req) {
      const dir = await mkdtemp(join(req.workDir, 'photo-avatar-'));
      let photoPath = req.photoPath;
      let face;
      if (photoPath) {
        face = await detectSingleFace(deps.faces, photoPath, { signal: req.signal });
      } else {
        const record = await deps.records(req.accountId, req.avatarId);
        if (!record) throw new TaskFailure(`The avatar ${req.avatarId} is not available any more (deleted, or not active); choose another avatar.`);
        photoPath = join(dir, 'still.jpg');
        await pipeline(deps.blobs.read(record.stillKey), createWriteStream(photoPath));
        face = record.face;
      }
      const clip = await makePhotoAvatarClip(deps.ffmpeg, {
        photoPath,
        face,
        audioPath: req.audioPath,
        words: req.words,
        phones: req.phones,
        durationSeconds: req.durationSeconds,
        frame: { width: req.widthPx, height: req.heightPx },
        background: req.background ?? { kind: 'scene' },
        outputDir: dir,
        seed: seedFor(`${req.avatarId}|${req.durationSeconds}`),
        signal: req.signal,
        onProgress: req.onProgress,
      });
      return { path: clip.path, hasAlpha: clip.hasAlpha };
    },
  };
}
