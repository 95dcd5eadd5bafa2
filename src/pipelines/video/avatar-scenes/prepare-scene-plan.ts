import { copyFile, mkdir, rename } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { spokenText, type AvatarVideoSpec, type BackgroundEffect, type SceneSpec } from '../../../domain/avatars/avatar-video-spec.js';
import { TaskFailure } from '../../../core/errors.js';
import type { SpeechSynthesizer } from '../../../domain/speech/voice-directory.js';
import type { UrlFetcher } from '../../../engines/fetch/port.js';
import { silentMp3Args } from '../../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import type { BackgroundMotion } from '../../../media/timeline.js';
import { resolveBackgroundMusic } from '../../music/background-music.js';
import { totalSeconds, type AvatarScenesPlan, type PlannedCta, type PlannedMedia, type PlannedScene } from './scene-plan.js';

export interface PrepareScenesDeps {
  speech: SpeechSynthesizer;
  fetcher: UrlFetcher;
  ffmpeg: FfmpegEngine;
  musicCacheDir: string;
}

/** The contract's effect names → the composition engine's background motions. */
export const EFFECT_MOTIONS: Record<BackgroundEffect, BackgroundMotion> = {
  imageSlideLeft: 'slide-left',
  imageZoomIn: 'zoom-in',
  imageZoomOut: 'zoom-out',
  imageWobbling: 'wobble',
  imageThrob: 'throb',
};

const EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/gif': '.gif',
  'video/mp4': '.mp4',
  'video/quicktime': '.mov',
  'video/webm': '.webm',
};

/**
 * Voices every scene (speech in its voice, or silence of its length), fetches each distinct
 * picture, clip and the music once, and times the scenes. Files land in `planDir`.
 */
export async function prepareAvatarScenesPlan(
  spec: AvatarVideoSpec,
  accountId: string,
  deps: PrepareScenesDeps,
  opts: { planDir: string; workDir: string; signal?: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<AvatarScenesPlan> {
  const { planDir, signal } = opts;
  await mkdir(planDir, { recursive: true });
  const downloads = new Map<string, Promise<PlannedMedia>>();
  /** Each distinct URL is fetched once, whatever number of scenes use it. */
  const fetchOnce = (url: string, field: string, accept: ('image' | 'video')[]): Promise<PlannedMedia> => {
    let pending = downloads.get(url);
    if (!pending) {
      const name = `media-${downloads.size + 1}`;
      pending = deps.fetcher.download(url, join(planDir, name), { accept, signal }).then(
        async (file) => {
          const ext = EXTENSIONS[file.contentType] ?? '';
          if (ext) await rename(join(planDir, name), join(planDir, name + ext));
          return { kind: file.contentType.startsWith('video/') ? 'video' : 'image', file: name + ext } as PlannedMedia;
        },
        (err: unknown) => {
          throw new TaskFailure(`${field} could not be used: ${err instanceof Error ? err.message : String(err)}`, false);
        },
      );
      pending.catch(() => undefined);
      downloads.set(url, pending);
    }
    return pending;
  };

  // Pictures download while the scenes are voiced.
  const media = spec.scenes.map((s, i) => ({
    background: s.background ? fetchOnce(s.background.url, `video_inputs.${i}.background.url`, [s.background.kind]) : null,
    logo: s.cta?.logo ? fetchOnce(s.cta.logo.url, `video_inputs.${i}.cta.cta_logo.url`, ['image']) : null,
  }));
  const endCardMedia = spec.endCard?.background.kind === 'url' ? fetchOnce(spec.endCard.background.url, 'cta_background', ['image', 'video']) : null;

  const steps = spec.scenes.length + 2;
  let done = 0;
  const step = () => opts.onProgress?.(++done / steps);
  const voices: { voice: PlannedScene['voice']; words: PlannedScene['words']; phones?: PlannedScene['phones']; seconds: number }[] = [];
  for (const [i, scene] of spec.scenes.entries()) {
    voices.push(await voiceScene(scene, i, accountId, deps, { ...opts, onProgress: (f) => opts.onProgress?.((done + f) / steps) }));
    step();
  }

  const scenes: PlannedScene[] = [];
  for (const [i, s] of spec.scenes.entries()) {
    const background = media[i]!.background ? await media[i]!.background! : null;
    const logo = media[i]!.logo ? await media[i]!.logo! : null;
    scenes.push({
      durationSeconds: voices[i]!.seconds,
      voice: voices[i]!.voice,
      words: voices[i]!.words,
      ...(voices[i]!.phones ? { phones: voices[i]!.phones } : {}),
      avatar: { ...s.avatar },
      background:
        background && s.background
          ? { ...background, fit: pictureFit(background.kind, s.background.fit), motion: s.background.effect ? EFFECT_MOTIONS[s.background.effect] : null }
          : null,
      caption: { hidden: s.caption.hidden, override: s.caption.override, setting: s.caption.setting },
      transitionIn: s.transitionIn,
      transitionOut: s.transitionOut,
      visualStyle: s.visualStyle,
      cta: s.cta ? { logo: logo && s.cta.logo ? { file: logo.file, offset: s.cta.logo.offset, scale: s.cta.logo.scale } : null, caption: s.cta.caption } : null,
    });
  }
  step();

  let music: AvatarScenesPlan['music'] = null;
  if (spec.music) {
    const path = await resolveBackgroundMusic({ url: spec.music.url, seed: spec.seed }, deps, { workDir: opts.workDir, signal }).catch((err: unknown) => {
      throw new TaskFailure(`background_music.url could not be used: ${err instanceof Error ? err.message : String(err)}`, false);
    });
    const file = `music${extname(path) || '.audio'}`;
    await copyFile(path, join(planDir, file));
    music = { file, volume: spec.music.volume };
  }
  const endCard = spec.endCard
    ? {
        seconds: spec.endCard.seconds,
        background:
          endCardMedia !== null
            ? await endCardMedia
            : { kind: 'color' as const, color: spec.endCard.background.kind === 'color' ? spec.endCard.background.color : '#000000' },
        cta: lastCta(scenes),
      }
    : null;
  step();
  return { aspectRatio: spec.aspectRatio, scenes, endCard, music, durationSeconds: round3(totalSeconds(scenes, endCard)) };
}

async function voiceScene(
  scene: SceneSpec,
  i: number,
  accountId: string,
  deps: PrepareScenesDeps,
  opts: { planDir: string; workDir: string; signal?: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<{ voice: PlannedScene['voice']; words: PlannedScene['words']; phones?: PlannedScene['phones']; seconds: number }> {
  const file = `scene-${i + 1}.mp3`;
  const target = join(opts.planDir, file);
  if (scene.voice.kind === 'silence') {
    const seconds = scene.voice.seconds;
    await deps.ffmpeg.run(silentMp3Args(seconds, target), { signal: opts.signal });
    return { voice: { file, volume: scene.voice.volume, spoken: false }, words: [], seconds };
  }
  const workDir = join(opts.workDir, `speech-${i + 1}`);
  await mkdir(workDir, { recursive: true });
  const audio = await deps.speech.synthesize({
    accountId,
    text: spokenText(scene.voice.text, scene.voice.model),
    voiceId: scene.voice.voiceId,
    workDir,
    signal: opts.signal,
    onProgress: opts.onProgress,
  });
  if (!(audio.durationSeconds > 0.2)) throw new TaskFailure(`video_inputs.${i}.voice.input_text gave no speech`, false);
  await copyFile(audio.mp3Path, target);
  return { voice: { file, volume: scene.voice.volume, spoken: true }, words: audio.words, phones: audio.phones, seconds: round3(audio.durationSeconds) };
}

function lastCta(scenes: PlannedScene[]): PlannedCta | null {
  for (let i = scenes.length - 1; i >= 0; i--) if (scenes[i]!.cta) return scenes[i]!.cta;
  return null;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * A picture asked to crop is kept whole unless its shape matches the frame (product shots and
 * their text are never cut); a clip asked to crop fills the frame as asked.
 */
function pictureFit(kind: 'image' | 'video', fit: 'crop' | 'contain'): 'crop' | 'contain' | 'whole' {
  return kind === 'image' && fit === 'crop' ? 'whole' : fit;
}
