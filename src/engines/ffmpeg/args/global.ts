/**
 * The options every spawn puts in front of a caller's arguments. A long run reports its written
 * time on stdout (`-progress pipe:1`), so its arguments must not write media there; a capture run
 * writes media to stdout and keeps stderr to errors only.
 */
export const RUN_PREFIX_ARGS: readonly string[] = ['-hide_banner', '-nostdin', '-y', '-nostats', '-progress', 'pipe:1'];
export const CAPTURE_PREFIX_ARGS: readonly string[] = ['-hide_banner', '-nostdin', '-loglevel', 'error'];
/** Runs whose result is read from stderr (ebur128 prints its summary there). */
export const STDERR_REPORT_PREFIX_ARGS: readonly string[] = ['-hide_banner', '-nostdin', '-nostats'];

/** Seconds as ffmpeg reads them: millisecond precision, never exponent notation. */
export function seconds(value: number): string {
  return value.toFixed(3);
}
