import { aacArgs, FASTSTART_ARGS, h264Args, thumbnailOutputArgs } from '../engines/ffmpeg/args/index.js';
import { addAudioMix, PREVIEW_AUDIO, RENDER_AUDIO, type AudioLevels } from './audio-mix.js';
import type { CtaLayer, TextLayer, TimedLayer } from './captions/overlay-text.js';
import { FilterGraphBuilder, num } from './filter-graph.js';
import { CONTRACT_FONT_FAMILIES } from './fonts.js';
import { FRAMES_PER_SECOND as FPS, frameSizeFor, type FrameSize } from './frame-size.js';
import { addMediaLayers, type TimedMediaLayer } from './layer-video.js';
import { buildOverlayAss, type OverlayAssInput } from './overlay-ass.js';
import { addSceneSequence, planScenes, type ScenePlan } from './scene-video.js';
import type { Layer, RenderOutput, Timeline } from './timeline.js';

export const OVERLAY_FILE_NAME = 'overlay.ass';

export interface CompileOptions {
  audioLevels?: AudioLevels;
  /** What fontconfig has (engine.listFontFamilies()); default: what install-fonts.sh installs. */
  installedFontFamilies?: readonly string[];
}

export interface CompiledRender {
  /** Arguments for `FfmpegEngine.run` (without the binary and the -progress options it adds). */
  args: string[];
  filterGraph: string;
  expectedDurationSeconds: number;
  /** Files to write into the working directory first; ffmpeg must run with that cwd. */
  files: Record<string, string>;
  frame: FrameSize;
}

/** What the encode reads of an output: its quality, x264 preset, and where the video and the thumbnail go. */
export type EncodedOutput = Pick<RenderOutput, 'quality' | 'encoderPreset' | 'videoPath' | 'thumbnailPath'>;

export class TimelineError extends Error {
  override readonly name = 'TimelineError';
}

export const ENCODING = {
  render: { preset: 'veryfast', crf: '23', audioBitrate: '192k', audio: RENDER_AUDIO },
  preview: { preset: 'ultrafast', crf: '30', audioBitrate: '64k', audio: PREVIEW_AUDIO },
} as const;

/** Timeline → one ffmpeg invocation writing the MP4 (and the thumbnail). Pure. */
export function compileTimeline(timeline: Timeline, output: RenderOutput, options: CompileOptions = {}): CompiledRender {
  const g = new FilterGraphBuilder();
  const video = addTimelineVideo(g, timeline, output, options);
  const finalVideo = g.label('vout');
  const thumbnail = g.label('thumb');
  chainWithThumbnail(g, video.label, video.tail, [], finalVideo, output.thumbnailPath ? { frameIndex: video.thumbnailFrame, label: thumbnail } : undefined);

  const enc = ENCODING[output.quality];
  const audio = addAudioMix(g, timeline, video.durationSeconds, options.audioLevels, enc.audio);
  const filterGraph = g.graph();
  const args = encodeArgs(g, filterGraph, { video: finalVideo, audio, thumbnail }, output, video.durationSeconds);
  return { args, filterGraph, expectedDurationSeconds: video.durationSeconds, files: video.files, frame: video.frame };
}

/**
 * `input` through `filters` and then `after` into `output`. With a thumbnail, the frame at
 * `frameIndex` (counted after `filters`) is split off into `thumbnail.label` between the two.
 */
export function chainWithThumbnail(
  g: FilterGraphBuilder,
  input: string,
  filters: string[],
  after: string[],
  output: string,
  thumbnail?: { frameIndex: number; label: string },
): void {
  if (!thumbnail) {
    g.chain(input, [...filters, ...after], output);
    return;
  }
  const [main, forThumb] = [g.label('main'), g.label('forthumb')];
  g.chain(input, [...filters, 'split=2'], `${main}${forThumb}`);
  g.chain(main, after.length ? after : ['null'], output);
  // Trim to exactly one frame so this branch ends at once instead of queueing the rest.
  const at = thumbnail.frameIndex;
  g.chain(forThumb, [`trim=start_frame=${at}:end_frame=${at + 1}`, 'setpts=PTS-STARTPTS'], thumbnail.label);
}

export function videoEncoderArgs(output: Pick<RenderOutput, 'quality' | 'encoderPreset'>): string[] {
  const enc = ENCODING[output.quality];
  return [...h264Args({ preset: output.encoderPreset ?? enc.preset, crf: enc.crf }), '-r', String(FPS)];
}

export function audioEncoderArgs(output: Pick<RenderOutput, 'quality'>): string[] {
  const enc = ENCODING[output.quality];
  return aacArgs({ bitrate: enc.audioBitrate, sampleRateHz: enc.audio.sampleRateHz, channels: enc.audio.channels });
}

/**
 * The arguments of the one run that writes a video: the graph's inputs, its picture and sound
 * encoded into the MP4 (cut at `durationSeconds`), then the thumbnail's JPEG when one is asked.
 */
export function encodeArgs(
  g: FilterGraphBuilder,
  filterGraph: string,
  labels: { video: string; audio: string; thumbnail: string },
  output: EncodedOutput,
  durationSeconds: number,
): string[] {
  return [
    ...g.inputArguments(),
    '-filter_complex',
    filterGraph,
    '-map',
    labels.video,
    '-map',
    labels.audio,
    ...videoEncoderArgs(output),
    ...audioEncoderArgs(output),
    '-t',
    num(durationSeconds),
    ...FASTSTART_ARGS,
    output.videoPath,
    ...(output.thumbnailPath ? thumbnailOutputArgs(labels.thumbnail, output.thumbnailPath) : []),
  ];
}

/**
 * Everything drawn as text, last: the ASS file to write (none when there is no text) and the
 * filters that draw it and set the pixel format every output takes.
 */
export function overlayTail(input: Omit<OverlayAssInput, 'installedFontFamilies'> & { installedFontFamilies?: readonly string[] | undefined }): {
  files: Record<string, string>;
  tail: string[];
} {
  const ass = buildOverlayAss({ ...input, installedFontFamilies: input.installedFontFamilies ?? [...CONTRACT_FONT_FAMILIES, 'DejaVu Sans'] });
  return {
    files: ass ? { [OVERLAY_FILE_NAME]: ass } : {},
    tail: [...(ass ? [`ass=filename=${OVERLAY_FILE_NAME}`] : []), 'format=yuv420p'],
  };
}

export interface TimelineVideo {
  /** The composed picture before the overlay text (`tail` draws it and fixes the pixel format). */
  label: string;
  tail: string[];
  durationSeconds: number;
  totalFrames: number;
  /** The thumbnail's frame index on the output. */
  thumbnailFrame: number;
  files: Record<string, string>;
  frame: FrameSize;
}

/** The video part of a timeline: scenes, media layers, and the text overlay as a tail of filters. */
export function addTimelineVideo(g: FilterGraphBuilder, timeline: Timeline, output: RenderOutput, options: CompileOptions): TimelineVideo {
  validate(timeline);
  const frame = output.frame ?? frameSizeFor(timeline.aspectRatio, output.quality);
  const fullFrame = frameSizeFor(timeline.aspectRatio, 'render');
  const plan = planScenes(timeline.scenes);
  const durationSeconds = plan.totalFrames / FPS;

  let video = addSceneSequence(g, timeline.scenes, plan, frame);
  const layers = timedLayers(timeline, plan, durationSeconds);
  video = addMediaLayers(g, video, layers.media, frame);

  const overlay = overlayTail({
    timeline,
    frame: fullFrame,
    durationSeconds,
    textLayers: layers.text,
    ctaLayers: layers.cta,
    watermark: output.quality === 'preview',
    installedFontFamilies: options.installedFontFamilies,
  });
  const atSeconds = output.thumbnailAtSeconds ?? cleanFrameSeconds(timeline, durationSeconds);
  return {
    label: video,
    tail: overlay.tail,
    durationSeconds,
    totalFrames: plan.totalFrames,
    thumbnailFrame: Math.min(plan.totalFrames - 1, Math.max(0, Math.round(atSeconds * FPS))),
    files: overlay.files,
    frame,
  };
}

function validate(timeline: Timeline): void {
  if (timeline.scenes.length === 0) throw new TimelineError('a timeline needs at least one scene');
  timeline.scenes.forEach((scene, i) => {
    if (!(scene.durationSeconds > 0) || !Number.isFinite(scene.durationSeconds)) {
      throw new TimelineError(`scene ${i} has no positive duration`);
    }
  });
}

interface SortedLayers {
  media: TimedMediaLayer[];
  text: TimedLayer<TextLayer>[];
  cta: TimedLayer<CtaLayer>[];
}

/** Scene layers move to absolute time; every layer is clipped to the video. */
function timedLayers(timeline: Timeline, plan: ScenePlan, durationSeconds: number): SortedLayers {
  const sorted: SortedLayers = { media: [], text: [], cta: [] };
  const place = (layer: Layer, offset: number, defaultEnd: number): void => {
    const startSeconds = Math.max(0, offset + (layer.startSeconds ?? 0));
    const endSeconds = Math.min(durationSeconds, offset + (layer.endSeconds ?? defaultEnd));
    if (endSeconds <= startSeconds) return;
    if (layer.kind === 'text') sorted.text.push({ layer, startSeconds, endSeconds });
    else if (layer.kind === 'cta') sorted.cta.push({ layer, startSeconds, endSeconds });
    else sorted.media.push({ layer, startSeconds, endSeconds });
  };
  timeline.scenes.forEach((scene, i) => {
    const start = plan.sceneStartSeconds[i]!;
    for (const layer of scene.layers ?? []) {
      // Pictures and clips of a `layersInScene` scene were drawn into the scene itself.
      if (scene.layersInScene && layer.kind !== 'text' && layer.kind !== 'cta') continue;
      place(layer, start, plan.sceneFrames[i]! / FPS);
    }
  });
  for (const layer of timeline.layers ?? []) place(layer, 0, durationSeconds);
  return sorted;
}

/** How long a caption page may stay up after its last word (pages bridge short pauses). */
const CAPTION_LINGER_SECONDS = 0.6;

/**
 * The thumbnail's moment when none is asked: the middle of the longest stretch without any
 * caption on screen (a caption caught mid-word makes a poor cover), which in an ad is mostly the
 * end card; without captions, the middle of the first scene.
 */
export function cleanFrameSeconds(timeline: Timeline, durationSeconds: number): number {
  const words = [...(timeline.captions?.words ?? []), ...(timeline.captionTracks ?? []).flatMap((t) => t.words)];
  const shown = timeline.captions?.setting?.hidden ? [] : words;
  const firstScene = Math.min(durationSeconds, timeline.scenes[0]?.durationSeconds ?? durationSeconds) / 2;
  if (shown.length === 0) return firstScene;
  const busy = shown.map((w) => [w.startSeconds - 0.1, w.endSeconds + CAPTION_LINGER_SECONDS] as const).sort((a, b) => a[0] - b[0]);
  let best = { start: 0, length: -1 };
  let cursor = 0;
  for (const [start, end] of [...busy, [durationSeconds, durationSeconds] as const]) {
    const length = Math.min(start, durationSeconds) - cursor;
    if (length > best.length) best = { start: cursor, length };
    cursor = Math.max(cursor, end);
  }
  return best.length > 1 / FPS ? best.start + best.length / 2 : firstScene;
}
