import { FilterGraphBuilder, num } from './filter-graph.js';
import { parseHexColor, toFfmpegColor } from './color.js';
import { FRAMES_PER_SECOND as FPS, even, type FrameSize } from './frame-size.js';
import type { BackgroundMotion, Scene, TransitionKind } from './timeline.js';

const DEFAULT_TRANSITION_SECONDS = 0.5;
/** How much larger than the frame the picture is drawn, so motion never shows an edge. */
const MOTION_MARGIN: Record<BackgroundMotion, number> = {
  'zoom-in': 1.12, 'zoom-out': 1.12, 'throb': 1.06, 'slide-left': 1.12, 'wobble': 1.06,
};
const XFADE_NAMES: Record<TransitionKind, string> = {
  fade: 'fade', leftSwipe: 'slideleft', rightSwipe: 'slideright', topSwipe: 'slideup', bottomSwipe: 'slidedown',
};

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
 * Adds every scene's background clip and joins them (xfade where a transition is asked,
 * concat otherwise). Returns the label of the joined video at `frame` size, yuv420p, 30 fps.
 */
export function addSceneSequence(g: FilterGraphBuilder, scenes: readonly Scene[], plan: ScenePlan, frame: FrameSize): string {
  const clips = scenes.map((scene, i) => {
    // Each clip runs into its neighbours' transitions: half before its start, half after its end.
    const before = i > 0 ? Math.floor(plan.transitionFrames[i - 1]! / 2) : 0;
    const after = i < scenes.length - 1 ? plan.transitionFrames[i]! - Math.floor(plan.transitionFrames[i]! / 2) : 0;
    const frames = plan.sceneFrames[i]! + before + after;
    return { label: addBackgroundClip(g, scene, frames, frame), frames };
  });

  let current = clips[0]!.label;
  let currentFrames = clips[0]!.frames;
  for (let i = 1; i < clips.length; i++) {
    const next = clips[i]!;
    const overlap = plan.transitionFrames[i - 1]!;
    const out = g.label('seq');
    const kind = scenes[i - 1]!.transitionOut?.kind;
    if (overlap > 0 && kind) {
      const offset = (currentFrames - overlap) / FPS;
      g.chain(`${current}${next.label}`, [`xfade=transition=${XFADE_NAMES[kind]}:duration=${num(overlap / FPS)}:offset=${num(offset)}`], out);
    } else {
      g.chain(`${current}${next.label}`, ['concat=n=2:v=1:a=0', `fps=${FPS}`], out);
    }
    current = out;
    currentFrames += next.frames - overlap;
  }
  return current;
}

function addBackgroundClip(g: FilterGraphBuilder, scene: Scene, frames: number, frame: FrameSize): string {
  const out = g.label('bg');
  const seconds = frames / FPS;
  const bg = scene.background;
  if (bg.kind === 'color') {
    const color = toFfmpegColor(parseHexColor(bg.color) ?? { r: 0, g: 0, b: 0, a: 255 });
    g.chain('', [`color=c=${color}:s=${frame.width}x${frame.height}:r=${FPS}:d=${num(seconds)}`, 'format=yuv420p', `trim=end_frame=${frames}`], out);
    return out;
  }

  const motion = bg.motion ?? undefined;
  const margin = motion ? MOTION_MARGIN[motion] : 1;
  const canvas = { width: even(frame.width * margin), height: even(frame.height * margin) };
  const fit = fitFilters(bg.fit ?? 'crop', canvas);

  if (bg.kind === 'image') {
    // Decode and scale the picture once, then repeat the finished frame: far cheaper than
    // `-loop 1`, which decodes and scales the file again for every output frame.
    const input = g.addInput(bg.path);
    g.chain(`[${input}:v]`, [
      ...fit, 'setsar=1', 'format=yuv420p',
      `loop=loop=${frames - 1}:size=1`, `settb=1/${FPS}`, 'setpts=N', `fps=${FPS}`,
      ...motionFilters(motion, canvas, frame, seconds),
    ], out);
    return out;
  }

  const loop = bg.loop ?? true;
  const options = [...(loop ? ['-stream_loop', '-1'] : []), ...(bg.sourceStartSeconds ? ['-ss', num(bg.sourceStartSeconds)] : [])];
  const input = g.addInput(bg.path, [...options, '-t', num(seconds + 1)]);
  g.chain(`[${input}:v]`, [
    `fps=${FPS}`, ...fit, 'setsar=1', 'format=yuv420p',
    // A clip shorter than its scene holds its last frame when it does not loop.
    ...(loop ? [] : [`tpad=stop_mode=clone:stop_duration=${num(seconds)}`]),
    `trim=end_frame=${frames}`, 'setpts=PTS-STARTPTS',
    ...motionFilters(motion, canvas, frame, seconds),
  ], out);
  return out;
}

function fitFilters(fit: 'crop' | 'contain', size: FrameSize): string[] {
  if (fit === 'contain') {
    return [
      `scale=${size.width}:${size.height}:force_original_aspect_ratio=decrease:force_divisible_by=2`,
      `pad=${size.width}:${size.height}:(ow-iw)/2:(oh-ih)/2:color=black`,
    ];
  }
  return [`scale=${size.width}:${size.height}:force_original_aspect_ratio=increase`, `crop=${size.width}:${size.height}`];
}

/**
 * Motion as cheap per-frame filters: panning is a moving crop window (no scaling at all);
 * zooming rescales the already-fitted picture with a fast bilinear scaler, which costs a fraction
 * of zoompan.
 */
export function motionFilters(motion: BackgroundMotion | undefined, canvas: FrameSize, frame: FrameSize, seconds: number): string[] {
  if (!motion) return [];
  const W = frame.width;
  const H = frame.height;
  const zoom = (factor: string): string[] => [
    `scale=w='2*trunc(${W}*(${factor})/2)':h='2*trunc(${H}*(${factor})/2)':eval=frame:flags=fast_bilinear`,
    `crop=${W}:${H}`,
  ];
  const extra = canvas.width / W - 1;
  const L = num(seconds);
  switch (motion) {
    case 'slide-left':
      return [`crop=${W}:${H}:x='(iw-ow)*t/${L}':y='(ih-oh)/2'`];
    case 'wobble':
      return [`crop=${W}:${H}:x='(iw-ow)/2*(1+0.9*sin(2*PI*t/2.3))':y='(ih-oh)/2*(1+0.9*cos(2*PI*t/3.1))'`];
    case 'zoom-in':
      return zoom(`1+${num(extra)}*t/${L}`);
    case 'zoom-out':
      return zoom(`1+${num(extra)}*(1-t/${L})`);
    case 'throb':
      return zoom(`1+${num(extra)}*(1-cos(2*PI*t/1.4))/2`);
  }
}
