import { createWriteStream } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { TaskFailure } from '../../../core/errors.js';
import type { CustomAvatarRecord } from '../../../domain/avatars/custom-avatars.js';
import { seedFor } from '../../../core/random.js';
import type { BlobStore } from '../../../engines/blobs/port.js';
import type { FaceEngine } from '../../../engines/face/index.js';
import { detectUsablePortrait } from '../photo/usable-portrait.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import type { AvatarClipMaker } from './avatar-clip-maker.js';
import { makePhotoAvatarClip, type PhotoClipRequest } from '../custom/index.js';

/**
 * Talking clips of photo avatars (the `AvatarClipMaker` port): an account's custom avatar (its
 * still and the face found when it was built), or a photo given with the request (`photoPath`,
 * whose face is found now). An avatar gone since the task was created fails the task, in words
 * for the client.
 */
export function photoAvatarClips(deps: {
  ffmpeg: FfmpegEngine;
  faces: FaceEngine;
  blobs: Pick<BlobStore, 'read'>;
  /** The account's active avatar, or null. */
  records: (accountId: string, avatarId: string) => Promise<CustomAvatarRecord | null>;
}): AvatarClipMaker {
  return {
    async make(req) {
      const dir = await mkdtemp(join(req.workDir, 'photo-avatar-'));
      let photoPath = req.photoPath;
      let face: PhotoClipRequest['face'];
      let footage: { videoPath: string; faces: FaceEngine } | undefined;
      if (photoPath) {
        face = await detectUsablePortrait(deps.faces, photoPath, { signal: req.signal });
      } else {
        const record = await deps.records(req.accountId, req.avatarId);
        if (!record) throw new TaskFailure(`The avatar ${req.avatarId} is not available any more (deleted, or not active); choose another avatar.`);
        photoPath = join(dir, 'still.jpg');
        await pipeline(deps.blobs.read(record.stillKey), createWriteStream(photoPath));
        face = record.face;
        if (record.footageKey) {
          const videoPath = join(dir, `footage${extname(record.footageKey)}`);
          await pipeline(deps.blobs.read(record.footageKey), createWriteStream(videoPath));
          footage = { videoPath, faces: deps.faces };
        }
      }
      const clip = await makePhotoAvatarClip(deps.ffmpeg, {
        photoPath,
        face,
        footage,
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
