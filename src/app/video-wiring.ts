import { join } from 'node:path';
import type { SpeechSynthesizer } from '../domain/speech/voice-directory.js';
import type { VideoVocabulary } from '../domain/videos/link-video-service.js';
import { defaultVoiceId, type VoiceCatalog } from '../domain/catalog/voices.js';
import type { BlobStore } from '../engines/blobs/port.js';
import type { UrlFetcher } from '../engines/fetch/port.js';
import type { FfmpegEngine } from '../engines/ffmpeg/types.js';
import type { LinkVideoJobDeps } from '../jobs/handlers/link-to-video.js';
import type { ScriptWriter } from '../pipelines/video/ad-script.js';
import type { AvatarClipMaker } from '../pipelines/video/render-ad-video.js';
import { isVisualStyle, visualStyleNames } from '../pipelines/video/visual-styles.js';
import { productFactsFromLink } from '../pipelines/text/product-facts.js';
import { isScriptLanguage } from '../pipelines/text/languages.js';
import { findScriptStyle, SCRIPT_STYLE_NAMES } from '../pipelines/text/script-styles.js';
import { writeAdScript } from '../pipelines/text/write-ad-script.js';

/** The built-in copywriter behind the video pipeline's ScriptWriter port. */
export const builtInScriptWriter: ScriptWriter = (req) => {
  const script = writeAdScript({
    facts: productFactsFromLink(req.facts, { audience: req.targetAudience, platform: req.targetPlatform }),
    style: req.style,
    videoLengthSeconds: req.videoLengthSeconds,
    language: req.language,
    wordsPerSecond: req.wordsPerSecond,
    seed: req.seed,
  });
  // One spoken paragraph: the blank lines between sections would read as long silences.
  return { text: script.paragraphs.join(' '), highlights: script.features };
};

export function videoVocabulary(catalog: VoiceCatalog): VideoVocabulary {
  return {
    isScriptStyle: (name) => Boolean(findScriptStyle(name)),
    scriptStyleNames: () => [...SCRIPT_STYLE_NAMES],
    isVisualStyle,
    visualStyleNames,
    isScriptLanguage,
    defaultVoiceFor(language) {
      if (language === 'en') return defaultVoiceId(catalog) ?? null;
      return catalog.voices.find((v) => v.language === language && v.kind === 'builtin')?.id ?? null;
    },
  };
}

export function linkVideoJobDeps(deps: {
  blobs: BlobStore; fetcher: UrlFetcher; speech: SpeechSynthesizer; ffmpeg: FfmpegEngine; dataDir: string; avatars?: AvatarClipMaker | null;
}): LinkVideoJobDeps {
  return {
    blobs: deps.blobs,
    fetcher: deps.fetcher,
    speech: deps.speech,
    ffmpeg: deps.ffmpeg,
    writeScript: builtInScriptWriter,
    avatars: deps.avatars ?? null,
    musicCacheDir: join(deps.dataDir, 'cache', 'music'),
  };
}

