import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { mapWithConcurrency } from '../core/concurrency.js';
import type { FfmpegEngine, MediaProbe } from '../engines/ffmpeg/types.js';
import type { AudioLevels } from './audio-mix.js';
import { compileTimeline } from './compile.js';
import { compileTimelineSegments, segmentCountFor, type SegmentedRender } from './compile-segments.js';
import { timelineDurationSeconds, type RenderOutput, type Timeline } from './timeline.js';

export interface RenderOptions {
  signal?: AbortSignal;
  /** 0..1 over the whole render. */
  onProgress?: (fraction0to1: number) => void;
  /** Parent for the scratch folder (default: the OS temp folder). */
  scratchDir?: string;
  /** Most ffmpeg processes a full-size render is split into (default: the engine's `renderSegments`, else 1). */
  segments?: number;
  /** Files the timeline names that are still being written (drawn pictures): ffmpeg starts once this settles. */
  inputsReady?: Promise<unknown>;
}

export interface RenderResult {
  videoPath: string;
  thumbnailPath?: string;
  durationSeconds: number;
  probe: MediaProbe;
}

/** Share of the progress bar spent measuring the audio before the main run. */
const MEASURE_SHARE = 0.03;

/**
 * Renders a timeline with the given engine: measures the audio inputs' loudness, compiles the
 * timeline into one ffmpeg run — or, for a full-size render long enough, into time segments run
 * at once and joined (`compile-segments.ts`) — runs it in a scratch folder (for the ASS file) and
 * probes the result.
 */
export async function renderTimeline(engine: FfmpegEngine, timeline: Timeline, asked: RenderOutput, opts: RenderOptions = {}): Promise<RenderResult> {
  const { signal, onProgress } = opts;
  const output = withEnginePreset(engine, asked);
  const [audioLevels, installedFontFamilies] = await Promise.all([measureAudioLevels(engine, timeline, signal), engine.listFontFamilies(), opts.inputsReady]);
  onProgress?.(MEASURE_SHARE);

  const compileOptions = { audioLevels, installedFontFamilies };
  // Previews are small enough that one process is faster than starting several.
  const segments = output.quality === 'render' ? segmentCountFor(timelineDurationSeconds(timeline), opts.segments ?? engine.renderSegments ?? 1) : 1;
  const scratch = await mkdtemp(join(opts.scratchDir ?? tmpdir(), 'clipwright-render-'));
  const progress = onProgress ? (f: number) => onProgress(MEASURE_SHARE + f * (1 - MEASURE_SHARE)) : undefined;
  let expectedDurationSeconds: number;
  try {
    if (segments > 1) {
      const plan = compileTimelineSegments(timeline, output, segments, { ...compileOptions, cores: availableParallelism() });
      await writeFiles(scratch, plan.files);
      await runSegments(engine, plan, scratch, signal, progress);
      expectedDurationSeconds = plan.expectedDurationSeconds;
    } else {
      const compiled = compileTimeline(timeline, output, compileOptions);
      await writeFiles(scratch, compiled.files);
      await engine.run(compiled.args, { signal, cwd: scratch, expectedDurationSeconds: compiled.expectedDurationSeconds, onProgress: progress });
      expectedDurationSeconds = compiled.expectedDurationSeconds;
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const probe = await engine.probe(output.videoPath, { signal });
  return {
    videoPath: output.videoPath,
    thumbnailPath: output.thumbnailPath,
    durationSeconds: probe.durationSeconds || expectedDurationSeconds,
    probe,
  };
}

/** A full-size render without a preset of its own is encoded at the engine's (the operator's `RENDER_PRESET`). */
export function withEnginePreset<T extends Pick<RenderOutput, 'quality' | 'encoderPreset'>>(engine: Pick<FfmpegEngine, 'renderPreset'>, output: T): T {
  return output.quality === 'render' && !output.encoderPreset && engine.renderPreset ? { ...output, encoderPreset: engine.renderPreset } : output;
}

async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, contents] of Object.entries(files)) await writeFile(join(dir, name), contents, 'utf8');
}

/** Share of a segmented render's progress bar left for joining the pieces. */
const JOIN_SHARE = 0.02;

/**
 * Runs every segment and the audio at once, then joins them. The first failure stops the others
 * (their processes are killed) and is what the render fails with.
 */
async function runSegments(
  engine: FfmpegEngine,
  plan: SegmentedRender,
  cwd: string,
  signal: AbortSignal | undefined,
  onProgress?: (f: number) => void,
): Promise<void> {
  const stop = new AbortController();
  const runSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const totalFrames = plan.videoRuns.reduce((sum, run) => sum + run.endFrame - run.startFrame, 0);
  const done = plan.videoRuns.map(() => 0);
  const report = () =>
    onProgress?.(((1 - JOIN_SHARE) * plan.videoRuns.reduce((sum, run, i) => sum + done[i]! * (run.endFrame - run.startFrame), 0)) / totalFrames);
  const failFast = <T>(p: Promise<T>): Promise<T> =>
    p.catch((err: unknown) => {
      stop.abort(err);
      throw err;
    });
  await Promise.all([
    ...plan.videoRuns.map((run, i) =>
      failFast(
        engine.run(run.args, {
          signal: runSignal,
          cwd,
          expectedDurationSeconds: run.expectedDurationSeconds,
          onProgress: (f) => {
            done[i] = f;
            report();
          },
        }),
      ),
    ),
    failFast(engine.run(plan.audioRun.args, { signal: runSignal, cwd })),
  ]);
  await engine.run(plan.joinArgs, { signal, cwd });
  onProgress?.(1);
}

async function measureAudioLevels(engine: FfmpegEngine, timeline: Timeline, signal?: AbortSignal): Promise<AudioLevels> {
  const clips = timeline.voiceover?.clips ?? [];
  const [voiceClipLufs, musicLufs] = await Promise.all([
    // A video of many scenes has many voice clips: two measurements at a time, not one process per clip at once.
    mapWithConcurrency(clips, 2, async (clip) => (await engine.measureLoudness(clip.path, { signal })).integratedLufs),
    // A long track's first two minutes say enough about its level under a voice; music alone is
    // the whole sound, so it is measured over what plays (a track's soft intro is all a short video has).
    timeline.music
      ? engine
          .measureLoudness(timeline.music.path, { signal, maxSeconds: clips.length > 0 ? 120 : Math.min(120, Math.max(1, timelineDurationSeconds(timeline))) })
          .then((m) => m.integratedLufs)
      : undefined,
  ]);
  return { voiceClipLufs, musicLufs };
}
