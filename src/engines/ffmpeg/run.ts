import { CAPTURE_PREFIX_ARGS, RUN_PREFIX_ARGS, STDERR_REPORT_PREFIX_ARGS } from './args/global.js';
import { guardInputs, inputGuardArgs } from './args/input-guard.js';
import { ProgressParser } from './progress.js';
import { spawnTool } from './spawn-tool.js';
import type { RunFfmpegOptions } from './types.js';

/**
 * Which executables to start. The service passes what configuration says (`FFMPEG_PATH`,
 * `FFPROBE_PATH`, read in `app/config.ts`) into `createFfmpegEngine`; these defaults (found on
 * PATH) serve tests and benchmarks that call the functions below directly.
 */
export interface FfmpegBinaries {
  ffmpegPath: string;
  ffprobePath: string;
}

export const DEFAULT_FFMPEG_BINARIES: FfmpegBinaries = { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' };

/**
 * Runs ffmpeg with the given arguments (inputs, filters, outputs). Progress comes from
 * `-progress pipe:1`, so the arguments must not write media to stdout. Every run below limits
 * each input to local files of self-contained media (`guardInputs`): callers cannot forget it.
 */
export async function runFfmpeg(args: string[], opts: RunFfmpegOptions = {}, bin: FfmpegBinaries = DEFAULT_FFMPEG_BINARIES): Promise<void> {
  const parser = opts.onProgress ? new ProgressParser(opts.expectedDurationSeconds, opts.onProgress) : undefined;
  await spawnTool(bin.ffmpegPath, [...RUN_PREFIX_ARGS, ...guardInputs(args)], {
    signal: opts.signal,
    cwd: opts.cwd,
    onStdout: parser ? (chunk) => parser.push(chunk.toString('utf8')) : undefined,
  });
}

/** Runs ffmpeg and returns what it wrote to stdout (for raw frames or PCM). */
export async function runFfmpegCapture(
  args: string[],
  opts: { signal?: AbortSignal; cwd?: string } = {},
  bin: FfmpegBinaries = DEFAULT_FFMPEG_BINARIES,
): Promise<Buffer> {
  const { stdout } = await spawnTool(bin.ffmpegPath, [...CAPTURE_PREFIX_ARGS, ...guardInputs(args)], {
    ...opts,
    collectStdout: true,
  });
  return stdout;
}

/** Runs ffmpeg and returns all it wrote to stderr (for filters that report there, such as ebur128). */
export async function runFfmpegForStderr(args: string[], opts: { signal?: AbortSignal } = {}, bin: FfmpegBinaries = DEFAULT_FFMPEG_BINARIES): Promise<string> {
  const { stderr } = await spawnTool(bin.ffmpegPath, [...STDERR_REPORT_PREFIX_ARGS, ...guardInputs(args)], { signal: opts.signal, collectStderr: true });
  return stderr;
}

/** Runs ffprobe and returns its stdout; its one input is guarded like ffmpeg's. */
export async function runFfprobe(args: string[], opts: { signal?: AbortSignal } = {}, bin: FfmpegBinaries = DEFAULT_FFMPEG_BINARIES): Promise<string> {
  const { stdout } = await spawnTool(bin.ffprobePath, [...inputGuardArgs(), ...args], { signal: opts.signal, collectStdout: true });
  return stdout.toString('utf8');
}
