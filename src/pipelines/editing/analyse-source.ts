/**
 * What an edit needs to know about the source, each from one ffmpeg read: its silences, its shot
 * changes and small frames to find the speaker's face on.
 */
import type { FaceEngine } from '../../engines/face/port.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseSceneChanges, parseSilences, pictureScanArgs, silenceDetectArgs, type TimeSpan } from '../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { FaceSample, Size } from './reframe.js';
import type { StepRun } from '../../core/step-run.js';

/** Shorter quiet stretches are not silences: the pauses inside a phrase. */
const MIN_SILENCE_SECONDS = 0.15;
/** The silence level sits this far under the take's loudness, within the bounds below. */
const SILENCE_UNDER_SPEECH_DB = 24;
const SILENCE_FLOOR_DB = -55;
const SILENCE_CEILING_DB = -30;
/** `scdet` score that starts a new shot (0–100; a cut between two takes scores 20+, a moving speaker under 5). */
const SHOT_CHANGE_SCORE = 12;
const ANALYSIS_WIDTH_PX = 320;
/** Faces are looked for at this width for a 16:9 frame (a face a tenth of a 1080p frame's width is still 48 px here). */
const FACE_SEARCH_WIDTH_PX = 480;
const MAX_FACE_SAMPLES = 150;

/** The silence threshold for a take measured at `integratedLufs`: quiet rooms and loud takes alike. */
export function silenceThresholdDb(integratedLufs: number): number {
  if (!Number.isFinite(integratedLufs)) return SILENCE_FLOOR_DB;
  return Math.round(Math.min(SILENCE_CEILING_DB, Math.max(SILENCE_FLOOR_DB, integratedLufs - SILENCE_UNDER_SPEECH_DB)));
}

export async function findSilences(
  ffmpeg: FfmpegEngine,
  path: string,
  durationSeconds: number,
  signal: AbortSignal,
): Promise<{ silences: TimeSpan[]; noiseDb: number; integratedLufs: number }> {
  const { integratedLufs } = await ffmpeg.measureLoudness(path, { signal });
  const noiseDb = silenceThresholdDb(integratedLufs);
  const out = await ffmpeg.capture(silenceDetectArgs({ input: path, noiseDb, minSilenceSeconds: MIN_SILENCE_SECONDS }), { signal });
  return { silences: parseSilences(out.toString('utf8'), durationSeconds), noiseDb, integratedLufs };
}

/**
 * Shot changes and the most prominent face (largest, then most confident) on frames sampled
 * through the source (about two a second, at most 150), in source pixels, from one decode.
 */
export async function scanPicture(
  deps: { ffmpeg: FfmpegEngine; faces: FaceEngine },
  path: string,
  source: Size & { durationSeconds: number },
  opts: StepRun,
): Promise<{ shotChanges: number[]; samples: FaceSample[] }> {
  const framesPerSecond = Math.min(2, MAX_FACE_SAMPLES / Math.max(1, source.durationSeconds));
  // At most 480×270 worth of pixels a frame whatever the shape (a portrait video is 270×480): 150 frames stay under 80 MB.
  const scale = Math.min(1, Math.sqrt((FACE_SEARCH_WIDTH_PX * FACE_SEARCH_WIDTH_PX * 9) / 16 / (source.width * source.height)));
  const width = Math.max(2, 2 * Math.round((source.width * scale) / 2));
  const height = Math.max(2, 2 * Math.round((source.height * scale) / 2));
  const shotsFile = 'shots.txt';
  const raw = await deps.ffmpeg.capture(
    pictureScanArgs({
      input: path,
      threshold: SHOT_CHANGE_SCORE,
      analysisWidth: ANALYSIS_WIDTH_PX,
      shotsFile,
      framesPerSecond,
      width,
      height,
    }),
    { signal: opts.signal, cwd: opts.workDir },
  );
  const shotChanges = parseSceneChanges(await readFile(join(opts.workDir, shotsFile), 'utf8').catch(() => ''));
  const frameBytes = width * height * 4;
  const count = Math.floor(raw.length / frameBytes);
  const toSource = source.width / width;
  const samples: FaceSample[] = [];
  for (let k = 0; k < count; k++) {
    const data = new Uint8Array(raw.buffer, raw.byteOffset + k * frameBytes, frameBytes);
    const faces = await deps.faces.detect({ width, height, data }, { detector: 'tiny', minScore: 0.4, signal: opts.signal });
    const best = [...faces].sort((a, b) => b.box.height - a.box.height || b.score - a.score)[0];
    samples.push({
      atSeconds: k / framesPerSecond,
      face: best
        ? { cx: (best.box.x + best.box.width / 2) * toSource, cy: (best.box.y + best.box.height / 2) * toSource, height: best.box.height * toSource }
        : null,
    });
    opts.onProgress((k + 1) / count);
  }
  return { shotChanges, samples };
}
