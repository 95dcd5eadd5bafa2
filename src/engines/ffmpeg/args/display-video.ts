import { DISPLAY_SHOT_BUILDERS, shotFrames, type DisplayLayerInputs, type DisplayShot } from './display-shots.js';
import { FilterGraph } from './filter-graph.js';
import { num } from './motion-expressions.js';
import { FASTSTART_ARGS, aacArgs, h264Args } from './video-encoders.js';

export interface DisplayVideoArgsRequest {
  layers: DisplayLayerInputs;
  /** In order; each shot's length includes the crossfade it shares with the next. */
  shots: DisplayShot[];
  fps: number;
  crossfadeSeconds: number;
  /** The video's exact length (frames = round(duration × fps)). */
  durationSeconds: number;
  /** Music under the shots: looped if short, trimmed and faded to the video's length. */
  audioPath?: string;
  outputPath: string;
  /** x264 speed preset and quality (default veryfast / 20: clean product edges, 1080p in seconds). */
  preset?: string;
  crf?: number;
}

/** The music bed: looped, cut to the video, faded in and out so it neither clicks nor stops dead. */
export function musicBedFilter(durationSeconds: number): string {
  const fadeOut = Math.min(1.5, durationSeconds / 4);
  return [
    'aresample=44100',
    'apad',
    `atrim=end=${num(durationSeconds, 3)}`,
    'asetpts=PTS-STARTPTS',
    `afade=t=in:st=0:d=${num(Math.min(0.5, durationSeconds / 8), 3)}`,
    `afade=t=out:st=${num(durationSeconds - fadeOut, 3)}:d=${num(fadeOut, 3)}`,
  ].join(',');
}

/**
 * One ffmpeg run for a whole display video: every shot's graph, joined by crossfades (`xfade`),
 * with the music bed, encoded to H.264/AAC MP4.
 */
export function displayVideoArgs(req: DisplayVideoArgsRequest): string[] {
  if (req.shots.length === 0) throw new Error('a display video needs at least one shot');
  const graph = new FilterGraph();
  const outputs = req.shots.map((shot) =>
    DISPLAY_SHOT_BUILDERS[shot.kind]({ graph, layers: req.layers, fps: req.fps, shot, frames: shotFrames(shot.durationSeconds, req.fps) }),
  );
  let video = outputs[0]!;
  let offsetSeconds = 0;
  for (let i = 1; i < outputs.length; i++) {
    offsetSeconds += shotFrames(req.shots[i - 1]!.durationSeconds, req.fps) / req.fps - req.crossfadeSeconds;
    video = graph.chain([video, outputs[i]!], `xfade=transition=fade:duration=${num(req.crossfadeSeconds, 3)}:offset=${num(offsetSeconds, 3)}`, 'cut');
  }
  const finalVideo = graph.chain(video, 'format=yuv420p', 'out');
  let audio: string | undefined;
  if (req.audioPath) {
    audio = graph.chain(graph.input(req.audioPath, ['-stream_loop', '-1'], 'a'), musicBedFilter(req.durationSeconds), 'music');
  }
  const totalFrames = Math.round(req.durationSeconds * req.fps);
  return [
    ...graph.inputArgs(),
    '-filter_complex',
    graph.filterComplex(),
    '-map',
    finalVideo,
    ...(audio ? ['-map', audio] : []),
    '-frames:v',
    String(totalFrames),
    '-r',
    String(req.fps),
    ...h264Args({ preset: req.preset ?? 'veryfast', crf: req.crf ?? 20 }),
    ...(audio ? [...aacArgs({ bitrate: '160k' }), '-t', num(req.durationSeconds, 3)] : []),
    ...FASTSTART_ARGS,
    req.outputPath,
  ];
}
