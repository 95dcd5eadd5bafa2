import { join } from 'node:path';
import sharp from 'sharp';
import type { PixelBox } from '../../core/raster.js';
import { TaskFailure } from '../../core/errors.js';
import type { SpeechSynthesizer } from '../../domain/speech/voice-directory.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { AvatarClipMaker } from '../avatar/clips/avatar-clip-maker.js';
import { renderDisplayVideo } from '../images/motion/display-video.js';
import type { StagedLayerFiles } from '../images/staging/staged-scene.js';
import { chooseMotions } from './choose-motions.js';
import { muxMusicArgs } from './mux-music-args.js';
import { videoAtOutputLoudness } from './output-loudness.js';
import { talkingProductArgs } from './talking-product-args.js';

export const PRODUCT_VIDEO_FPS = 30;

export interface ProductVideoOutput {
  videoPath: string;
  durationSeconds: number;
  motions: string[];
}

/** display: product motion shots cut from the staged layers, 2–3 chosen by the seed and the prompt's words. */
export async function renderProductDisplay(
  req: {
    layers: StagedLayerFiles;
    seed: number;
    prompt: string | null;
    durationSeconds: number;
    previousMotions?: readonly string[];
    musicPath: string | null;
    outputPath: string;
    workDir: string;
    signal?: AbortSignal;
    onProgress?: (f: number) => void;
  },
  ffmpeg: FfmpegEngine,
): Promise<ProductVideoOutput> {
  const motions = chooseMotions(req.seed, req.prompt, req.durationSeconds, req.previousMotions);
  const shots = join(req.workDir, 'display-shots.mp4');
  await renderDisplayVideo(
    {
      layers: req.layers,
      motions,
      durationSeconds: req.durationSeconds,
      fps: PRODUCT_VIDEO_FPS,
      seed: req.seed,
      ...(req.musicPath ? { audioPath: req.musicPath } : {}),
      outputPath: shots,
      signal: req.signal,
      onProgress: (f) => req.onProgress?.(f * 0.9),
    },
    ffmpeg,
  );
  const probe = await ffmpeg.probe(shots, { signal: req.signal });
  if (req.musicPath) {
    // The contract's videos carry sound: a renderer that left the music out gets it laid under here.
    let withMusic = shots;
    if (!probe.audio) {
      withMusic = join(req.workDir, 'display-music.mp4');
      await ffmpeg.run(muxMusicArgs({ video: shots, music: req.musicPath, durationSeconds: probe.durationSeconds, output: withMusic }), {
        signal: req.signal,
      });
    }
    await videoAtOutputLoudness(ffmpeg, { input: withMusic, output: req.outputPath, durationSeconds: probe.durationSeconds, signal: req.signal });
  } else {
    await ffmpeg.run(['-y', '-i', shots, '-c', 'copy', '-movflags', '+faststart', req.outputPath], { signal: req.signal });
  }
  req.onProgress?.(1);
  return { videoPath: req.outputPath, durationSeconds: (await ffmpeg.probe(req.outputPath, { signal: req.signal })).durationSeconds, motions };
}

export interface TalkingProductRequest {
  accountId: string;
  layers: StagedLayerFiles;
  script: string;
  avatarId: string;
  voiceId: string;
  outputPath: string;
  workDir: string;
  signal?: AbortSignal;
  onProgress?: (f: number) => void;
}

/**
 * talking: the presenter speaks the script beside the staged product. Where the image already
 * has the presenter standing, the talking clip takes that place; otherwise the presenter stands
 * on the side of the frame with the most room beside the product.
 */
export async function renderTalkingProduct(
  req: TalkingProductRequest,
  deps: { speech: SpeechSynthesizer; avatars: AvatarClipMaker; ffmpeg: FfmpegEngine },
): Promise<ProductVideoOutput> {
  const { signal } = req;
  const { layers, box } = await talkingStage(req.layers, req.workDir);
  const stagePng = join(req.workDir, 'stage.png');
  await stageWithoutPresenter(layers, stagePng);
  const voice = await deps.speech.synthesize({
    accountId: req.accountId,
    text: req.script,
    voiceId: req.voiceId,
    workDir: req.workDir,
    signal,
    onProgress: (f) => req.onProgress?.(f * 0.2),
  });
  if (!(voice.durationSeconds > 0.3))
    throw new TaskFailure("The presenter's script came out silent; give a video_prompt with words to speak about the product.");
  const alpha = deps.avatars.canCutOut?.({ accountId: req.accountId, avatarId: req.avatarId }) ?? false;
  let background: { kind: 'transparent' } | { kind: 'image'; path: string } = { kind: 'transparent' };
  if (!alpha) {
    // A photo avatar cannot be cut out of its photo: its card stands on the scene behind it.
    const behind = join(req.workDir, 'presenter-backdrop.png');
    await sharp(stagePng).extract({ left: box.x, top: box.y, width: box.width, height: box.height }).png().toFile(behind);
    background = { kind: 'image', path: behind };
  }
  const clip = await deps.avatars.make({
    accountId: req.accountId,
    avatarId: req.avatarId,
    audioPath: voice.mp3Path,
    words: voice.words,
    ...(voice.phones ? { phones: voice.phones } : {}),
    durationSeconds: voice.durationSeconds,
    widthPx: box.width,
    heightPx: box.height,
    background,
    wantAlpha: alpha,
    workDir: req.workDir,
    signal,
    onProgress: (f) => req.onProgress?.(0.2 + f * 0.5),
  });
  const spoken = join(req.workDir, 'talking-voice.mp4');
  await deps.ffmpeg.run(
    talkingProductArgs({
      stagePng,
      clip,
      box,
      voicePath: voice.mp3Path,
      width: layers.width,
      height: layers.height,
      durationSeconds: voice.durationSeconds,
      fps: PRODUCT_VIDEO_FPS,
      output: spoken,
    }),
    { signal, expectedDurationSeconds: voice.durationSeconds, onProgress: (f) => req.onProgress?.(0.7 + f * 0.28) },
  );
  // The voice comes at the speech files' −16 LUFS: the video is set to the video loudness, as every group's.
  await videoAtOutputLoudness(deps.ffmpeg, { input: spoken, output: req.outputPath, durationSeconds: voice.durationSeconds, signal });
  const probe = await deps.ffmpeg.probe(req.outputPath, { signal });
  return { videoPath: req.outputPath, durationSeconds: probe.durationSeconds, motions: [] };
}

/**
 * Where the presenter stands and the stage they stand on. An image staged without a presenter has
 * the product in the middle: it moves to one side first, so the presenter stands beside it rather
 * than over its edge; a second view of the product that the presenter's place would meet is left
 * out of the stage (the product itself stays whole and uncovered).
 */
export async function talkingStage(staged: StagedLayerFiles, workDir: string): Promise<{ layers: StagedLayerFiles; box: PixelBox }> {
  if (staged.presenter) return { layers: staged, box: evenBox(staged.presenter.box) };
  const moved = await productMovedAside(staged, workDir);
  const box = evenBox(presenterPlace(moved));
  const s = moved.showcase?.box;
  const meets = s && s.x < box.x + box.width && box.x < s.x + s.width && s.y < box.y + box.height && box.y < s.y + s.height;
  return { layers: meets ? { ...moved, showcase: undefined } : moved, box };
}

/**
 * The side beside the product with the most room, standing on the floor: as wide as that room
 * (less a gap) up to 0.45 of the frame. Never over the product: a wide product leaves a narrower
 * presenter (the stage keeps a product at most 0.78 of a tall frame's width, so a fifth is left).
 */
export function presenterPlace(layers: Pick<StagedLayerFiles, 'width' | 'height' | 'product'>): PixelBox {
  const { width, height } = layers;
  const p = layers.product.box;
  const leftRoom = p.x;
  const rightRoom = width - (p.x + p.width);
  const w = Math.max(2, Math.round(Math.min(width * 0.45, Math.max(leftRoom, rightRoom) * 0.95)));
  const h = Math.round(height * (width >= height ? 0.92 : 0.6));
  const x = rightRoom >= leftRoom ? width - w : 0;
  return { x, y: height - h, width: w, height: h };
}

function evenBox(b: PixelBox): PixelBox {
  const width = Math.max(2, b.width - (b.width % 2));
  const height = Math.max(2, b.height - (b.height % 2));
  return { x: b.x, y: b.y, width, height };
}

/** Background, shadow, product and second view composited again, leaving out the presenter's still. */
async function stageWithoutPresenter(layers: StagedLayerFiles, output: string): Promise<void> {
  const over = [
    ...(layers.shadowPng ? [{ input: layers.shadowPng, left: 0, top: 0 }] : []),
    ...(layers.showcase ? [{ input: layers.showcase.png, left: layers.showcase.box.x, top: layers.showcase.box.y }] : []),
    { input: layers.product.png, left: layers.product.box.x, top: layers.product.box.y },
  ];
  await sharp(layers.backgroundPng).composite(over).png().toFile(output);
}

/**
 * The product (and its shadow) slid toward the side with more room so that its centre sits at a
 * third of the frame, leaving the other side to the presenter. Pure pixels: the product is moved,
 * never scaled or redrawn; the shadow layer moves with it.
 */
export async function productMovedAside(layers: StagedLayerFiles, workDir: string): Promise<StagedLayerFiles> {
  const p = layers.product.box;
  const centre = p.x + p.width / 2;
  const target = centre <= layers.width / 2 ? layers.width / 3 : (layers.width * 2) / 3;
  // A small margin from the frame's edge stays (a product touching it looks cut).
  const margin = Math.min(layers.width * 0.03, (layers.width - p.width) / 4);
  const dx = Math.round(Math.max(margin - p.x, Math.min(layers.width - margin - p.x - p.width, target - centre)));
  if (dx === 0) return layers;
  let shadowPng = layers.shadowPng;
  if (shadowPng) {
    shadowPng = join(workDir, 'shadow-moved.png');
    const shift = Math.abs(dx);
    const clear = { r: 0, g: 0, b: 0, alpha: 0 };
    const widened = await sharp(layers.shadowPng!)
      .ensureAlpha()
      .extend(dx > 0 ? { left: shift, background: clear } : { right: shift, background: clear })
      .png()
      .toBuffer();
    await sharp(widened)
      .extract({ left: dx > 0 ? 0 : shift, top: 0, width: layers.width, height: layers.height })
      .png()
      .toFile(shadowPng);
  }
  return { ...layers, shadowPng, product: { ...layers.product, box: { ...p, x: p.x + dx } } };
}
