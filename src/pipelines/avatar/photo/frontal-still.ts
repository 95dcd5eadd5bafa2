import { join } from 'node:path';
import { FaceNotUsable } from '../../../core/errors.js';
import { BACKGROUND_FACE_WIDTH_RATIO, frontalFaceScore, type DetectedFace, type FaceEngine } from '../../../engines/face/index.js';
import { abortError, frameImageArgs, type FfmpegEngine } from '../../../engines/ffmpeg/index.js';

export interface FrontalStill {
  /** The chosen frame as a PNG. */
  imagePath: string;
  timeSeconds: number;
  face: DetectedFace;
  /** frontalFaceScore × detector confidence, 0..1. */
  score: number;
  /** Frames looked at, with what was found, for logs and tests. */
  sampled: { timeSeconds: number; faceCount: number; score: number }[];
}

/**
 * For an avatar made from a video: looks at `sampleCount` frames spread over it, keeps those with
 * exactly one person, and picks the one whose face is most frontal, level and open-eyed. Frames
 * are written as PNG files (so a phone video's rotation is applied by ffmpeg as people see it).
 * When no frame has exactly one person, throws `FaceNotUsable` with what was found.
 */
export async function chooseFrontalStill(
  engines: { faces: FaceEngine; ffmpeg: FfmpegEngine },
  videoPath: string,
  opts: { workDir: string; sampleCount?: number; signal?: AbortSignal; detector?: 'ssd' | 'tiny' },
): Promise<FrontalStill> {
  const { durationSeconds } = await engines.ffmpeg.probe(videoPath, { signal: opts.signal });
  const count = Math.max(1, opts.sampleCount ?? 8);
  const sampled: FrontalStill['sampled'] = [];
  let best: FrontalStill | null = null;
  let mostFaces = 0;
  for (let i = 0; i < count; i++) {
    if (opts.signal?.aborted) throw abortError(opts.signal);
    const timeSeconds = (durationSeconds * (i + 0.5)) / count;
    const imagePath = join(opts.workDir, `still-${i}.png`);
    await engines.ffmpeg.capture(frameImageArgs({ input: videoPath, atSeconds: timeSeconds, output: imagePath }), { signal: opts.signal });
    const faces = await engines.faces.detect(imagePath, { detector: opts.detector ?? 'ssd', signal: opts.signal });
    const widest = Math.max(0, ...faces.map((f) => f.box.width));
    const people = faces.filter((f) => f.box.width >= widest * BACKGROUND_FACE_WIDTH_RATIO);
    mostFaces = Math.max(mostFaces, people.length);
    const score = people.length === 1 ? frontalFaceScore(people[0]!.landmarks68).score * people[0]!.score : 0;
    sampled.push({ timeSeconds, faceCount: people.length, score });
    if (people.length === 1 && (!best || score > best.score)) {
      best = { imagePath, timeSeconds, face: people[0]!, score, sampled };
    }
  }
  if (best) return best;
  if (mostFaces === 0) throw new FaceNotUsable('no-face', 0, 'no face found in the video');
  throw new FaceNotUsable('several-faces', mostFaces, `found ${mostFaces} faces in the video; use a video with exactly one person`);
}
