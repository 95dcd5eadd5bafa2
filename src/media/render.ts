import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FfmpegEngine, MediaProbe } from '../engines/ffmpeg/types.js';
import type { AudioLevels } from './audio-mix.js';
import { compileTimeline } from './compile.js';
import type { RenderOutput, Timeline } from './timeline.js';

export interface RenderOptions {
  signal?: AbortSignal;
  /** 0..1 over the whole render. */
  onProgress?: (fraction0to1: number) => void;
  /** Parent for the scratch folder (default: the OS temp folder). */
  scratchDir?: string;
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
 * timeline into one ffmpeg run, runs it in a scratch folder (for the ASS file) and probes the result.
 */
export async function renderTimeline(
  engine: FfmpegEngine,
  timeline: Timeline,
  output: RenderOutput,
  opts: RenderOptions = {},
): Promise<RenderResult> {
  const { signal, onProgress } = opts;
  const [audioLevels, installedFontFamilies] = await Promise.all([
    measureAudioLevels(engine, timeline, signal),
    engine.listFontFamilies(),
  ]);
  onProgress?.(MEASURE_SHARE);

  const compiled = compileTimeline(timeline, output, { audioLevels, installedFontFamilies });
  const scratch = await mkdtemp(join(opts.scratchDir ?? tmpdir(), 'clipwright-render-'));
  try {
    for (const [name, contents] of Object.entries(compiled.files)) await writeFile(join(scratch, name), contents, 'utf8');
    await engine.run(compiled.args, {
      signal,
      cwd: scratch,
      expectedDurationSeconds: compiled.expectedDurationSeconds,
      onProgress: onProgress ? (f) => onProgress(MEASURE_SHARE + f * (1 - MEASURE_SHARE)) : undefined,
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const probe = await engine.probe(output.videoPath, { signal });
  return {
    videoPath: output.videoPath,
    thumbnailPath: output.thumbnailPath,
    durationSeconds: probe.durationSeconds || compiled.expectedDurationSeconds,
    probe,
  };
}

async function measureAudioLevels(engine: FfmpegEngine, timeline: Timeline, signal?: AbortSignal): Promise<AudioLevels> {
  const clips = timeline.voiceover?.clips ?? [];
  const [voiceClipLufs, musicLufs] = await Promise.all([
    mapTwoAtATime(clips, async (clip) => (await engine.measureLoudness(clip.path, { signal })).integratedLufs),
    // A long track's first two minutes say enough about its level.
    timeline.music ? engine.measureLoudness(timeline.music.path, { signal, maxSeconds: 120 }).then((m) => m.integratedLufs) : undefined,
  ]);
  return { voiceClipLufs, musicLufs };
}

/** A video of many scenes has many voice clips: measure two at a time, not one process per clip at once. */
async function mapTwoAtATime<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}
