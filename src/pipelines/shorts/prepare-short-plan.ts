import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { mapWithConcurrency } from '../../core/concurrency.js';
import { TaskFailure } from '../../core/errors.js';
import { createRng } from '../../core/random.js';
import type { AiShortInput } from '../../domain/shorts/ai-short-kind.js';
import type { SpeechSynthesizer } from '../../domain/speech/voice-directory.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { ImageGenerator } from '../../engines/image/port.js';
import { even, frameSizeFor } from '../../media/frame-size.js';
import type { BackgroundMotion } from '../../media/timeline.js';
import { resolveBackgroundMusic } from '../music/background-music.js';
import { drawScenePicture } from './scene-pictures.js';
import { choosePictures } from './illustrator/match-pictures.js';
import { loadProductPictures, productSceneIndexes } from './short-product.js';
import { PRODUCT_FRAMINGS } from './illustrator/frame-product.js';
import { productWordsOf } from './product-sentences.js';
import type { CutoutEngine } from '../../engines/image/port.js';
import type { ShortPlan } from './short-plan.js';
import { groupSceneWords, timeScenes } from './short-scenes.js';
import { tokenizeWords } from '../../engines/speech/word-tokens.js';

/**
 * The task's frozen input as the kind reads it, with who asks: no field is copied on the way, so a
 * field added to the kind's input reaches the plan with no other edit.
 */
export type ShortRequest = AiShortInput & { accountId: string };

export interface ShortPlanDeps {
  speech: SpeechSynthesizer;
  fetcher: UrlFetcher;
  musicCacheDir: string;
  /** The remote images provider; null draws every picture with the built-in illustrator. */
  generator: ImageGenerator | null;
  /** Separates a product photo's product from its background; null shows the photos whole. */
  cutout: CutoutEngine | null;
}

/** Pictures are drawn at half the full frame (flat illustrations scale up cleanly; a quarter of the pixel work). */
const PICTURE_SCALE = 0.5;
const MOTIONS: BackgroundMotion[] = ['zoom-in', 'slide-left', 'zoom-out', 'zoom-in', 'wobble'];
/** The music bed under the narration when the request gives no volume (ducked under the voice). */
const DEFAULT_MUSIC_VOLUME = 0.2;

/** Scenes at the script's sentences and pauses → one picture each, while the narration is spoken → music, into `planDir`. */
export async function prepareShortPlan(
  req: ShortRequest,
  deps: ShortPlanDeps,
  opts: { planDir: string; workDir: string; signal?: AbortSignal; onProgress?: (f: number) => void },
): Promise<ShortPlan> {
  const { signal } = opts;
  await mkdir(join(opts.planDir, 'scenes'), { recursive: true });
  const musicVolume = req.music.volume ?? DEFAULT_MUSIC_VOLUME;
  const music =
    musicVolume > 0 ? resolveBackgroundMusic({ url: req.music.url, seed: req.seed }, deps, { workDir: opts.workDir, signal }) : Promise.resolve(null);
  music.catch(() => undefined);

  // The pictures are drawn while the narration is spoken (another process): scenes are chosen from
  // the script's words, then timed by the narration's.
  const groups = groupSceneWords(req.script);
  if (groups.length === 0) throw new TaskFailure('the script has no words to speak', false);
  const speech = deps.speech.synthesize({
    accountId: req.accountId,
    text: req.script,
    voiceId: req.voiceId,
    workDir: opts.workDir,
    signal,
    onProgress: (f) => opts.onProgress?.(f * 0.3),
  });
  speech.catch(() => undefined);
  // The product, when given, stands in at least a third of the scenes (short-product.ts): in those
  // about it or naming nothing drawable, and the last; its title's words picture nothing else.
  const productWords = req.product ? [...productWordsOf(req.product.name ?? null)] : [];
  const ignore = new Set(productWords);
  const productPictures = req.product ? await loadProductPictures(req.product.imageUrls, deps, signal) : [];
  if (req.product && productPictures.length === 0) throw new TaskFailure('none of the product pictures could be fetched and read', true);
  const productScenes =
    productPictures.length > 0
      ? productSceneIndexes(
          groups.map((g) => ({ text: g.text, confidence: choosePictures(g.text, 1, { ignore }).confidence })),
          req.product?.name ?? null,
        )
      : new Set<number>();
  // Each product scene frames it another way (the hero, a push-in on its detail, staged), and takes the next photo.
  const productFor = (index: number) => {
    if (!productScenes.has(index)) return null;
    const k = [...productScenes].sort((a, b) => a - b).indexOf(index);
    return { product: productPictures[k % productPictures.length]!, framing: PRODUCT_FRAMINGS[k % PRODUCT_FRAMINGS.length]! };
  };
  const full = frameSizeFor(req.aspectRatio, 'render');
  const size = { width: even(full.width * PICTURE_SCALE), height: even(full.height * PICTURE_SCALE) };
  // Two at a time: the CPU pool's workers (or the provider's requests) share them out.
  let drawn = 0;
  const pictures = await mapWithConcurrency(groups, 2, async (group, index) => {
    signal?.throwIfAborted();
    const picture = await drawScenePicture(
      { index, text: group.text, style: req.style, ...size, seed: req.seed, dir: opts.planDir, ...productFor(index), productWords },
      deps,
      signal,
    );
    opts.onProgress?.(0.3 + (0.65 * ++drawn) / groups.length);
    return picture;
  });
  const audio = await speech;
  if (!(audio.durationSeconds > 0.2)) throw new TaskFailure('the narration came out empty: give the script words to speak', false);
  await copyFile(audio.mp3Path, join(opts.planDir, 'voice.mp3'));
  const speechSeconds = Math.round(audio.durationSeconds * 1000) / 1000;
  const timed = timeScenes(groups, tokenizeWords(req.script).length, audio.words, speechSeconds);
  const rng = createRng(req.seed).fork('motion');
  const firstMotion = rng.int(0, MOTIONS.length - 1);
  const scenes: ShortPlan['scenes'] = timed.map((scene, index) => ({
    ...scene,
    picture: pictures[index]!.file,
    drawnBy: pictures[index]!.drawnBy,
    icons: pictures[index]!.icons,
    shows: pictures[index]!.shows,
    // A product scene moves so the product stays whole (its picture was framed for that motion).
    motion: pictures[index]!.motion ?? MOTIONS[(firstMotion + index) % MOTIONS.length]!,
    ...(pictures[index]!.push ? { push: pictures[index]!.push } : {}),
  }));

  const musicPath = await music.catch((err: unknown) => {
    throw new TaskFailure(`background_music_url could not be used: ${err instanceof Error ? err.message : String(err)}`, false);
  });
  if (musicPath) await copyFile(musicPath, join(opts.planDir, 'music.audio'));
  opts.onProgress?.(1);
  return {
    aspectRatio: req.aspectRatio,
    style: req.style,
    speechSeconds,
    words: audio.words,
    scenes,
    caption: { hidden: req.caption?.hidden === true || audio.words.length === 0, setting: req.caption ?? null },
    music: musicPath ? { file: 'music.audio', volume: musicVolume } : null,
    voiceoverVolume: req.voiceoverVolume ?? 1,
    files: { voice: 'voice.mp3' },
  };
}
