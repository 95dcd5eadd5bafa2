import { pictureFitFilters } from '../engines/ffmpeg/args/index.js';
import { type FilterGraphBuilder, num } from './filter-graph.js';
import { parseHexColor, toFfmpegColor } from './color.js';
import { FRAMES_PER_SECOND as FPS, even, type FrameSize } from './frame-size.js';
import { addMediaLayers, type MediaLayer, type TimedMediaLayer } from './layer-video.js';
import type { BackgroundFit, BackgroundMotion, PushIn, Scene, TransitionKind } from './timeline.js';

const DEFAULT_TRANSITION_SECONDS = 0.5;
/** How much larger than the frame the picture is drawn, so motion never shows an edge. */
const MOTION_MARGIN: Record<BackgroundMotion, number> = {
  'zoom-in': 1.12,
  'zoom-out': 1.12,
  throb: 1.06,
  'slide-left': 1.12,
  wobble: 1.06,
  // The picture is drawn this much larger (push-in-shot.ts), so the end of a push keeps its pixels.
  'push-in': 1.4,
};
/**
 * Transitions are drawn with overlay (the incoming scene over the outgoing one): measured here
 * about ten times cheaper than xfade. A swipe is named for the way the new scene moves.
 */
function transitionFilters(kind: TransitionKind, frames: number): { head: string[]; overlay: string } {
  const progress = `(1-(n+1)/${frames})`;
  switch (kind) {
    case 'fade':
      return { head: ['format=yuva420p', `fade=t=in:s=0:n=${frames}:alpha=1`], overlay: 'overlay=x=0:y=0' };
    case 'leftSwipe':
      return { head: [], overlay: `overlay=x='W*${progress}':y=0` };
    case 'rightSwipe':
      return { head: [], overlay: `overlay=x='-W*${progress}':y=0` };
    case 'topSwipe':
      return { head: [], overlay: `overlay=x=0:y='H*${progress}'` };
    case 'bottomSwipe':
      return { head: [], overlay: `overlay=x=0:y='-H*${progress}'` };
  }
}

/** Frame bookkeeping for scenes and the overlaps that transitions need. */
export interface ScenePlan {
  sceneFrames: number[];
  /** Frames of overlap between scene i and i+1 (0 = cut). */
  transitionFrames: number[];
  /** Where each scene starts on the output, in seconds. */
  sceneStartSeconds: number[];
  totalFrames: number;
}

export function planScenes(scenes: readonly Scene[]): ScenePlan {
  // Boundaries are rounded cumulatively so the total never drifts from the sum of durations.
  const boundaries = [0];
  let cumulative = 0;
  for (const scene of scenes) {
    cumulative += scene.durationSeconds;
    boundaries.push(Math.round(cumulative * FPS));
  }
  const sceneFrames = scenes.map((_, i) => boundaries[i + 1]! - boundaries[i]!);
  const transitionFrames = scenes.slice(0, -1).map((scene, i) => {
    if (!scene.transitionOut) return 0;
    const wanted = Math.round((scene.transitionOut.durationSeconds ?? DEFAULT_TRANSITION_SECONDS) * FPS);
    const limit = Math.floor(Math.min(sceneFrames[i]!, sceneFrames[i + 1]!) / 2);
    return Math.max(0, Math.min(wanted, limit));
  });
  return {
    sceneFrames,
    transitionFrames,
    sceneStartSeconds: boundaries.slice(0, -1).map((f) => f / FPS),
    totalFrames: boundaries[boundaries.length - 1]!,
  };
}

/**
 * The stretch of output a scene's own clip covers: it starts `leadSeconds` before the scene
 * (into the transition from the previous scene) and lasts `lengthSeconds`, reaching into the
 * transition to the next. Layers drawn into the scene (`layersInScene`) can use all of it.
 */
export function sceneClipWindow(plan: ScenePlan, index: number): { leadSeconds: number; lengthSeconds: number } {
  const headFrames = index > 0 ? plan.transitionFrames[index - 1]! : 0;
  return { leadSeconds: Math.ceil(headFrames / 2) / FPS, lengthSeconds: clipFrames(plan, index) / FPS };
}

function clipFrames(plan: ScenePlan, index: number): number {
  const headFrames = index > 0 ? plan.transitionFrames[index - 1]! : 0;
  const tailFrames = plan.transitionFrames[index] ?? 0;
  // The clip runs into its neighbours' transitions: the larger half of an odd overlap before its
  // start (its lead), the smaller half after its end, so each overlap is exactly the transition's
  // frames and the joined video keeps every scene's frames (an odd transition lost one before).
  return plan.sceneFrames[index]! + Math.ceil(headFrames / 2) + Math.floor(tailFrames / 2);
}

/** A scene's picture and clip layers, timed on its own clip (see `sceneClipWindow`). */
function inSceneLayers(scene: Scene, window: { leadSeconds: number; lengthSeconds: number }): TimedMediaLayer[] {
  const timed: TimedMediaLayer[] = [];
  for (const layer of scene.layers ?? []) {
    if (layer.kind === 'text' || layer.kind === 'cta') continue;
    // Without a start of its own a layer shows from the clip's first frame, transition included.
    const startSeconds = layer.startSeconds === undefined ? 0 : Math.max(0, window.leadSeconds + layer.startSeconds);
    const endSeconds = Math.min(window.lengthSeconds, window.leadSeconds + (layer.endSeconds ?? scene.durationSeconds + window.lengthSeconds));
    if (endSeconds > startSeconds) timed.push({ layer: layer as MediaLayer, startSeconds, endSeconds });
  }
  return timed;
}

/**
 * Adds every scene's background clip and joins them. Where a transition is asked, only the
 * overlapping frames (tail of one clip, head of the next) are mixed, and every piece is joined
 * by one concat. Returns the label of the joined video at `frame` size, yuv420p, 30 fps.
 */
export function addSceneSequence(g: FilterGraphBuilder, scenes: readonly Scene[], plan: ScenePlan, frame: FrameSize): string {
  const segments: string[] = [];
  let pendingTail: { label: string; frames: number; kind: TransitionKind } | undefined;

  scenes.forEach((scene, i) => {
    const headFrames = i > 0 ? plan.transitionFrames[i - 1]! : 0;
    const tailFrames = i < scenes.length - 1 ? plan.transitionFrames[i]! : 0;
    const frames = clipFrames(plan, i);
    const background = addBackgroundClip(g, scene, frames, frame);
    const clip = scene.layersInScene ? addMediaLayers(g, background, inSceneLayers(scene, sceneClipWindow(plan, i)), frame) : background;
    const parts = splitClip(g, clip, frames, headFrames, tailFrames);

    if (pendingTail && parts.head) {
      const { head, overlay } = transitionFilters(pendingTail.kind, pendingTail.frames);
      const incoming = head.length > 0 ? g.label('in') : parts.head;
      if (head.length > 0) g.chain(parts.head, head, incoming);
      const mixed = g.label('tr');
      g.chain(`${pendingTail.label}${incoming}`, [overlay], mixed);
      segments.push(mixed);
    }
    if (parts.body) segments.push(parts.body);
    const kind = scene.transitionOut?.kind;
    pendingTail = parts.tail && kind ? { label: parts.tail, frames: tailFrames, kind } : undefined;
  });

  if (segments.length === 1) return segments[0]!;
  const out = g.label('seq');
  g.chain(segments.join(''), [`concat=n=${segments.length}:v=1:a=0`, `fps=${FPS}`], out);
  return out;
}

/** Cuts a clip into head (first frames), body and tail (last frames); empty parts are left out. */
function splitClip(
  g: FilterGraphBuilder,
  clip: string,
  frames: number,
  headFrames: number,
  tailFrames: number,
): { head?: string; body?: string; tail?: string } {
  const bodyFrames = frames - headFrames - tailFrames;
  if (headFrames === 0 && tailFrames === 0) return { body: clip };
  const trims: [string, string[]][] = [];
  if (headFrames > 0) trims.push([g.label('head'), [`trim=end_frame=${headFrames}`]]);
  if (bodyFrames > 0) trims.push([g.label('body'), [`trim=start_frame=${headFrames}:end_frame=${frames - tailFrames}`, 'setpts=PTS-STARTPTS']]);
  if (tailFrames > 0) trims.push([g.label('tail'), [`trim=start_frame=${frames - tailFrames}`, 'setpts=PTS-STARTPTS']]);
  const branches = trims.length > 1 ? trims.map(() => g.label('part')) : [clip];
  if (trims.length > 1) g.chain(clip, [`split=${trims.length}`], branches.join(''));
  trims.forEach(([label, filters], i) => {
    g.chain(branches[i]!, filters, label);
  });
  const find = (prefix: string): string | undefined => trims.find(([label]) => label.startsWith(`[${prefix}`))?.[0];
  return { head: find('head'), body: find('body'), tail: find('tail') };
}

function addBackgroundClip(g: FilterGraphBuilder, scene: Scene, frames: number, frame: FrameSize): string {
  const out = g.label('bg');
  const seconds = frames / FPS;
  const bg = scene.background;
  if (bg.kind === 'color') {
    const color = toFfmpegColor(parseHexColor(bg.color) ?? { r: 0, g: 0, b: 0, a: 255 });
    g.chain(
      '',
      [`color=c=${color}:s=${frame.width}x${frame.height}:r=${FPS}:d=${num(seconds)}`, 'format=yuv420p', 'setsar=1', `trim=end_frame=${frames}`],
      out,
    );
    return out;
  }

  const motion = bg.motion ?? undefined;
  const margin = motion ? MOTION_MARGIN[motion] : 1;
  const canvas = { width: even(frame.width * margin), height: even(frame.height * margin) };

  if (bg.kind === 'image') {
    // Decode and scale the picture once, then repeat the finished frame: far cheaper than
    // `-loop 1`, which decodes and scales the file again for every output frame.
    const input = g.addInput(bg.path);
    const fitted = addFitted(g, `[${input}:v]`, [], bg.fit ?? 'crop', canvas, frame, margin);
    g.chain(
      fitted,
      [
        'setsar=1',
        'format=yuv420p',
        `loop=loop=${frames - 1}:size=1`,
        `settb=1/${FPS}`,
        'setpts=N',
        `fps=${FPS}`,
        ...motionFilters(motion, canvas, frame, seconds, bg.push),
        'setsar=1',
      ],
      out,
    );
    return out;
  }

  const loop = bg.loop ?? true;
  const options = [...(loop ? ['-stream_loop', '-1'] : []), ...(bg.sourceStartSeconds ? ['-ss', num(bg.sourceStartSeconds)] : [])];
  const input = g.addInput(bg.path, [...options, '-t', num(seconds + 1)]);
  const fitted = addFitted(g, `[${input}:v]`, [`fps=${FPS}`], bg.fit ?? 'crop', canvas, frame, margin);
  g.chain(
    fitted,
    [
      'setsar=1',
      'format=yuv420p',
      // A clip shorter than its scene holds its last frame when it does not loop.
      ...(loop ? [] : [`tpad=stop_mode=clone:stop_duration=${num(seconds)}`]),
      `trim=end_frame=${frames}`,
      'setpts=PTS-STARTPTS',
      ...motionFilters(motion, canvas, frame, seconds),
      'setsar=1',
    ],
    out,
  );
  return out;
}

/**
 * The picture brought to the canvas by its fit. Anything but crop keeps the picture whole over a
 * blurred fill of itself; under motion it stays inside the part of the canvas that every moment
 * of the move shows (a zoom shows at least the frame's size of it, a pan or wobble 2 − margin).
 */
function addFitted(g: FilterGraphBuilder, input: string, head: string[], fit: BackgroundFit, canvas: FrameSize, frame: FrameSize, margin: number): string {
  const out = g.label('fit');
  if (fit === 'crop') {
    g.chain(input, [...head, `scale=${canvas.width}:${canvas.height}:force_original_aspect_ratio=increase`, `crop=${canvas.width}:${canvas.height}`], out);
    return out;
  }
  const safe = { width: even(frame.width * (2 - margin)), height: even(frame.height * (2 - margin)) };
  const filters = pictureFitFilters({ mode: fit, canvasPx: canvas, safePx: safe });
  if (fit === 'backdrop') {
    g.chain(input, [...head, ...filters.backdrop], out);
    return out;
  }
  const [forFill, forPicture, fill, picture] = [g.label('fa'), g.label('fb'), g.label('fill'), g.label('pic')];
  g.chain(input, [...head, 'split=2'], `${forFill}${forPicture}`);
  g.chain(forFill, filters.backdrop, fill);
  g.chain(forPicture, filters.picture, picture);
  g.chain(`${fill}${picture}`, [filters.overlay], out);
  return out;
}

/**
 * Motion as cheap per-frame filters: panning is a moving crop window (no scaling at all);
 * zooming rescales the already-fitted picture with a fast bilinear scaler, a fraction of the
 * cost of zoompan. Positions and sizes snap to even pixels, so a slow move changes the picture
 * only every few frames anyway: motion is computed at half the frame rate and each picture shown
 * twice, which halves the filtering and lets x264 encode the repeats almost for free.
 */
export function motionFilters(motion: BackgroundMotion | undefined, canvas: FrameSize, frame: FrameSize, seconds: number, push?: PushIn): string[] {
  if (!motion) return [];
  const W = frame.width;
  const H = frame.height;
  const extra = num(canvas.width / W - 1);
  const zoom = (factor: string): string => zoomAbout(factor, { x: 0.5, y: 0.5 }, canvas, frame, 'fast_bilinear');
  const L = num(seconds);
  const moves: Record<BackgroundMotion, string> = {
    'slide-left': `crop=${W}:${H}:x='(iw-ow)*t/${L}':y='(ih-oh)/2'`,
    wobble: `crop=${W}:${H}:x='(iw-ow)/2*(1+0.9*sin(2*PI*t/2.3))':y='(ih-oh)/2*(1+0.9*cos(2*PI*t/3.1))'`,
    'zoom-in': zoom(`1+${extra}*t/${L}`),
    'zoom-out': zoom(`1+${extra}*(1-t/${L})`),
    throb: zoom(`1+${extra}*(1-cos(2*PI*t/1.4))/2`),
    'push-in': push
      ? zoomAbout(`1+${num(Math.max(1, Math.min(push.zoom, canvas.width / W)) - 1)}*(1-pow(1-min(t/${L},1),2))`, push, canvas, frame, 'bilinear')
      : `scale=${W}:${H}`,
  };
  return [`fps=${FPS / 2}`, moves[motion], `fps=${FPS}`];
}

/**
 * The picture scaled by `factor` (an expression of t, 1 = the frame's size) with the point `at`
 * (fractions of the picture) held still. crop clamps its window to the size its input had when the
 * graph was configured, so the scale reports the largest size (the canvas) then; with the frame's
 * size there every window was clamped to the top-left corner and each zoom drifted that way.
 * A push-in (motion 'push-in') holds its detail still and eases out: it moves at once and settles.
 */
function zoomAbout(factor: string, at: { x: number; y: number }, canvas: FrameSize, frame: FrameSize, flags: string): string {
  const W = frame.width;
  const H = frame.height;
  const w = `2*trunc(${W}*(${factor})/2)`;
  const h = `2*trunc(${H}*(${factor})/2)`;
  return (
    `scale=w='if(isnan(n),${canvas.width},${w})':h='if(isnan(n),${canvas.height},${h})':eval=frame:flags=${flags},` +
    `crop=${W}:${H}:x='${num(at.x)}*(${w}-${W})':y='${num(at.y)}*(${h}-${H})'`
  );
}
