import { ProgressParser } from './progress.js';
import { spawnTool } from './spawn-tool.js';
import type { RunFfmpegOptions } from './types.js';

export const FFMPEG_BIN = process.env.FFMPEG_PATH ?? 'ffmpeg';
export const FFPROBE_BIN = process.env.FFPROBE_PATH ?? 'ffprobe';

/**
 * Runs ffmpeg with the given arguments (inputs, filters, outputs). Progress comes from
 * `-progress pipe:1`, so the arguments must not write media to stdout.
 */
export async function runFfmpeg(args: string[], opts: RunFfmpegOptions = {}): Promise<void> {
  const parser = opts.onProgress ? new ProgressParser(opts.expectedDurationSeconds, opts.onProgress) : undefined;
  await spawnTool(FFMPEG_BIN, ['-hide_banner', '-nostdin', '-y', '-nostats', '-progress', 'pipe:1', ...args], {
    signal: opts.signal,
    cwd: opts.cwd,
    onStdout: parser ? (chunk) => parser.push(chunk.toString('utf8')) : undefined,
  });
}

/** Runs ffmpeg and returns what it wrote to stdout (for raw frames or PCM). */
export async function runFfmpegCapture(
  args: string[],
  opts: { signal?: AbortSignal; cwd?: string } = {},
): Promise<Buffer> {
  const { stdout } = await spawnTool(FFMPEG_BIN, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
    ...opts,
    collectStdout: true,
  });
  return stdout;
}
