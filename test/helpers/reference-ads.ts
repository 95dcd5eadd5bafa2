/**
 * Reference ads made with ffmpeg for Ad Clone's tests and bench, with the truth known: where every
 * cut is (hard cut, crossfade) and where the caption and the title were drawn.
 *
 * Each shot is its own scene with moving content, as footage has: a photo pushed in or panned, a
 * drifting gradient, a fractal zoom, a field of living cells; a card slides across every shot and
 * grain lies over all, so no shot is a still. Shots meet with a hard cut or a crossfade
 * (`xfade=fade`). The time of a cut is the first frame of the new shot; of a crossfade, its middle
 * (where the clone's own transition is centred too, `media/scene-video.ts`).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createRng } from '../../src/core/random.js';

const exec = promisify(execFile);
const FONT = '/usr/local/share/fonts/clipwright/Montserrat_700Bold.ttf';

export type ReferenceScene =
  /**
   * A picture file, pushed in (`zoom` at the end, from `startZoom`, default 1.08) or panned across
   * (`pan` −1..1 of the spare width); `at` places a still crop (0..1 of the spare width and height:
   * a detail of the picture).
   */
  | { kind: 'photo'; path: string; zoom?: number; startZoom?: number; pan?: number; at?: { x: number; y: number } }
  | { kind: 'gradient'; colors: [string, string]; seed: number }
  | { kind: 'fractal'; hue: number; zoomFrom: number }
  | { kind: 'cells'; color: string; ground: string; seed: number };

export interface ReferenceShot {
  /** How long the shot is seen on its own, seconds (a crossfade into it overlaps its start). */
  seconds: number;
  scene: ReferenceScene;
  /** How it joins the shot before it: a hard cut (default), a crossfade or a slide (the new shot pushes the old out) of `seconds`. */
  join?: { kind: 'cut' } | { kind: 'fade' | 'slide'; seconds: number };
  /** Caption words drawn over this shot (`caption` look). */
  caption?: string;
}

export interface ReferenceAdRequest {
  path: string;
  width: number;
  height: number;
  fps: number;
  shots: ReferenceShot[];
  /**
   * The caption look: centre height (fraction of the frame), letter size (fraction of the height),
   * colour; `words` reveals a shot's caption a word at a time through the shot (as short-video
   * captions do: text changing within a shot, which is no cut).
   */
  caption?: { centreY: number; sizeFraction: number; color: string; reveal?: 'shot' | 'words' };
  /** A title drawn over the whole ad near the top (on-screen text besides the captions). */
  title?: { text: string; centreY: number; sizeFraction: number; color: string };
  /** A sound track to lay under it (speech), padded with silence to the picture's length. */
  audioPath?: string;
}

export interface TrueCut {
  /** Seconds: the new shot's first frame (cut) or the crossfade's middle. */
  timeSeconds: number;
  kind: 'cut' | 'fade' | 'slide';
  /** Crossfade or slide length, 0 for a cut. */
  seconds: number;
}

export interface ReferenceAd {
  path: string;
  fps: number;
  durationSeconds: number;
  cuts: TrueCut[];
  /** Each shot's span between true cuts. */
  shots: { startSeconds: number; endSeconds: number }[];
}

/** The least time a push-in, pan or the card's crossing takes. */
const MOTION_SECONDS = 2.5;

const hex = (c: string) => `0x${c.replace('#', '')}`;
const n3 = (v: number) => v.toFixed(3);

/** One shot's picture as a filter graph chain from input `i`, exactly `frames` frames long. */
function sceneChain(i: number, shot: ReferenceShot, frames: number, req: ReferenceAdRequest): { input: string[]; chain: string } {
  const { width: W, height: H, fps } = req;
  const length = frames / fps;
  // Motion keeps footage's pace whatever the shot's length: a push-in, a pan or the card's crossing
  // takes at least MOTION_SECONDS (a fast cut shows part of it, not all of it faster).
  const pace = Math.max(length, MOTION_SECONDS);
  const s = shot.scene;
  let input: string[];
  let chain: string;
  switch (s.kind) {
    case 'photo': {
      input = ['-loop', '1', '-framerate', String(fps), '-t', n3(length + 2 / fps), '-i', s.path];
      const z0 = s.startZoom ?? 1.08;
      const z1 = s.zoom ?? z0;
      const zoom = `(${z0}+${n3(z1 - z0)}*t/${n3(pace)})`;
      // Covers the frame at every zoom; the crop pans across the spare width (or stays centred).
      const cover = `max(${W}/iw\\,${H}/ih)*${zoom}`;
      const pan = s.pan ?? 0;
      const at = s.at ?? { x: 0.5, y: 0.5 };
      const x = pan === 0 ? `(iw-ow)*${n3(at.x)}` : `(iw-ow)*(0.5+${n3(pan / 2)}*(2*t/${n3(pace)}-1))`;
      chain = `scale=w='trunc(iw*${cover}/2)*2':h='trunc(ih*${cover}/2)*2':eval=frame,crop=${W}:${H}:x='${x}':y='(ih-oh)*${n3(at.y)}'`;
      break;
    }
    case 'gradient':
      input = ['-f', 'lavfi', '-i', `gradients=s=${W}x${H}:r=${fps}:c0=${hex(s.colors[0])}:c1=${hex(s.colors[1])}:speed=0.04:seed=${s.seed}`];
      chain = 'null';
      break;
    case 'fractal':
      input = [
        '-f',
        'lavfi',
        '-i',
        `mandelbrot=s=${W}x${H}:r=${fps}:start_scale=${s.zoomFrom}:end_scale=${s.zoomFrom * 0.3}:end_pts=${Math.ceil(MOTION_SECONDS * fps * 3)}`,
      ];
      chain = `hue=h=${s.hue}`;
      break;
    case 'cells': {
      // Cells live a few generations a second, blended from one to the next (a slow shimmer, as
      // foliage or a crowd; one generation per frame would flicker like no footage does).
      const cell = 4;
      input = [
        '-f',
        'lavfi',
        '-i',
        `life=s=${Math.ceil(W / cell)}x${Math.ceil(H / cell)}:r=5:ratio=0.25:seed=${s.seed}:life_color=${s.color}:death_color=${s.ground}:mold=8:mold_color=${s.ground}`,
      ];
      chain = `trim=start_frame=10,setpts=PTS-STARTPTS,scale=${W}:${H}:flags=neighbor,fps=${fps},tmix=frames=${Math.max(2, Math.round(fps / 5))}`;
      break;
    }
  }
  // A card slides across every shot (its own speed and height per shot), and grain over all.
  const card = Math.round(W * 0.22);
  const cardY = Math.round(H * (0.3 + 0.08 * (i % 4)));
  const from = i % 2 === 0 ? -card : W;
  const travel = i % 2 === 0 ? W + card : -(W + card);
  return {
    input,
    chain: [
      `color=c=white@0.55:s=${card}x${card}:r=${fps},format=rgba[c${i}]`,
      `[${i}:v]${chain},fps=${fps},trim=end_frame=${frames},format=yuv420p,setsar=1,settb=AVTB,setpts=N/(${fps}*TB)[b${i}]`,
      `[b${i}][c${i}]overlay=x='${from}+(${travel})*t/${n3(pace)}':y=${cardY}:eval=frame:shortest=1:format=auto,format=yuv420p,noise=alls=6:allf=t:all_seed=${i + 1}[s${i}]`,
    ].join(';'),
  };
}

/** Escapes text for drawtext inside a filter graph. */
const drawtextText = (t: string) => t.replace(/\\/g, '\\\\\\\\').replace(/'/g, '’').replace(/:/g, '\\\\:').replace(/,/g, '\\,');

/** Makes the reference ad and returns where its cuts truly are. */
export async function makeReferenceAd(req: ReferenceAdRequest): Promise<ReferenceAd> {
  const { fps } = req;
  const frames = (seconds: number) => Math.max(1, Math.round(seconds * fps));
  // Everything in whole frames, so the truth is exact. A crossfade needs both shots on screen
  // through it: each shot's clip is lengthened by half of the fade before it and half of the fade
  // after it (xfade overlaps the whole fade; a shot counts from one fade's middle to the next's).
  const fadeFrames = req.shots.map((shot, i) => {
    const join = shot.join;
    return i > 0 && join && join.kind !== 'cut' ? 2 * Math.round((join.seconds * fps) / 2) : 0;
  });
  const parts = req.shots.map((shot, i) => frames(shot.seconds) + fadeFrames[i]! / 2 + (fadeFrames[i + 1] ?? 0) / 2);
  const scenes = req.shots.map((shot, i) => sceneChain(i, shot, parts[i]!, req));
  const graph: string[] = scenes.map((s) => s.chain);
  const cuts: TrueCut[] = [];
  let joined = 's0';
  let length = parts[0]!;
  for (let i = 1; i < req.shots.length; i++) {
    const out = `j${i}`;
    const fade = fadeFrames[i]!;
    if (fade > 0) {
      const offset = length - fade;
      const kind = req.shots[i]!.join?.kind === 'slide' ? 'slide' : 'fade';
      graph.push(`[${joined}][s${i}]xfade=transition=${kind === 'slide' ? 'slideleft' : 'fade'}:duration=${n3(fade / fps)}:offset=${n3(offset / fps)}[${out}]`);
      cuts.push({ timeSeconds: (offset + fade / 2) / fps, kind, seconds: fade / fps });
      length += parts[i]! - fade;
    } else {
      graph.push(`[${joined}][s${i}]concat=n=2:v=1:a=0[${out}]`);
      cuts.push({ timeSeconds: length / fps, kind: 'cut', seconds: 0 });
      length += parts[i]!;
    }
    joined = out;
  }
  const totalSeconds = length / fps;
  const bounds = [0, ...cuts.map((c) => c.timeSeconds), totalSeconds];
  const texts: string[] = [];
  if (req.caption) {
    const { centreY, sizeFraction, color } = req.caption;
    const size = Math.max(8, Math.round(req.height * sizeFraction));
    const border = Math.max(1, Math.round(size / 12));
    const draw = (text: string, from: number, to: number) =>
      `drawtext=fontfile=${FONT}:text='${drawtextText(text)}':fontcolor=${color}:fontsize=${size}:borderw=${border}:bordercolor=black:x=(w-text_w)/2:y=h*${centreY}-text_h/2:enable='between(t,${n3(from)},${n3(to - 0.01)})'`;
    req.shots.forEach((shot, i) => {
      if (!shot.caption) return;
      const [from, to] = [bounds[i]!, bounds[i + 1]!];
      if (req.caption!.reveal !== 'words') {
        texts.push(draw(shot.caption, from, to));
        return;
      }
      const words = shot.caption.split(/\s+/);
      const step = (to - from) / words.length;
      for (let w = 0; w < words.length; w++) texts.push(draw(words.slice(0, w + 1).join(' '), from + step * w, from + step * (w + 1)));
    });
  }
  if (req.title) {
    const { text, centreY, sizeFraction, color } = req.title;
    const size = Math.max(8, Math.round(req.height * sizeFraction));
    texts.push(`drawtext=fontfile=${FONT}:text='${drawtextText(text)}':fontcolor=${color}:fontsize=${size}:x=(w-text_w)/2:y=h*${centreY}-text_h/2`);
  }
  graph.push(`[${joined}]${texts.length ? texts.join(',') : 'null'}[v]`);
  const inputs = scenes.flatMap((s) => s.input);
  const audio = req.audioPath ? ['-i', req.audioPath] : [];
  if (req.audioPath) graph.push(`[${req.shots.length}:a]apad[a]`);
  await exec(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-y',
      ...inputs,
      ...audio,
      '-filter_complex',
      graph.join(';'),
      '-map',
      '[v]',
      ...(req.audioPath ? ['-map', '[a]', '-c:a', 'aac'] : []),
      '-frames:v',
      String(length),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '20',
      '-pix_fmt',
      'yuv420p',
      '-r',
      String(req.fps),
      req.path,
    ],
    { maxBuffer: 1 << 24 },
  );
  return {
    path: req.path,
    fps: req.fps,
    durationSeconds: totalSeconds,
    cuts,
    shots: bounds.slice(0, -1).map((start, i) => ({ startSeconds: start, endSeconds: bounds[i + 1]! })),
  };
}

/** How the shots of a generated reference meet: hard cuts, crossfades, fast cuts, or all three mixed. */
export type CutKind = 'cuts' | 'fades' | 'fast' | 'mixed' | 'slides';

/**
 * A reference's shots for `kind`: `count` shots over `scenes` (in turn, so neighbours differ;
 * photos pushed in or panned), hard cuts between shots of 1–3 s, crossfades (or slides) of
 * 0.3–0.5 s, fast cuts between shots of 0.4–0.8 s; seeded, so a set is the same on every run.
 */
export function shotPlan(kind: CutKind, count: number, seed: number, scenes: readonly ReferenceScene[], captions: readonly string[] = []): ReferenceShot[] {
  const rng = createRng(seed);
  const start = rng.int(0, scenes.length - 1);
  return Array.from({ length: count }, (_, i) => {
    const mode = kind === 'mixed' ? rng.pick(['cuts', 'fades', 'fast'] as const) : kind;
    const seconds = mode === 'fast' ? 0.4 + 0.4 * rng.next() : 1 + 2 * rng.next();
    const base = scenes[(start + i) % scenes.length]!;
    // A photo given its own framing (`at`, `startZoom`) keeps it; others are pushed in or panned.
    const framed = base.kind === 'photo' && (base.at || base.startZoom);
    const scene: ReferenceScene =
      base.kind === 'photo' && !framed ? { ...base, ...(rng.chance(0.5) ? { zoom: 1.15 + 0.2 * rng.next() } : { pan: 0.3 * rng.bipolar() }) } : base;
    const join: ReferenceShot['join'] =
      mode === 'fades' || mode === 'slides' ? { kind: mode === 'fades' ? 'fade' : 'slide', seconds: 0.3 + 0.2 * rng.next() } : { kind: 'cut' };
    const caption = captions.length ? captions[i % captions.length] : undefined;
    return { seconds: Math.round(seconds * 100) / 100, scene, join, ...(caption ? { caption } : {}) };
  });
}

/** Cuts found against the true ones: a true cut is found when one lies within `toleranceFrames` of it (each used once). */
export function scoreCuts(
  found: readonly number[],
  truth: readonly TrueCut[],
  fps: number,
  toleranceFrames = 2,
): { hits: number; misses: TrueCut[]; falseCuts: number[]; recall: number; precision: number } {
  const unused = [...found];
  const misses: TrueCut[] = [];
  let hits = 0;
  for (const cut of truth) {
    let best = -1;
    for (let j = 0; j < unused.length; j++) {
      const off = Math.abs(unused[j]! - cut.timeSeconds) * fps;
      if (off <= toleranceFrames + 0.01 && (best < 0 || off < Math.abs(unused[best]! - cut.timeSeconds) * fps)) best = j;
    }
    if (best >= 0) {
      hits++;
      unused.splice(best, 1);
    } else misses.push(cut);
  }
  return {
    hits,
    misses,
    falseCuts: unused,
    recall: truth.length ? hits / truth.length : 1,
    precision: found.length ? hits / found.length : 1,
  };
}
