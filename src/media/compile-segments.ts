import { ffconcatList, segmentJoinArgs, thumbnailOutputArgs } from '../engines/ffmpeg/args/index.js';
import { addAudioMix } from './audio-mix.js';
import { addTimelineVideo, audioEncoderArgs, chainWithThumbnail, ENCODING, videoEncoderArgs, type CompileOptions } from './compile.js';
import { FilterGraphBuilder, num } from './filter-graph.js';
import { FRAMES_PER_SECOND as FPS, type FrameSize } from './frame-size.js';
import type { RenderOutput, Timeline } from './timeline.js';

/**
 * A render split into time segments that run as separate ffmpeg processes at once, then joined
 * without re-encoding. ffmpeg 5.1 filters a whole graph on one thread, so a single full-size run
 * keeps about 1.4 of 2 cores busy; two segment runs and the audio run beside them fill both.
 */
export interface SegmentedRender {
  /** One run per segment: the same graph, trimmed to its frames, video only. */
  videoRuns: SegmentRun[];
  /** The audio mix alone, encoded once for the whole length. */
  audioRun: { args: string[] };
  /** Joins the segments (concat demuxer, stream copy) with the audio into the output MP4. */
  joinArgs: string[];
  /** Files to write into the working directory first (the text overlay, the segment list). */
  files: Record<string, string>;
  expectedDurationSeconds: number;
  frame: FrameSize;
}

export interface SegmentRun {
  args: string[];
  startFrame: number;
  endFrame: number;
  expectedDurationSeconds: number;
}

export const SEGMENT_LIST_FILE_NAME = 'segments.txt';
export const AUDIO_FILE_NAME = 'audio.m4a';
/** Below this length per segment a process's start-up and the repeated filtering eat the gain. */
export const MIN_SEGMENT_SECONDS = 5;
/**
 * A later segment also filters every frame before its own (trim drops them after the graph):
 * filtering costs about this fraction of encoding a frame, so later segments are made shorter.
 */
const FILTER_COST_PER_ENCODED_FRAME = 0.3;

/** How many segments a render of this length gets: at most `wanted`, each at least MIN_SEGMENT_SECONDS. */
export function segmentCountFor(durationSeconds: number, wanted: number): number {
  return Math.max(1, Math.min(Math.floor(wanted), Math.floor(durationSeconds / MIN_SEGMENT_SECONDS)));
}

/**
 * Frame boundaries [0, b1, …, total] giving every segment the same work: segment j encodes its
 * own frames and filters all frames up to its end, (b_j − b_{j−1}) + α·b_j equal for all j.
 */
export function segmentBoundaries(totalFrames: number, count: number, filterCost = FILTER_COST_PER_ENCODED_FRAME): number[] {
  const raw = [0];
  for (let j = 1; j <= count; j++) raw.push((1 + raw[j - 1]!) / (1 + filterCost));
  const scale = totalFrames / raw[count]!;
  const bounds = raw.map((b) => Math.round(b * scale));
  bounds[count] = totalFrames;
  return bounds;
}

/** Timeline → segment runs, an audio run and the join. Pure. */
export function compileTimelineSegments(
  timeline: Timeline,
  output: RenderOutput,
  segmentCount: number,
  options: CompileOptions & { cores?: number } = {},
): SegmentedRender {
  // x264's own default (1.5 threads a core, per process) oversubscribes the machine once several
  // processes encode at once: a core's share and one more measured 3 % faster on 2 cores.
  const encoderThreads = options.cores ? ['-threads', String(Math.max(1, Math.floor(options.cores / segmentCount)) + 1)] : [];
  if (!(segmentCount >= 1)) throw new RangeError(`segment count must be at least 1, not ${segmentCount}`);
  const videoRuns: SegmentRun[] = [];
  let whole: { bounds: number[]; files: Record<string, string>; durationSeconds: number; frame: FrameSize } | undefined;
  for (let j = 0; j < segmentCount; j++) {
    const g = new FilterGraphBuilder();
    const video = addTimelineVideo(g, timeline, output, options);
    whole ??= { bounds: segmentBoundaries(video.totalFrames, segmentCount), files: video.files, durationSeconds: video.durationSeconds, frame: video.frame };
    const [startFrame, endFrame] = [whole.bounds[j]!, whole.bounds[j + 1]!];
    const segment = g.label('seg');
    const thumbnail = g.label('thumb');
    const at = video.thumbnailFrame - startFrame;
    const wantsThumbnail = output.thumbnailPath !== undefined && at >= 0 && video.thumbnailFrame < endFrame;
    // Trimmed before the text overlay, keeping the timestamps it is timed by: dropped frames cost
    // no text drawing; the timestamps start at zero after it.
    chainWithThumbnail(
      g,
      video.label,
      [`trim=start_frame=${startFrame}:end_frame=${endFrame}`, ...video.tail],
      ['setpts=PTS-STARTPTS'],
      segment,
      wantsThumbnail ? { frameIndex: at, label: thumbnail } : undefined,
    );
    const seconds = (endFrame - startFrame) / FPS;
    videoRuns.push({
      args: [
        ...g.inputArguments(),
        '-filter_complex',
        g.graph(),
        '-map',
        segment,
        ...videoEncoderArgs(output),
        ...encoderThreads,
        '-an',
        '-t',
        num(seconds),
        segmentFileName(j),
        ...(wantsThumbnail ? thumbnailOutputArgs(thumbnail, output.thumbnailPath!) : []),
      ],
      startFrame,
      endFrame,
      expectedDurationSeconds: seconds,
    });
  }
  const { files: overlayFiles, durationSeconds, frame } = whole!;

  const a = new FilterGraphBuilder();
  const audio = addAudioMix(a, timeline, durationSeconds, options.audioLevels, ENCODING[output.quality].audio);
  const audioRun = {
    args: [...a.inputArguments(), '-filter_complex', a.graph(), '-map', audio, ...audioEncoderArgs(output), '-t', num(durationSeconds), AUDIO_FILE_NAME],
  };

  const files = {
    ...overlayFiles,
    // Each piece's exact length places the next one on the frame grid.
    [SEGMENT_LIST_FILE_NAME]: ffconcatList(videoRuns.map((run, j) => ({ path: segmentFileName(j), durationSeconds: run.expectedDurationSeconds }))),
  };
  return {
    videoRuns,
    audioRun,
    joinArgs: segmentJoinArgs({ listPath: SEGMENT_LIST_FILE_NAME, audioPath: AUDIO_FILE_NAME, copyAudio: true, durationSeconds, output: output.videoPath }),
    files,
    expectedDurationSeconds: durationSeconds,
    frame,
  };
}

function segmentFileName(index: number): string {
  return `segment-${index}.mp4`;
}
