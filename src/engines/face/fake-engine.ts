import { abortError } from '../ffmpeg/errors.js';
import type { DetectedFace, DetectOptions, FaceEngine, FaceImageInput } from './port.js';

export interface FakeFaceEngine extends FaceEngine {
  /** Every call, in order. */
  readonly calls: { input: FaceImageInput; opts: DetectOptions }[];
}

export interface FakeFaceOptions {
  /** Faces by file path; inputs not listed (and pixel inputs) get `defaultFaces`. */
  facesByPath?: Record<string, DetectedFace[]>;
  defaultFaces?: DetectedFace[];
  /** Overrides both, e.g. to answer per frame of a video. */
  facesFor?: (input: FaceImageInput, opts: DetectOptions) => DetectedFace[];
}

/** In-memory stand-in: no model is loaded. Descriptors are dropped unless asked for, like the real one. */
export function createFakeFaceEngine(options: FakeFaceOptions = {}): FakeFaceEngine {
  const calls: FakeFaceEngine['calls'] = [];
  return {
    calls,
    async detect(input, opts = {}) {
      if (opts.signal?.aborted) throw abortError(opts.signal);
      calls.push({ input, opts });
      const faces = options.facesFor?.(input, opts) ?? (typeof input === 'string' ? options.facesByPath?.[input] : undefined) ?? options.defaultFaces ?? [];
      return faces
        .filter((f) => f.score >= (opts.minScore ?? 0.5))
        .map((f) => {
          const copy: DetectedFace = { box: { ...f.box }, score: f.score, landmarks68: f.landmarks68.map(([x, y]) => [x, y]) };
          if (opts.withDescriptors && f.descriptor) copy.descriptor = f.descriptor;
          return copy;
        })
        .sort((a, b) => b.score - a.score);
    },
  };
}
