import { mkdir } from 'node:fs/promises';
import type { AdAnalysis } from '../../../domain/ad-clone/ad-analysis.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import type { TextRecognizer } from '../../../engines/ocr/port.js';
import type { Transcriber } from '../../../engines/transcribe/port.js';
import { TaskFailure } from '../../../core/errors.js';
import { OcrError } from '../../../engines/ocr/port.js';
import { TranscriptionError, type Transcript, type TranscriptionRequest } from '../../../engines/transcribe/port.js';
import { measureEnergy } from './audio-energy.js';
import { scriptPatternOf } from './script-pattern.js';
import { captionLookOf, withRoles } from './caption-look.js';
import { readShotTexts } from './screen-text.js';
import { detectShots, pacingOf } from './shot-cuts.js';

export interface AnalysisDeps {
  ffmpeg: FfmpegEngine;
  ocr: TextRecognizer;
  transcriber: Transcriber;
}

export interface AnalysisRequest {
  videoPath: string;
  workDir: string;
  /** ISO 639-1 of the speech, when known; the built-in recognisers hear English only. */
  language?: string;
  signal?: AbortSignal;
  onProgress?: (fraction0to1: number) => void;
}

/**
 * The reference ad analysed: shots (cuts and crossfades, `shot-boundaries.ts`), pacing, on-screen text and the caption look
 * (Tesseract on each shot's middle frame), the spoken script (the Transcriber port) and its
 * pattern, the sound's energy. Pure steps over engine calls; each is unit-tested on its own.
 */
export async function analyseReference(deps: AnalysisDeps, req: AnalysisRequest): Promise<AdAnalysis> {
  const progress = req.onProgress ?? (() => {});
  const probe = await deps.ffmpeg.probe(req.videoPath, { signal: req.signal });
  if (!probe.video) throw new TaskFailure('The reference video has no picture; send a video ad as video_url.');
  const durationSeconds = probe.durationSeconds;
  await mkdir(req.workDir, { recursive: true });
  // The recogniser reads only the sound, the shot and text steps only the picture: they run side
  // by side (the recogniser is the longest step with the built-in engines).
  // One step failing stops the other (its process is killed) instead of leaving it running.
  const stop = new AbortController();
  const signal = req.signal ? AbortSignal.any([req.signal, stop.signal]) : stop.signal;
  let pictureShare = 0,
    soundShare = probe.audio ? 0 : 1;
  const report = () => progress(0.9 * (0.5 * pictureShare + 0.5 * soundShare));
  const picture = (async () => {
    const shots = await detectShots(deps.ffmpeg, req.videoPath, durationSeconds, { workDir: req.workDir, signal });
    pictureShare = 0.3;
    report();
    const texts = await readShotTexts(
      { ffmpeg: deps.ffmpeg, ocr: deps.ocr },
      {
        videoPath: req.videoPath,
        shots,
        workDir: req.workDir,
        signal,
        onProgress: (f) => {
          pictureShare = 0.3 + 0.7 * f;
          report();
        },
      },
    );
    return { shots, texts };
  })();
  const sound = probe.audio
    ? transcribed(deps.transcriber, {
        mediaPath: req.videoPath,
        ...(req.language ? { language: req.language } : {}),
        signal,
        onProgress: (f) => {
          soundShare = f;
          report();
        },
      })
    : Promise.resolve(null);
  const [{ shots, texts }, transcript] = await Promise.all([picture, sound]).catch((err: unknown) => {
    stop.abort(err);
    // The engines' own failures, in words a person can act on; a recogniser's passing failure is retried.
    if (err instanceof OcrError)
      throw new TaskFailure(`The on-screen text of the reference could not be read (${err.message}); the operator must install tesseract-ocr.`, true);
    throw err;
  });
  const words = transcript?.words ?? [];
  // The captions are known by what is said: roles wait for both halves.
  const roled = withRoles(
    texts,
    words.map((w) => w.word),
  );
  const energy = await measureEnergy(deps.ffmpeg, req.videoPath, probe.audio !== undefined, words, req.signal);
  progress(1);
  return {
    durationSeconds: Math.round(durationSeconds * 1000) / 1000,
    widthPx: probe.video.width,
    heightPx: probe.video.height,
    shots,
    pacing: pacingOf(shots, durationSeconds),
    texts: roled,
    captionLook: captionLookOf(roled, shots.length),
    transcript: transcript
      ? {
          text: transcript.text,
          language: transcript.language,
          engine: transcript.engine,
          words: words.map((w) => ({ word: w.word, startSeconds: w.startSeconds, endSeconds: w.endSeconds })),
        }
      : null,
    script: scriptPatternOf(words),
    energy,
  };
}

async function transcribed(transcriber: Transcriber, req: TranscriptionRequest): Promise<Transcript> {
  try {
    return await transcriber.transcribe(req);
  } catch (err) {
    if (err instanceof TranscriptionError) throw new TaskFailure(`The reference's speech could not be transcribed: ${err.message}`, !err.permanent);
    throw err;
  }
}
