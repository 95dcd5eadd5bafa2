import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { LipsyncInput } from '../../domain/avatars/lipsync-kind.js';
import type { SpeechSynthesizer } from '../../domain/speech/voice-directory.js';
import { TaskFailure } from '../../core/errors.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import { frameImageArgs, MP3_PRESETS, mp3EncodeArgs, opusArgs, VP9_ALPHA_DECODER_ARGS, vp9AlphaArgs } from '../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import { even, frameSizeFor } from '../../media/frame-size.js';
import { renderTimeline } from '../../media/render.js';
import type { RenderQuality, Timeline } from '../../media/timeline.js';
import type { AvatarClip, AvatarClipMaker } from '../avatar/clips/avatar-clip-maker.js';
import { resolveBackgroundMusic } from '../music/background-music.js';
import type { Decorate } from './layout-box.js';
import { GREEN_SCREEN, STUDIO_BACKDROP, type TalkingPlan } from './talking-plan.js';
import type { CutoutEngine } from '../../engines/image/port.js';
import { analysePhoto } from './product-photo.js';
import { DecorationSet } from './avatar-scenes/decorations.js';
import { TALKING_BACKDROP_PLACES, talkingBackdropScene } from './avatar-scenes/talking-backdrop.js';

/**
 * The task's frozen input as the kind reads it, with who asks: no field is copied on the way, so a
 * field added to the kind's input reaches the plan with no other edit.
 */
export type TalkingRequest = LipsyncInput & { accountId: string };

/** Voice (spoken or the client's own audio), background picture and music, into `planDir`. */
export async function prepareTalkingPlan(
  req: TalkingRequest,
  deps: { speech: SpeechSynthesizer; fetcher: UrlFetcher; ffmpeg: FfmpegEngine; musicCacheDir: string },
  opts: { planDir: string; workDir: string; signal?: AbortSignal; onProgress?: (f: number) => void },
): Promise<TalkingPlan> {
  const { signal } = opts;
  await mkdir(opts.planDir, { recursive: true });
  const background =
    req.backgroundImageUrl && !req.greenScreen
      ? deps.fetcher.download(req.backgroundImageUrl, join(opts.planDir, 'background'), { accept: ['image'], signal }).then(() => 'background')
      : Promise.resolve(null);
  background.catch(() => undefined);

  let words: TalkingPlan['words'] = [];
  let phones: TalkingPlan['phones'];
  let speechSeconds: number;
  if (req.audioUrl) {
    const source = join(opts.workDir, 'voice-source');
    await deps.fetcher.download(req.audioUrl, source, { accept: ['audio', 'video'], signal });
    await deps.ffmpeg.run(mp3EncodeArgs({ input: source, output: join(opts.planDir, 'voice.mp3'), preset: MP3_PRESETS.planVoiceFromClientAudio }), { signal });
    speechSeconds = (await deps.ffmpeg.probe(join(opts.planDir, 'voice.mp3'), { signal })).durationSeconds;
  } else {
    const audio = await deps.speech.synthesize({
      accountId: req.accountId,
      text: req.text ?? '',
      voiceId: req.voiceId ?? '',
      workDir: opts.workDir,
      signal,
      onProgress: (f) => opts.onProgress?.(f * 0.8),
    });
    await copyFile(audio.mp3Path, join(opts.planDir, 'voice.mp3'));
    speechSeconds = audio.durationSeconds;
    words = audio.words;
    phones = audio.phones;
  }
  if (!(speechSeconds > 0.2)) throw new TaskFailure('the voiceover is empty: give text to speak or an audio file with sound in it', false);

  const backgroundFile = await background.catch((err: unknown) => {
    throw new TaskFailure(`background_asset_image_url could not be used: ${err instanceof Error ? err.message : String(err)}`, false);
  });
  let music: string | null = null;
  if (!req.noMusic && !req.greenScreen && !req.transparent) {
    const path = await resolveBackgroundMusic({ url: null, seed: req.seed }, deps, { workDir: opts.workDir, signal });
    music = 'music.wav';
    await copyFile(path, join(opts.planDir, music));
  }
  opts.onProgress?.(1);
  return {
    aspectRatio: req.aspectRatio,
    avatarId: req.avatarId,
    speechSeconds: Math.round(speechSeconds * 1000) / 1000,
    words,
    ...(phones ? { phones } : {}),
    background: req.greenScreen
      ? { kind: 'color', color: GREEN_SCREEN }
      : backgroundFile
        ? { kind: 'image', file: backgroundFile }
        : { kind: 'color', color: STUDIO_BACKDROP },
    greenScreen: req.greenScreen,
    transparent: req.transparent,
    // A green screen is for keying later: captions would be keyed out with it.
    caption: { hidden: req.noCaption || req.greenScreen || req.transparent || words.length === 0, setting: req.caption ?? null },
    files: { voice: 'voice.mp3', background: backgroundFile, music },
  };
}

/**
 * The avatar over its background as a timeline: pure. `decorate` is given when the background
 * shows a product (the cut-out found one): the presenter then stands beside it, not in front of
 * it, and the captions keep off it (a client's own caption place is kept).
 */
export function talkingTimeline(plan: TalkingPlan, planDir: string, avatar: AvatarClip, decorate?: Decorate): Timeline {
  const file = (name: string) => join(planDir, name);
  const beside = decorate && plan.background.kind === 'image' ? plan.background.file : null;
  const caption = plan.caption.setting ?? { style: 'normal-black' };
  return {
    aspectRatio: plan.aspectRatio,
    scenes: beside
      ? [talkingBackdropScene(plan.aspectRatio, file(beside), plan.speechSeconds, avatar, decorate!)]
      : // The clip was drawn at the frame's size over the plan's background: it is the scene.
        [{ durationSeconds: plan.speechSeconds, background: { kind: 'video', path: avatar.path, fit: 'crop', loop: false } }],
    voiceover: { clips: [{ path: file(plan.files.voice), startSeconds: 0 }] },
    music: plan.files.music ? { path: file(plan.files.music), volume: 0.15, loop: true, fadeOutSeconds: 1 } : undefined,
    captions: plan.caption.hidden
      ? undefined
      : { words: plan.words, setting: beside ? { ...TALKING_BACKDROP_PLACES[plan.aspectRatio].caption, ...caption } : caption },
  };
}

/** Whether the plan's background picture shows a product the presenter must not stand in front of. */
async function showsProduct(plan: TalkingPlan, planDir: string, cutout: CutoutEngine | null | undefined, signal?: AbortSignal): Promise<boolean> {
  if (!cutout || plan.transparent || plan.greenScreen || plan.background.kind !== 'image') return false;
  return (await analysePhoto(join(planDir, plan.background.file), cutout, signal)).box !== null;
}

/** Renders a plan: MP4 through the composition engine, or WebM with alpha for a transparent background. */
export async function renderTalkingVideo(
  plan: TalkingPlan,
  req: { accountId: string; planDir: string; quality: RenderQuality; outputDir: string },
  deps: { ffmpeg: FfmpegEngine; avatars: AvatarClipMaker; cutout?: CutoutEngine | null },
  opts: { workDir: string; signal?: AbortSignal; onProgress?: (f: number) => void },
): Promise<{ videoPath: string; thumbnailPath: string; durationSeconds: number; contentType: string }> {
  const { signal, onProgress } = opts;
  const frame = frameSizeFor(plan.aspectRatio, req.quality);
  if (await showsProduct(plan, req.planDir, deps.cutout, signal)) return renderBesideProduct(plan, req, deps, opts);
  const avatar = await deps.avatars.make({
    accountId: req.accountId,
    avatarId: plan.avatarId,
    audioPath: join(req.planDir, plan.files.voice),
    words: plan.words,
    phones: plan.phones,
    durationSeconds: plan.speechSeconds,
    widthPx: frame.width,
    heightPx: frame.height,
    workDir: opts.workDir,
    signal,
    wantAlpha: plan.transparent,
    background: plan.transparent
      ? { kind: 'transparent' }
      : plan.background.kind === 'image'
        ? { kind: 'image', path: join(req.planDir, plan.background.file) }
        : { kind: 'color', color: plan.background.color },
    onProgress: (f) => onProgress?.(f * 0.5),
  });
  const thumbnailPath = join(req.outputDir, 'thumbnail.jpg');
  if (plan.transparent) {
    if (!avatar.hasAlpha) throw new TaskFailure('this avatar cannot be drawn on a transparent background; use green_screen instead', false);
    const videoPath = join(req.outputDir, 'video.webm');
    await deps.ffmpeg.run(transparentWebmArgs(avatar.path, join(req.planDir, plan.files.voice), videoPath, frame, plan.speechSeconds), {
      signal,
      expectedDurationSeconds: plan.speechSeconds,
      onProgress: (f) => onProgress?.(0.5 + f * 0.45),
    });
    await deps.ffmpeg.run(frameImageArgs({ input: avatar.path, width: frame.width, output: thumbnailPath }), { signal });
    const probe = await deps.ffmpeg.probe(videoPath, { signal });
    return { videoPath, thumbnailPath, durationSeconds: probe.durationSeconds, contentType: 'video/webm' };
  }
  const videoPath = join(req.outputDir, 'video.mp4');
  const out = await renderTimeline(
    deps.ffmpeg,
    talkingTimeline(plan, req.planDir, avatar),
    { quality: req.quality, videoPath, thumbnailPath },
    {
      signal,
      scratchDir: opts.workDir,
      onProgress: (f) => onProgress?.(0.5 + f * 0.5),
    },
  );
  return { videoPath, thumbnailPath, durationSeconds: out.durationSeconds, contentType: 'video/mp4' };
}

/**
 * A background with a product in it: the presenter's clip made at their place's size (the figure
 * alone when the avatar can be cut out, else the photo filling its place), the picture framed so
 * the product lies whole beside them.
 */
async function renderBesideProduct(
  plan: TalkingPlan,
  req: { accountId: string; planDir: string; quality: RenderQuality; outputDir: string },
  deps: { ffmpeg: FfmpegEngine; avatars: AvatarClipMaker; cutout?: CutoutEngine | null },
  opts: { workDir: string; signal?: AbortSignal; onProgress?: (f: number) => void },
): Promise<{ videoPath: string; thumbnailPath: string; durationSeconds: number; contentType: string }> {
  const { signal, onProgress } = opts;
  const frame = frameSizeFor(plan.aspectRatio, req.quality);
  const place = TALKING_BACKDROP_PLACES[plan.aspectRatio].presenter;
  const cutOut = deps.avatars.canCutOut?.({ accountId: req.accountId, avatarId: plan.avatarId }) ?? false;
  const avatar = await deps.avatars.make({
    accountId: req.accountId,
    avatarId: plan.avatarId,
    audioPath: join(req.planDir, plan.files.voice),
    words: plan.words,
    phones: plan.phones,
    durationSeconds: plan.speechSeconds,
    widthPx: even(frame.width * place.box.width),
    heightPx: even(frame.height * place.box.height),
    workDir: opts.workDir,
    signal,
    background: cutOut ? { kind: 'transparent' } : { kind: 'scene' },
    onProgress: (f) => onProgress?.(f * 0.5),
  });
  const decorations = new DecorationSet(opts.workDir, frame, deps.cutout ?? null);
  const timeline = talkingTimeline(plan, req.planDir, avatar, decorations.decorate);
  await decorations.drawAll(signal);
  const videoPath = join(req.outputDir, 'video.mp4');
  const thumbnailPath = join(req.outputDir, 'thumbnail.jpg');
  const out = await renderTimeline(
    deps.ffmpeg,
    timeline,
    { quality: req.quality, videoPath, thumbnailPath },
    { signal, scratchDir: opts.workDir, onProgress: (f) => onProgress?.(0.5 + f * 0.5) },
  );
  return { videoPath, thumbnailPath, durationSeconds: out.durationSeconds, contentType: 'video/mp4' };
}

/** The avatar clip (with alpha) centred on a transparent frame, VP9 with alpha + Opus. Pure. */
export function transparentWebmArgs(clip: string, voice: string, output: string, frame: { width: number; height: number }, seconds: number): string[] {
  return [
    '-y',
    ...VP9_ALPHA_DECODER_ARGS,
    '-i',
    clip,
    '-i',
    voice,
    '-filter_complex',
    `[0:v]scale=${frame.width}:${frame.height}:force_original_aspect_ratio=decrease,format=yuva420p,pad=${frame.width}:${frame.height}:(ow-iw)/2:(oh-ih)/2:color=black@0[v]`,
    '-map',
    '[v]',
    '-map',
    '1:a',
    ...vp9AlphaArgs({ bitrate: '1500k' }),
    ...opusArgs({ bitrate: '96k' }),
    '-t',
    seconds.toFixed(3),
    output,
  ];
}
