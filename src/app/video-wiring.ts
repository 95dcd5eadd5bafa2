import { join } from 'node:path';
import type { SpeechSynthesizer } from '../domain/speech/voice-directory.js';
import type { BlobStore } from '../engines/blobs/port.js';
import type { UrlFetcher } from '../engines/fetch/port.js';
import type { FfmpegEngine } from '../engines/ffmpeg/types.js';
import type { LinkVideoJobDeps } from '../jobs/handlers/link-to-video.js';
import type { AvatarClipMaker } from '../pipelines/video/render-ad-video.js';
import { builtInScriptWriter } from '../pipelines/video/built-in-script-writer.js';

export function linkVideoJobDeps(deps: {
  blobs: BlobStore;
  fetcher: UrlFetcher;
  speech: SpeechSynthesizer;
  ffmpeg: FfmpegEngine;
  dataDir: string;
  avatars?: AvatarClipMaker | null;
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
