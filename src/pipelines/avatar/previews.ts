import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuiltinAvatar } from '../../domain/catalog/avatars.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { SpeechEngines } from '../../engines/speech/port.js';
import type { SpeechVoice } from '../speech/synthesize-speech.js';
import { renderStill } from './draw/character.js';
import { hashString } from '../../core/random.js';
import { renderSpeakingAvatar } from './speak.js';

export type PreviewAspect = '16:9' | '1:1' | '9:16';
export const PREVIEW_ASPECTS: readonly PreviewAspect[] = ['16:9', '1:1', '9:16'];

/** Preview stills at the contract's full sizes. */
const IMAGE_SIZES: Record<PreviewAspect, { width: number; height: number }> = {
  '16:9': { width: 1920, height: 1080 },
  '1:1': { width: 1080, height: 1080 },
  '9:16': { width: 1080, height: 1920 },
};
/** Preview videos at the 360p class: they are made on first request, so they must be quick. */
const VIDEO_SIZES: Record<PreviewAspect, { width: number; height: number }> = {
  '16:9': { width: 640, height: 360 },
  '1:1': { width: 360, height: 360 },
  '9:16': { width: 360, height: 640 },
};

/** Blob key parts: `16:9` → `16x9`. */
export const aspectSlug = (a: PreviewAspect) => a.replace(':', 'x');

/** The avatar in its own setting, mouth at rest, as a PNG. */
export async function renderPreviewImage(avatar: BuiltinAvatar, aspect: PreviewAspect, outPath: string): Promise<string> {
  const { width, height } = IMAGE_SIZES[aspect];
  const canvas = await renderStill(avatar.look, width, height);
  await writeFile(outPath, await canvas.encode('png'));
  return outPath;
}

/** The avatar saying its greeting in its own voice and setting, as an MP4. */
export async function renderPreviewVideo(
  avatar: BuiltinAvatar,
  voice: SpeechVoice,
  aspect: PreviewAspect,
  deps: { engines: SpeechEngines; ffmpeg: FfmpegEngine },
  workDir: string,
): Promise<string> {
  const outputPath = join(workDir, `preview-${aspectSlug(aspect)}.mp4`);
  await renderSpeakingAvatar({ look: avatar.look, text: avatar.greeting, voice }, deps, {
    workDir,
    ...VIDEO_SIZES[aspect],
    background: { kind: 'scene' },
    format: 'mp4',
    outputPath,
    seed: hashString(avatar.id),
    preset: 'veryfast',
  });
  return outputPath;
}
