/** A tool (ffmpeg, ffprobe, fc-list) exited with an error; carries the tail of its stderr. */
export class FfmpegError extends Error {
  override readonly name = 'FfmpegError';
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderrTail: string[],
  ) {
    super(stderrTail.length > 0 ? `${message}\n${stderrTail.join('\n')}` : message);
  }
}

/** The same shape as the DOMException that fetch and timers use, so callers can test `name`. */
export function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  const err = new Error(reason instanceof Error ? reason.message : 'The operation was aborted');
  err.name = 'AbortError';
  return err;
}

export function isAbortError(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError';
}
