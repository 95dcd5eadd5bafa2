/** Arguments that read media rather than write it: probing, loudness, PCM for analysis. */

/** ffprobe: every format and stream field, as JSON. */
export function ffprobeArgs(input: string): string[] {
  return ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input];
}

/**
 * EBU R128 loudness of the first audio stream, printed on stderr. The per-frame log is at
 * verbose level so that only the summary is printed (framelog=quiet is broken in 5.1).
 */
export function loudnessArgs(input: string, opts: { maxSeconds?: number } = {}): string[] {
  return [
    ...(opts.maxSeconds ? ['-t', String(opts.maxSeconds)] : []),
    '-i', input, '-map', '0:a:0', '-af', 'ebur128=framelog=verbose', '-f', 'null', '-',
  ];
}

/** The first audio stream as mono signed 16-bit little-endian PCM on stdout, for analysis. */
export function monoPcmArgs(input: string, opts: { sampleRateHz: number; audioFilter?: string; dropVideo?: boolean }): string[] {
  return [
    '-i', input, '-map', '0:a:0',
    ...(opts.dropVideo ? ['-vn'] : []),
    ...(opts.audioFilter ? ['-af', opts.audioFilter] : []),
    '-ac', '1', '-ar', String(opts.sampleRateHz), '-f', 's16le', 'pipe:1',
  ];
}

/** Any audio → 16-bit mono PCM WAV (providers' MP3, users' voice samples). */
export function decodeToWavArgs(input: string, output: string, opts: { sampleRateHz?: number; maxSeconds?: number } = {}): string[] {
  return [
    '-y', '-i', input,
    ...(opts.maxSeconds ? ['-t', String(opts.maxSeconds)] : []),
    '-vn', '-ac', '1',
    ...(opts.sampleRateHz ? ['-ar', String(opts.sampleRateHz)] : []),
    '-c:a', 'pcm_s16le', '-f', 'wav', output,
  ];
}
