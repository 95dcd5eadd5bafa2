import type { FfmpegEngine } from '../ffmpeg/types.js';
import type { Metrics } from './port.js';

/**
 * The engine with each process's wall time counted (`clipwright_ffmpeg_seconds_total`). Methods
 * it does not know (added later to the port) pass through untimed rather than disappear.
 */
export function meteredFfmpeg(engine: FfmpegEngine, metrics: Metrics): FfmpegEngine {
  const timed =
    <A extends unknown[], R>(call: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = performance.now();
      let failed = true;
      try {
        const out = await fn(...args);
        failed = false;
        return out;
      } finally {
        metrics.ffmpegRan(call, (performance.now() - started) / 1000, failed);
      }
    };
  return {
    ...engine,
    run: timed('run', engine.run.bind(engine)),
    capture: timed('capture', engine.capture.bind(engine)),
    probe: timed('probe', engine.probe.bind(engine)),
    measureLoudness: timed('loudness', engine.measureLoudness.bind(engine)),
  };
}
