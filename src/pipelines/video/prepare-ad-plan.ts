import type { PhoneTiming, WordTiming } from '../../core/timing.js';
import { copyFile, mkdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { LinkFacts } from '../../domain/links/link-facts.js';
import type { LinkVideoInput } from '../../domain/videos/link-video-kind.js';
import { FetchRefused, TaskFailure } from '../../core/errors.js';
import type { SpeechSynthesizer } from '../../domain/speech/voice-directory.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import { tempoMp3Args } from '../../engines/ffmpeg/args/index.js';
import type { AdPlan } from './ad-plan.js';
import { countSpokenWords } from '../text/word-budget.js';
import { FIRST_DRAFT_WORDS_PER_SECOND, type ScriptWriter } from './ad-script.js';
import { resolveBackgroundMusic } from '../music/background-music.js';
import { SPEECH_FILL } from '../text/word-budget.js';
import { ctaFor, paletteFor, priceTextFor } from './ad-copy.js';
import { closingStartSeconds, speechBudgetSeconds, videoEnding } from './ad-ending.js';
import { fetchStockBroll, type StockBrollDeps } from './stock-broll.js';

/**
 * The task's frozen input as the kind reads it, with who asks: no field is copied on the way, so a
 * field added to the kind's input reaches the plan with no other edit.
 */
export type AdVideoRequest = LinkVideoInput & { accountId: string };

export interface PrepareDeps {
  speech: SpeechSynthesizer;
  writeScript: ScriptWriter;
  fetcher: UrlFetcher;
  ffmpeg: FfmpegEngine;
  musicCacheDir: string;
  /** Stock b-roll libraries (absent or null: none, the offline default). */
  stockMedia?: StockBrollDeps['stockMedia'];
}

const MAX_IMAGES = 6;
const MAX_VIDEOS = 2;
const DEFAULT_MUSIC_VOLUME = 0.25;
/**
 * How the script is fitted to the voice: at most `maxDrafts`, each measuring the voice's rate on
 * the one before; a draft is rewritten unless its speech is within `tolerance` of its budget and
 * the video it makes is the asked length (the end card's hold takes up the rest, see videoEnding);
 * the length asked of the copywriter stays within `nearAskedLength` of the asked one (within
 * 10 % it is that length's ad, see adWordRange).
 */
const DRAFTING = { maxDrafts: 4, tolerance: 0.04, nearAskedLength: 1.1 } as const;
/** A video this close to the asked length is that length (the plan's times are rounded to the millisecond). */
const SAME_LENGTH_SECONDS = 0.01;

/**
 * Link facts → script → voiceover (fitted to the asked length) → fetched pictures and music:
 * everything the visual styles then draw. Files land in `planDir`.
 */
export async function prepareAdPlan(
  req: AdVideoRequest,
  deps: PrepareDeps,
  opts: { planDir: string; workDir: string; signal?: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<AdPlan> {
  const { signal, onProgress } = opts;
  await mkdir(opts.planDir, { recursive: true });
  // Written scripts end with a closing paragraph, said over the end card (see videoEnding).
  const closingOverCard = !req.overrideScript || req.overrideScript.split(/\n[ \t]*\n/).filter((p) => p.trim()).length > 1;
  const spokenBudgetSeconds = speechBudgetSeconds({ videoLengthSeconds: req.videoLengthSeconds, hasCta: !req.noCta, closingOverCard });

  // Assets download while the script is voiced.
  const assets = fetchAssets(req.facts, deps.fetcher, opts.planDir, signal);
  const music = req.music.none
    ? Promise.resolve(null)
    : resolveBackgroundMusic({ url: req.music.url, seed: req.seed, industry: req.facts.aiIndustry }, deps, { workDir: opts.workDir, signal });
  const presenter = req.presenterImageUrl
    ? deps.fetcher.download(req.presenterImageUrl, join(opts.planDir, 'presenter'), { accept: ['image'], signal }).then(() => 'presenter')
    : Promise.resolve(null);
  assets.catch(() => undefined);
  music.catch(() => undefined);
  presenter.catch(() => undefined);

  // The video a draft's speech would make: the drafts are judged by it, not by the speech alone.
  const videoSecondsAfter = (speechSeconds: number) =>
    videoEnding({
      speechEndSeconds: speechSeconds,
      closingStartSeconds: closingOverCard ? 0 : null,
      videoLengthSeconds: req.videoLengthSeconds,
      hasCta: !req.noCta,
    }).durationSeconds;
  const speech = await voiceScript(req, deps, { budgetSeconds: spokenBudgetSeconds, videoSecondsAfter }, opts);
  // Stock clips are searched by the script's words, so they download while the voice is fitted.
  const broll = fetchStockBroll(req, speech.script, { ...deps, stockMedia: deps.stockMedia ?? null }, { planDir: opts.planDir, signal });
  broll.catch(() => undefined);
  onProgress?.(0.7);
  // The words fill the length (the drafts above): the voice keeps its own tempo, unless the
  // shortest script for this page still runs past the budget (see lastResortTempo).
  const fitted = await keepVoice(speech, opts.planDir, spokenBudgetSeconds, deps.ffmpeg, signal);
  const { images, videos, logo } = await assets;
  const stock = await broll;
  onProgress?.(0.9);
  let musicFile: string | null = null;
  const musicPath = await music.catch((err: unknown) => {
    throw new TaskFailure(`background_music_url could not be used: ${err instanceof Error ? err.message : String(err)}`, false);
  });
  if (musicPath) {
    musicFile = `music${extname(musicPath) || '.audio'}`;
    await copyFile(musicPath, join(opts.planDir, musicFile));
  }

  const presenterFile = await presenter.catch((err: unknown) => {
    throw new TaskFailure(`override_avatar_by_image could not be used: ${err instanceof Error ? err.message : String(err)}`, false);
  });

  const speechEndSeconds = fitted.durationSeconds;
  const ending = videoEnding({
    speechEndSeconds,
    closingStartSeconds: closingStartSeconds(fitted.words, speech.script, req.language),
    videoLengthSeconds: req.videoLengthSeconds,
    hasCta: !req.noCta,
  });
  const durationSeconds = ending.durationSeconds;
  onProgress?.(1);
  return {
    script: speech.script,
    ...(speech.writer ? { scriptWriter: speech.writer } : {}),
    headline: req.facts.title,
    highlights: speech.highlights,
    priceText: priceTextFor(req.facts, req.language),
    cta: req.noCta ? null : ctaFor(req.facts, req.language),
    palette: paletteFor(req.seed),
    language: req.language,
    voiceId: req.voiceId,
    avatarId: req.avatarId ?? null,
    aspectRatio: req.aspectRatio,
    words: fitted.words,
    ...(fitted.phones ? { phones: fitted.phones } : {}),
    speechEndSeconds,
    durationSeconds,
    endCardSeconds: ending.endCardSeconds,
    voiceoverVolume: req.voiceoverVolume ?? 1,
    musicVolume: musicFile ? (req.music.volume ?? DEFAULT_MUSIC_VOLUME) : null,
    caption: { hidden: req.caption.none || req.caption.setting?.hidden === true, override: req.caption.override, setting: req.caption.setting },
    files: { voice: fitted.file, images, videos: [...videos, ...(stock?.files ?? [])], logo, music: musicFile, presenter: presenterFile },
    ...(stock ? { stockBroll: stock } : {}),
  };
}

interface VoicedScript {
  script: string;
  highlights: string[];
  writer?: string;
  mp3Path: string;
  durationSeconds: number;
  words: WordTiming[];
  phones?: PhoneTiming[];
}

/**
 * Writes at a first-guess rate, measures the voice, and rewrites at the measured rate until the
 * speech lands near the budget (at most `DRAFTING.maxDrafts`); the closest draft is kept.
 */
async function voiceScript(
  req: AdVideoRequest,
  deps: PrepareDeps,
  fit: { budgetSeconds: number; videoSecondsAfter: (speechSeconds: number) => number },
  opts: { workDir: string; signal?: AbortSignal; onProgress?: (f: number) => void },
): Promise<VoicedScript> {
  const speak = async (text: string, pass: number) => {
    const dir = join(opts.workDir, `speech-${pass}`);
    await mkdir(dir, { recursive: true });
    return deps.speech.synthesize({
      accountId: req.accountId,
      text,
      voiceId: req.voiceId,
      workDir: dir,
      signal: opts.signal,
      onProgress: (f) => opts.onProgress?.(Math.min(0.7, 0.25 * pass + 0.25 * f)),
    });
  };
  if (req.overrideScript) {
    const audio = await speak(req.overrideScript, 0);
    return { script: req.overrideScript, highlights: [], writer: 'client', ...audio };
  }
  // The measured rate counts the pauses between sentences, so the copywriter's own allowance for
  // them (SPEECH_FILL) is given back: its word budget becomes the whole spoken budget.
  const write = (wordsPerSecond: number, videoLengthSeconds: number) =>
    deps.writeScript({
      facts: req.facts,
      style: req.scriptStyle,
      videoLengthSeconds,
      language: req.language,
      wordsPerSecond,
      seed: req.seed,
      targetAudience: req.targetAudience,
      targetPlatform: req.targetPlatform,
    });
  const { budgetSeconds } = fit;
  // A draft is as good as the video it makes is near the asked length; among those alike, the
  // one nearer its budget (the card's hold nearer its aim).
  const missOf = (speechSeconds: number) => [
    Math.max(0, Math.abs(fit.videoSecondsAfter(speechSeconds) - req.videoLengthSeconds) - SAME_LENGTH_SECONDS),
    Math.abs(speechSeconds - budgetSeconds),
  ];
  const better = (a: number, b: number) => {
    const [ma, mb] = [missOf(a), missOf(b)];
    return ma[0]! < mb[0]! || (ma[0] === mb[0] && ma[1]! < mb[1]!);
  };
  let best: VoicedScript | null = null;
  let rate = FIRST_DRAFT_WORDS_PER_SECOND;
  let lengthSeconds = budgetSeconds / SPEECH_FILL;
  /** The budget over the last draft's speech: above 1, it fell short. */
  let missedBy = 1;
  const tried = new Set<string>();
  for (let pass = 0; pass < DRAFTING.maxDrafts; pass++) {
    let draft = await write(rate, lengthSeconds);
    // A copywriter that sizes by the length alone (a contract length's word range) writes the same
    // words at the new rate: the length it is asked for moves by the miss instead, since the voice
    // keeps its tempo and only the words can bring the speech to the budget.
    // It stays near the asked length, so the ad's word range (30 s: at most 85 words) still holds.
    if (tried.has(draft.text) && missedBy !== 1) {
      lengthSeconds = Math.min(lengthSeconds * missedBy, req.videoLengthSeconds * DRAFTING.nearAskedLength);
      draft = await write(rate, lengthSeconds);
    }
    // The same words again (the facts ran out, or the rate barely moved) would sound the same.
    if (tried.has(draft.text)) break;
    tried.add(draft.text);
    const audio = await speak(draft.text, pass);
    const voiced = { script: draft.text, highlights: draft.highlights, ...(draft.writer ? { writer: draft.writer } : {}), ...audio };
    if (!best || better(audio.durationSeconds, best.durationSeconds)) best = voiced;
    const [videoMiss, speechMiss] = missOf(audio.durationSeconds);
    if (audio.durationSeconds <= 0 || (videoMiss === 0 && speechMiss! <= DRAFTING.tolerance * budgetSeconds)) break;
    // Spoken words, as the copywriter counts its budget: "$34.95" is several words to the voice,
    // and a page full of numbers measured by written words looked like a slow voice (~1.6 w/s).
    rate = countSpokenWords(draft.text) / audio.durationSeconds;
    missedBy = budgetSeconds / audio.durationSeconds;
  }
  return best!;
}

async function keepVoice(
  speech: VoicedScript,
  planDir: string,
  budgetSeconds: number,
  ffmpeg: FfmpegEngine,
  signal?: AbortSignal,
): Promise<{ file: string; durationSeconds: number; words: WordTiming[]; phones?: PhoneTiming[] }> {
  const file = 'voice.mp3';
  const tempo = lastResortTempo(speech.durationSeconds, budgetSeconds);
  if (tempo === 1) {
    await copyFile(speech.mp3Path, join(planDir, file));
    return { file, durationSeconds: round(speech.durationSeconds), words: speech.words, phones: speech.phones };
  }
  await ffmpeg.run(tempoMp3Args(speech.mp3Path, tempo, join(planDir, file)), { signal, expectedDurationSeconds: speech.durationSeconds / tempo });
  const at = (seconds: number) => round(seconds / tempo);
  return {
    file,
    durationSeconds: at(speech.durationSeconds),
    words: speech.words.map((w) => ({ ...w, startSeconds: at(w.startSeconds), endSeconds: at(w.endSeconds) })),
    phones: speech.phones?.map((p) => ({ ...p, startSeconds: at(p.startSeconds), endSeconds: at(p.endSeconds) })),
  };
}

/** Speech this much past its budget is kept at its own tempo: the video runs a little long (≤ 1.3 s at 15 s). */
const KEPT_OVERRUN = 0.1;
/** The most a voice is ever sped up, and only as a last resort: past this, the video grows instead. */
export const MAX_LAST_RESORT_TEMPO = 1.15;

/**
 * 1 (the voice's own tempo) whenever the words fit: the drafts size the script to the budget. A
 * page whose shortest script still runs past it (a hook, its main benefit and a call to action
 * with a price said in full, in a slow voice) is sped up just enough, at most
 * `MAX_LAST_RESORT_TEMPO`, so a 15 s ad stays near 15 s. Never slowed down: a short script makes a
 * slightly shorter video, the end card is not stretched.
 */
export function lastResortTempo(speechSeconds: number, budgetSeconds: number): number {
  const fits = budgetSeconds * (1 + KEPT_OVERRUN);
  if (!(speechSeconds > 0) || !(budgetSeconds > 0) || speechSeconds <= fits) return 1;
  return Math.min(MAX_LAST_RESORT_TEMPO, speechSeconds / fits);
}

/**
 * The page's pictures, videos and logo; pictures that cannot be fetched are skipped. When none can
 * be, the first refusal is told (e.g. a redirect to a private address), so the client can act on it.
 */
async function fetchAssets(facts: LinkFacts, fetcher: UrlFetcher, planDir: string, signal?: AbortSignal) {
  const refusals: string[] = [];
  const get = async (url: string, name: string, accept: ('image' | 'video')[]) => {
    try {
      const file = await fetcher.download(url, join(planDir, name), { accept, signal });
      return { name, contentType: file.contentType };
    } catch (err) {
      if (signal?.aborted) throw err;
      // Only the fetcher's own refusals are worded for clients; anything else stays in the logs.
      if (err instanceof FetchRefused) refusals.push(err.message);
      return null;
    }
  };
  const [images, videos, logo] = await Promise.all([
    Promise.all(facts.imageUrls.slice(0, MAX_IMAGES).map((url, i) => get(url, `image-${i}`, ['image']))),
    Promise.all(facts.videoUrls.slice(0, MAX_VIDEOS).map((url, i) => get(url, `video-${i}`, ['video']))),
    facts.logoUrl ? get(facts.logoUrl, 'logo', ['image']) : Promise.resolve(null),
  ]);
  const gotImages = images.filter((x) => x !== null).map((x) => x.name);
  const gotVideos = videos.filter((x) => x !== null).map((x) => x.name);
  if (gotImages.length === 0 && gotVideos.length === 0) {
    const why = refusals[0] ? ` (${refusals[0]})` : '';
    throw new TaskFailure(`none of the page's images or videos could be fetched${why}; check that the product page's pictures are reachable`, false);
  }
  return { images: gotImages, videos: gotVideos, logo: logo?.name ?? null };
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
