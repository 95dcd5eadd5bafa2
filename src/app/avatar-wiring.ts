import { BUILTIN_AVATARS, DEFAULT_AVATAR_ID, defaultVoiceForAvatar, findBuiltinAvatar, type BuiltinAvatar } from '../domain/catalog/avatars.js';
import { defaultVoiceId, type VoiceCatalog } from '../domain/catalog/voices.js';
import type { LinkFacts } from '../domain/links/link-facts.js';
import type { AvatarDirectory, AvatarRef } from '../domain/videos/avatar-directory.js';
import type { FfmpegEngine } from '../engines/ffmpeg/types.js';
import { join } from 'node:path';
import { mouthTrackFromAudioFile, mouthTrackFromTimings } from '../pipelines/avatar/visemes/index.js';
import { renderTalkingHead } from '../pipelines/avatar/render/render-talking-head.js';
import type { AvatarClipMaker } from '../pipelines/video/render-ad-video.js';
import { seedFor } from '../core/random.js';

/** Built-in avatars (custom avatars plug in through `custom`). */
export function builtinAvatarDirectory(catalog: VoiceCatalog, custom?: AvatarDirectory): AvatarDirectory {
  const voiceOf = (a: BuiltinAvatar) => defaultVoiceForAvatar(a, {
    has: (id) => catalog.byId.has(id),
    sameGender: (g) => catalog.voices.find((v) => v.gender === g && v.language === 'en' && v.kind === 'builtin')?.id,
    fallback: defaultVoiceId(catalog),
  }) ?? null;
  const ref = (a: BuiltinAvatar): AvatarRef => ({ id: a.id, name: a.name, defaultVoiceId: voiceOf(a) });
  return {
    async resolve(accountId, avatarId) {
      const builtin = findBuiltinAvatar(avatarId);
      if (builtin) return ref(builtin);
      return custom ? custom.resolve(accountId, avatarId) : null;
    },
    whyUnusable: async (accountId, avatarId) => (await custom?.whyUnusable?.(accountId, avatarId)) ?? null,
    async match(facts: LinkFacts | null, seed: number) {
      if (!facts) return ref(findBuiltinAvatar(DEFAULT_AVATAR_ID)!);
      // Presenters suited to the product's industry first; the seed picks among them.
      const suited = BUILTIN_AVATARS.filter((a) => a.suitableIndustries.includes(facts.aiIndustry as never) && a.style !== 'other');
      const pool = suited.length > 0 ? suited : BUILTIN_AVATARS.filter((a) => a.style === 'presenter');
      return ref(pool[seed % pool.length]!);
    },
  };
}

/** Talking clips of the built-in drawn avatars (photo avatars plug in through `custom`). */
export function builtinAvatarClips(ffmpeg: FfmpegEngine, custom?: AvatarClipMaker): AvatarClipMaker {
  return {
    // Drawn avatars are painted on their backdrop, so they can be painted without it too.
    canCutOut: (req) => !req.photoPath && findBuiltinAvatar(req.avatarId) !== undefined,
    async make(req) {
      const avatar = req.photoPath ? undefined : findBuiltinAvatar(req.avatarId);
      if (!avatar) {
        if (custom) return custom.make(req);
        throw new Error(`avatar ${req.avatarId} is not a built-in avatar`);
      }
      const track = req.words.length > 0
        ? mouthTrackFromTimings({ words: req.words, phones: req.phones }, req.durationSeconds)
        : await mouthTrackFromAudioFile(ffmpeg, req.audioPath, { signal: req.signal });
      const transparent = req.background?.kind === 'transparent';
      const outputPath = join(req.workDir, `avatar-${avatar.slug}-${req.widthPx}x${req.heightPx}.${transparent ? 'webm' : 'mp4'}`);
      await renderTalkingHead({
        look: avatar.look,
        track,
        width: req.widthPx,
        height: req.heightPx,
        background: req.background ?? { kind: 'scene' },
        format: transparent ? 'webm' : 'mp4',
        outputPath,
        seed: seedFor(`${req.avatarId}|${req.durationSeconds}`),
      }, { workDir: req.workDir, signal: req.signal, onProgress: req.onProgress, ffmpeg });
      return { path: outputPath, hasAlpha: transparent };
    },
  };
}
