import { join } from 'node:path';
import { findBuiltinAvatar } from '../../../domain/catalog/avatars.js';
import { seedFor } from '../../../core/random.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import type { AvatarClipMaker } from './avatar-clip-maker.js';
import { renderTalkingHead } from '../render/render-talking-head.js';
import { mouthTrackFromAudioFile, mouthTrackFromTimings } from '../visemes/index.js';

/**
 * Talking clips of the built-in drawn avatars (the `AvatarClipMaker` port); any other id, or a
 * request with a photo, goes to `photo` (custom and photo avatars).
 */
export function drawnAvatarClips(ffmpeg: FfmpegEngine, photo?: AvatarClipMaker): AvatarClipMaker {
  return {
    // Drawn avatars are painted on their backdrop, so they can be painted without it too.
    canCutOut: (req) => !req.photoPath && findBuiltinAvatar(req.avatarId) !== undefined,
    async make(req) {
      const avatar = req.photoPath ? undefined : findBuiltinAvatar(req.avatarId);
      if (!avatar) {
        if (photo) return photo.make(req);
        throw new Error(`avatar ${req.avatarId} is not a built-in avatar`);
      }
      // Engine timings when the voice has them; otherwise the mouth follows the recording's loudness.
      const track =
        req.words.length > 0
          ? mouthTrackFromTimings({ words: req.words, phones: req.phones }, req.durationSeconds)
          : await mouthTrackFromAudioFile(ffmpeg, req.audioPath, { signal: req.signal });
      const transparent = req.background?.kind === 'transparent';
      const outputPath = join(req.workDir, `avatar-${avatar.slug}-${req.widthPx}x${req.heightPx}.${transparent ? 'webm' : 'mp4'}`);
      await renderTalkingHead(
        {
          look: avatar.look,
          track,
          width: req.widthPx,
          height: req.heightPx,
          background: req.background ?? { kind: 'scene' },
          format: transparent ? 'webm' : 'mp4',
          outputPath,
          seed: seedFor(`${req.avatarId}|${req.durationSeconds}`),
        },
        { workDir: req.workDir, signal: req.signal, onProgress: req.onProgress, ffmpeg },
      );
      return { path: outputPath, hasAlpha: transparent };
    },
  };
}
