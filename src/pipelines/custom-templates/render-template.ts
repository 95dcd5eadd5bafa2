/**
 * Renders a template filled with values to an MP4 (and a JPEG thumbnail).
 *
 *   const result = await renderTemplate(template, { Headline: { type: 'text', text: 'Hi' },
 *     Product: { type: 'image', url: 'https://…/p.png' }, Script: { type: 'voiceover', text: '…', voiceId } },
 *     { accountId, quality: 'render', videoPath, thumbnailPath, workDir, signal, onProgress },
 *     { ffmpeg, speech, avatars, fetcher, musicCacheDir, defaultVoiceId });
 *
 * `template` is a parsed template (`domain/custom-templates/template-format.ts`, `parseTemplate`); slots
 * left out of `values` take their defaults (drawn pictures, default texts, library music, the
 * default avatar). Media values are a client's URL (fetched through `fetcher`, which enforces the
 * security rules) or a local `path`. `quality: 'preview'` gives the contract's 360p preview with
 * its mark; `frame` overrides the size (small test and bench renders). Throws `TaskFailure` with a
 * reason a person can act on when a value cannot be used.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { TaskFailure } from '../../core/errors.js';
import { seedFor } from '../../core/random.js';
import { avatarIdFor } from '../../domain/catalog/avatars.js';
import { listMusicTracks } from '../../domain/catalog/music.js';
import type { SpeechSynthesizer, SpokenAudio } from '../../domain/speech/voice-directory.js';
import type { Template } from '../../domain/custom-templates/template-format.js';
import type { TemplateValue, TemplateValues } from '../../domain/custom-templates/template-values.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import { even, frameSizeFor, type FrameSize } from '../../media/frame-size.js';
import { renderTimeline, type RenderResult } from '../../media/render.js';
import type { RenderQuality } from '../../media/timeline.js';
import { ensureTrackFile } from '../music/render-track.js';
import { blankImage, encodePng } from '../images/raster-io.js';
import { parseHexColor } from '../../media/color.js';
import type { AvatarClipMaker } from '../avatar/clips/avatar-clip-maker.js';
import { drawPicture } from './drawn-pictures.js';
import type { CutoutEngine } from '../../engines/image/port.js';
import { DecorationSet } from '../video/avatar-scenes/decorations.js';
import { productRooms, type PictureRoom } from './product-room.js';
import type { ShotRequest } from '../video/product-shot.js';
import { avatarClipKey, buildTemplateTimeline, captionTrack, templateLengthSeconds, voiceoverOverrun, type ResolvedSlot } from './template-timeline.js';

export interface RenderTemplateOptions {
  accountId: string;
  quality: RenderQuality;
  videoPath: string;
  thumbnailPath?: string;
  /** Scratch folder (downloads, drawn pictures, speech, avatar clips); the caller removes it. */
  workDir: string;
  /** Output size instead of the quality's contract size; keep the template's aspect. */
  frame?: FrameSize;
  signal?: AbortSignal;
  /** 0..1 over the whole render. */
  onProgress?: (fraction: number) => void;
  /**
   * The template's cropped still backgrounds are product photos (Ad Clone's link pictures): each is
   * framed around its product, whole, in framings that vary from scene to scene (product-room.ts).
   */
  productPictures?: boolean;
}

export interface RenderTemplateDeps {
  ffmpeg: FfmpegEngine;
  speech: SpeechSynthesizer;
  /** Null: avatar layers are left out (a service without avatar rendering). */
  avatars: AvatarClipMaker | null;
  fetcher: UrlFetcher;
  musicCacheDir: string;
  /** The voice of a voiceover whose value and slot name none. */
  defaultVoiceId: string;
  /** A built-in avatar's own voice: a voiceover an avatar speaks uses it when the value names no voice. */
  voiceOfAvatar?: (avatarId: string) => string | null;
  /**
   * Finds the product in a picture, so words, panels, presenters and captions laid over it keep off
   * it (product-room.ts). Absent: pictures are shown as the template places them.
   */
  cutout?: CutoutEngine | null;
}

export interface TemplateRenderResult extends RenderResult {
  /** What each voiceover said, with word timings (saved on the task). */
  voiceovers: Record<string, { text: string; durationSeconds: number }>;
}

const SPEECH_SHARE = 0.25;
const AVATAR_SHARE = 0.3;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function renderTemplate(
  template: Template,
  values: TemplateValues,
  opts: RenderTemplateOptions,
  deps: RenderTemplateDeps,
): Promise<TemplateRenderResult> {
  const { signal, onProgress } = opts;
  await mkdir(opts.workDir, { recursive: true });
  const fullFrame = frameSizeFor(template.aspect, 'render');
  const frame = opts.frame ?? frameSizeFor(template.aspect, opts.quality);

  // Media, texts and voices first (downloads run while speech is made).
  const slots = new Map<string, ResolvedSlot>();
  const pending: Promise<void>[] = [];
  for (const [name, slot] of Object.entries(template.slots)) {
    const given = values[name];
    // A picture may stand in a video slot (shown still), as a drawn default does.
    const fits = given?.type === slot.type || (slot.type === 'video' && given?.type === 'image');
    if (given && !fits) throw new TaskFailure(`slot "${name}" takes ${slot.type}, not ${given.type}`, false);
    pending.push(
      resolveSlot(template, name, given, { values, frame, workDir: opts.workDir, signal, deps, accountId: opts.accountId }).then((r) => {
        if (r) slots.set(name, r);
      }),
    );
  }
  let done = 0;
  await Promise.all(pending.map((p) => p.then(() => onProgress?.((++done / pending.length) * SPEECH_SHARE))));

  const voiceSeconds = (name: string): number | null => {
    const s = slots.get(name);
    return s?.type === 'voiceover' && s.speech ? s.speech.durationSeconds : null;
  };
  const totalSeconds = templateLengthSeconds(template, voiceSeconds);
  // Heard to its last word: the engine's trailing silence may run past the end unheard.
  const lastWordEnds = (name: string): number | null => {
    const s = slots.get(name);
    return s?.type === 'voiceover' && s.speech ? (s.speech.words.at(-1)?.endSeconds ?? s.speech.durationSeconds) : null;
  };
  const overrun = voiceoverOverrun(template, totalSeconds, lastWordEnds);
  if (overrun) throw new TaskFailure(overrun, false);

  const drawnBackgrounds = new Map<number, string>();
  const panelPictures = new Map<string, string>();
  const drawing: Promise<unknown>[] = [];
  template.scenes.forEach((scene, i) => {
    if ('drawn' in scene.background) {
      const path = join(opts.workDir, `scene-${i}.png`);
      drawnBackgrounds.set(i, path);
      drawing.push(drawPicture(scene.background.drawn, frame, path));
    }
    for (const layer of scene.layers) {
      if (layer.kind !== 'panel' || panelPictures.has(layer.color)) continue;
      const path = join(opts.workDir, `panel-${panelPictures.size}.png`);
      panelPictures.set(layer.color, path);
      drawing.push(writePanel(layer.color, path));
    }
  });
  const unfound = opts.productPictures ? await unfoundAsCard(template, slots) : () => false;
  const productShots = deps.cutout
    ? planProductShots(template, slots, new DecorationSet(opts.workDir, frame, deps.cutout), opts.productPictures === true, unfound)
    : undefined;
  const shotsDrawn = productShots ? productShots.decorations.drawAll(signal) : Promise.resolve();
  drawing.push(shotsDrawn);
  const musicPath = template.music ? resolveMusic(template, slots, deps.musicCacheDir) : Promise.resolve(null);
  // The pictures are drawn while the avatars and the loudness measurement run; ffmpeg waits for them.
  const drawn = Promise.all(drawing);
  drawn.catch(() => {});
  const avatarClips = await makeAvatarClips(template, slots, totalSeconds, frame, opts, deps);
  onProgress?.(SPEECH_SHARE + AVATAR_SHARE);

  if (productShots) {
    await shotsDrawn;
    // A background in which nothing was found is shown as the template places it (with its move).
    for (const [i, shot] of productShots.backgrounds) {
      const plan = productShots.decorations.shotPlans.get(shot.path);
      if (plan?.kind === 'crop' && plan.product.width === 0) productShots.backgrounds.delete(i);
    }
  }
  const timeline = buildTemplateTimeline(
    { template, slots, drawnBackgrounds, panelPictures, avatarClips, musicPath: await musicPath, ...(productShots ? { productShots } : {}) },
    totalSeconds,
    fullFrame,
  );
  const base = SPEECH_SHARE + AVATAR_SHARE;
  const result = await renderTimeline(
    deps.ffmpeg,
    timeline,
    {
      quality: opts.quality,
      videoPath: opts.videoPath,
      ...(opts.thumbnailPath ? { thumbnailPath: opts.thumbnailPath } : {}),
      ...(opts.frame ? { frame: opts.frame } : {}),
    },
    { signal, scratchDir: opts.workDir, inputsReady: drawn, onProgress: (f) => onProgress?.(base + f * (1 - base)) },
  );
  const voiceovers: TemplateRenderResult['voiceovers'] = {};
  for (const [name, s] of slots) if (s.type === 'voiceover' && s.speech) voiceovers[name] = { text: s.text, durationSeconds: s.speech.durationSeconds };
  return { ...result, voiceovers };
}

interface ResolveContext {
  values: TemplateValues;
  frame: FrameSize;
  workDir: string;
  signal?: AbortSignal;
  deps: RenderTemplateDeps;
  accountId: string;
}

async function resolveSlot(template: Template, name: string, given: TemplateValue | undefined, ctx: ResolveContext): Promise<ResolvedSlot | null> {
  const slot = template.slots[name]!;
  const file = join(ctx.workDir, `slot-${seedFor(name)}`);
  switch (slot.type) {
    case 'image':
    case 'video': {
      if (given && (given.type === 'image' || given.type === 'video')) {
        const local = await localMedia(name, given, file, slot.type === 'image' ? ['image'] : ['video', 'image'], ctx);
        return { type: slot.type, path: local.path, isVideo: local.isVideo };
      }
      if (!slot.default) return null;
      return { type: slot.type, path: await drawPicture(slot.default, ctx.frame, `${file}.png`) };
    }
    case 'audio': {
      if (given && given.type === 'audio') return { type: 'audio', path: (await localMedia(name, given, file, ['audio', 'video'], ctx)).path };
      return null; // music defaults come from the library (resolveMusic)
    }
    case 'text': {
      const text = given?.type === 'text' ? given.text : (slot.default ?? '');
      return { type: 'text', text };
    }
    case 'avatar': {
      const id = given?.type === 'avatar' ? given.avatarId : slot.default;
      if (!id) return null;
      return { type: 'avatar', avatarId: UUID.test(id) ? id : avatarIdFor(id) };
    }
    case 'voiceover': {
      const value = given?.type === 'voiceover' ? given : undefined;
      const text = (value?.text ?? slot.default ?? '').trim();
      if (value?.speech) return { type: 'voiceover', text, speech: spoken(value.speech) };
      if (text === '') return { type: 'voiceover', text, speech: null };
      const dir = join(ctx.workDir, `voice-${seedFor(name)}`);
      await mkdir(dir, { recursive: true });
      const voiceId = value?.voiceId ?? speakerVoice(template, name, ctx) ?? slot.defaultVoiceId ?? ctx.deps.defaultVoiceId;
      const audio = await ctx.deps.speech.synthesize({ accountId: ctx.accountId, text, voiceId, workDir: dir, signal: ctx.signal });
      return { type: 'voiceover', text, speech: spoken(audio) };
    }
  }
}

/** The voice of the avatar whose layer speaks this voiceover (the client's avatar, else the slot's default). */
function speakerVoice(template: Template, voiceSlot: string, ctx: ResolveContext): string | null {
  if (!ctx.deps.voiceOfAvatar) return null;
  for (const scene of template.scenes) {
    for (const layer of scene.layers) {
      if (layer.kind !== 'avatar' || layer.speaks !== voiceSlot) continue;
      const value = ctx.values[layer.slot];
      const slot = template.slots[layer.slot];
      const id = value?.type === 'avatar' ? value.avatarId : slot?.type === 'avatar' ? slot.default : undefined;
      if (id) return ctx.deps.voiceOfAvatar(UUID.test(id) ? id : avatarIdFor(id));
    }
  }
  return null;
}

function spoken(audio: SpokenAudio): { path: string; durationSeconds: number; words: SpokenAudio['words']; phones?: SpokenAudio['phones'] } {
  return { path: audio.mp3Path, durationSeconds: audio.durationSeconds, words: audio.words, ...(audio.phones ? { phones: audio.phones } : {}) };
}

async function localMedia(
  name: string,
  value: Extract<TemplateValue, { type: 'image' | 'video' | 'audio' }>,
  file: string,
  accept: ('image' | 'video' | 'audio')[],
  ctx: ResolveContext,
): Promise<{ path: string; isVideo: boolean }> {
  if ('path' in value) return { path: value.path, isVideo: value.type === 'video' };
  try {
    const got = await ctx.deps.fetcher.download(value.url, file, { accept, signal: ctx.signal });
    return { path: got.path, isVideo: got.contentType.startsWith('video/') };
  } catch (err) {
    if (ctx.signal?.aborted) throw err;
    throw new TaskFailure(`${name}: ${err instanceof Error ? err.message : String(err)}`, false);
  }
}

/** The product shots the template's covered pictures become (product-room.ts), named now and drawn with the other pictures. */
function planProductShots(
  template: Template,
  slots: ReadonlyMap<string, ResolvedSlot>,
  decorations: DecorationSet,
  productPictures: boolean,
  unfoundAsCard: (slot: string) => boolean,
) {
  const still = (name: string) => {
    const s = slots.get(name);
    return (s?.type === 'image' || s?.type === 'video') && s.isVideo !== true;
  };
  const rooms = productRooms(template, still, captionTrack({ template, slots })?.setting ?? null, productPictures);
  const shot = (slot: string, room: PictureRoom, whenNoProduct: 'fill' | 'card') =>
    decorations.decorate(
      'shot',
      { width: room.area.x1 - room.area.x0, height: room.area.y1 - room.area.y0 },
      { picture: (slots.get(slot) as { path: string }).path, palette: SHOT_PALETTE, whenNoProduct, ...framed(room) },
    );
  const backgrounds = new Map<number, { path: string; still: boolean }>();
  const layers = new Map<string, string>();
  rooms.forEach((r, i) => {
    const scene = template.scenes[i]!;
    if (r.background && 'slot' in scene.background)
      // A product photo in which the cut-out finds nothing is shown as placed, unless a crop to the
      // frame's shape would lose much of it (unfoundAsCard): then it is the product, whole, as a card.
      backgrounds.set(i, {
        path: shot(scene.background.slot, r.background, productPictures && unfoundAsCard(scene.background.slot) ? 'card' : 'fill'),
        still: r.background.still === true,
      });
    for (const [j, room] of r.layers) {
      const layer = scene.layers[j]!;
      // A picture the template shows whole stays whole when nothing is found in it; a cropped one fills its box.
      if (layer.kind === 'image') layers.set(avatarClipKey(i, j), shot(layer.slot, room, layer.fit === 'contain' ? 'card' : 'fill'));
    }
  });
  return { backgrounds, layers, decorations };
}

/**
 * A framing as a shot: `whole` keeps the product off the room's edges (more of the scene around it),
 * `closer` lets it fill its room, `designed` always cuts it out over a backdrop deep in its own hue.
 * Photos too far from the frame's shape to crop (a landscape photo at 9:16) are designed in all three,
 * at their framing's size.
 */
function framed(room: PictureRoom): Pick<ShotRequest, 'keep' | 'mode' | 'mood'> {
  const k = room.keep;
  if (room.framing === 'whole') {
    const dx = (k.x1 - k.x0) * WHOLE_INSET;
    const dy = (k.y1 - k.y0) * WHOLE_INSET;
    return { keep: { x0: k.x0 + dx, y0: k.y0 + dy, x1: k.x1 - dx, y1: k.y1 - dy } };
  }
  if (room.framing === 'designed') return { keep: k, mode: 'designed', mood: 'dark' };
  return { keep: k };
}

/** The share of its room a `whole` framing leaves free on each side. */
const WHOLE_INSET = 0.08;

/** A crop to the frame's shape keeping less than this share of a photo loses too much of it. */
const MIN_CROP_SHARE = 0.6;

/**
 * Which product photos, if the cut-out finds nothing in them, are shown whole as a card rather than
 * cropped as placed: those whose shape is far from the frame's (a landscape photo at 9:16).
 */
async function unfoundAsCard(template: Template, slots: ReadonlyMap<string, ResolvedSlot>): Promise<(slot: string) => boolean> {
  const [fw, fh] = template.aspect.split(':').map(Number) as [number, number];
  const far = new Set<string>();
  for (const [name, s] of slots) {
    if (s.type !== 'image' || s.isVideo) continue;
    const meta = await sharp(s.path)
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height) continue;
    const ratio = meta.width / meta.height / (fw / fh);
    if (Math.min(ratio, 1 / ratio) < MIN_CROP_SHARE) far.add(name);
  }
  return (slot) => far.has(slot);
}

/** A designed shot's colours when the product gives none of its own. */
const SHOT_PALETTE = { primary: '#2B3A55', accent: '#FFFFFF' };

async function writePanel(color: string, path: string): Promise<void> {
  const rgba = parseHexColor(color) ?? { r: 0, g: 0, b: 0, a: 255 };
  await writeFile(path, await encodePng(blankImage(8, 8, [rgba.r, rgba.g, rgba.b, rgba.a])));
}

async function resolveMusic(template: Template, slots: ReadonlyMap<string, ResolvedSlot>, musicCacheDir: string): Promise<string | null> {
  const name = template.music!.slot;
  const given = slots.get(name);
  if (given?.type === 'audio') return given.path;
  const slot = template.slots[name];
  if (slot?.type !== 'audio' || !slot.default) return null;
  const category = slot.default.musicCategory.toLowerCase();
  const tracks = listMusicTracks().filter((t) => t.categorySlug === category || t.categoryName.toLowerCase() === category);
  const pool = tracks.length > 0 ? tracks : listMusicTracks();
  const track = pool[seedFor(template.id) % pool.length]!;
  return ensureTrackFile(track.id, musicCacheDir);
}

/** One clip per avatar layer, the whole video long, so it can be shown from any scene in sync with the voice. */
async function makeAvatarClips(
  template: Template,
  slots: ReadonlyMap<string, ResolvedSlot>,
  totalSeconds: number,
  frame: FrameSize,
  opts: RenderTemplateOptions,
  deps: RenderTemplateDeps,
): Promise<Map<string, { path: string; chromaKeyColor?: string }>> {
  const clips = new Map<string, { path: string; chromaKeyColor?: string }>();
  if (!deps.avatars) return clips;
  const jobs: { key: string; avatarId: string; voice: Extract<ResolvedSlot, { type: 'voiceover' }>; box: { width: number; height: number } }[] = [];
  template.scenes.forEach((scene, i) => {
    scene.layers.forEach((layer, j) => {
      if (layer.kind !== 'avatar') return;
      const avatar = slots.get(layer.slot);
      const voice = slots.get(layer.speaks);
      if (avatar?.type !== 'avatar' || voice?.type !== 'voiceover' || !voice.speech) return;
      jobs.push({ key: avatarClipKey(i, j), avatarId: avatar.avatarId, voice, box: layer.box });
    });
  });
  // Layers that show the same avatar at the same size share one clip.
  const made = new Map<string, Promise<{ path: string; chromaKeyColor?: string }>>();
  let finished = 0;
  for (const job of jobs) {
    const widthPx = even(frame.width * job.box.width);
    const heightPx = even(frame.height * job.box.height);
    const id = `${job.avatarId}|${widthPx}x${heightPx}|${job.voice.speech!.path}`;
    if (!made.has(id)) {
      const workDir = join(opts.workDir, `avatar-${made.size}`);
      made.set(
        id,
        mkdir(workDir, { recursive: true })
          .then(() =>
            deps.avatars!.make({
              accountId: opts.accountId,
              avatarId: job.avatarId,
              audioPath: job.voice.speech!.path,
              words: job.voice.speech!.words,
              ...(job.voice.speech!.phones ? { phones: job.voice.speech!.phones } : {}),
              durationSeconds: totalSeconds,
              widthPx,
              heightPx,
              workDir,
              signal: opts.signal,
              onProgress: (f) => opts.onProgress?.(SPEECH_SHARE + ((finished + f) / jobs.length) * AVATAR_SHARE),
            }),
          )
          .then((clip) => {
            finished++;
            return { path: clip.path, ...(clip.hasAlpha || !clip.chromaKeyColor ? {} : { chromaKeyColor: clip.chromaKeyColor }) };
          }),
      );
    }
    clips.set(job.key, await made.get(id)!);
  }
  return clips;
}
