import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { customAvatarGreeting, parseCustomAvatarPreviewKey, type CustomAvatarRecord } from '../../../domain/avatars/custom-avatars.js';
import type { SpeechSynthesizer } from '../../../domain/speech/voice-directory.js';
import { seedFor } from '../../../core/random.js';
import type { BlobProducer } from '../../../engines/blobs/lazy-blobs.js';
import type { BlobStore } from '../../../engines/blobs/port.js';
import type { FaceEngine } from '../../../engines/face/index.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import { renderPhotoAvatarPreviewVideo } from './preview-video.js';

/**
 * Custom avatars' preview videos, made on first request at their signed URL (registered with
 * LazyBlobs under `CUSTOM_AVATAR_PREVIEW_PREFIX`): the avatar's photo saying its greeting in its
 * default voice. A key renders only for the account's own *active* avatar; anything else (another
 * account's, deleted, being built, failed) is not found. The renders take turns with the built-in
 * avatars' previews (`slot`).
 */
export function customAvatarPreviewVideos(deps: {
  /** The account's active avatar, or null. */
  records: (accountId: string, avatarId: string) => Promise<CustomAvatarRecord | null>;
  blobs: BlobStore;
  ffmpeg: FfmpegEngine;
  /** Tracks the face of an avatar made from a video (its footage is animated, not its still). */
  faces?: FaceEngine;
  synthesizer: SpeechSynthesizer;
  /** The voice when the avatar has none (no voice of its gender on this machine). */
  fallbackVoiceId: () => string | null;
  slot: <T>(render: () => Promise<T>) => Promise<T>;
}): BlobProducer {
  return async (key, workDir) => {
    const parsed = parseCustomAvatarPreviewKey(key);
    if (!parsed) return null;
    const current = () => deps.records(parsed.accountId, parsed.avatarId);
    const record = await current();
    if (!record) return null;
    const greeting = customAvatarGreeting(record.name);
    const voiceId = record.defaultVoiceId ?? deps.fallbackVoiceId();
    if (!voiceId) throw new Error(`no voice is available to speak the preview of avatar ${record.id}`);
    const path = await deps.slot(async () => {
      const stillPath = join(workDir, 'still.jpg');
      await pipeline(deps.blobs.read(record.stillKey), createWriteStream(stillPath));
      const speechDir = join(workDir, 'speech');
      await mkdir(speechDir, { recursive: true });
      const speech = await deps.synthesizer.synthesize({ accountId: record.accountId, text: greeting, voiceId, workDir: speechDir });
      let footage: { videoPath: string; faces: FaceEngine } | undefined;
      if (record.footageKey && deps.faces) {
        const videoPath = join(workDir, `footage${extname(record.footageKey)}`);
        await pipeline(deps.blobs.read(record.footageKey), createWriteStream(videoPath));
        footage = { videoPath, faces: deps.faces };
      }
      return renderPhotoAvatarPreviewVideo(deps.ffmpeg, {
        photoPath: stillPath,
        face: record.face,
        footage,
        speech,
        aspect: parsed.aspect,
        outputDir: workDir,
        seed: seedFor(record.id),
      });
    });
    return {
      path,
      // Deleted or renamed while rendering: the file would be stale (or orphaned), so it is dropped.
      async stillCurrent() {
        const now = await current();
        return now !== null && now.stillKey === record.stillKey && customAvatarGreeting(now.name) === greeting;
      },
    };
  };
}
