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
  return [...(opts.maxSeconds ? ['-t', String(opts.maxSeconds)] : []), '-i', input, '-map', '0:a:0', '-af', 'ebur128=framelog=verbose', '-f', 'null', '-'];
}

/** The first audio stream as mono signed 16-bit little-endian PCM on stdout, for analysis. */
export function monoPcmArgs(input: string, opts: { sampleRateHz: number; audioFilter?: string; dropVideo?: boolean }): string[] {
  return [
    '-i',
    input,
    '-map',
    '0:a:0',
    ...(opts.dropVideo ? ['-vn'] : []),
    ...(opts.audioFilter ? ['-af', opts.audioFilter] : []),
    '-ac',
    '1',
    '-ar',
    String(opts.sampleRateHz),
    '-f',
    's16le',
    'pipe:1',
  ];
}

/** Any audio → 16-bit mono PCM WAV (providers' MP3, users' voice samples). */
export function decodeToWavArgs(input: string, output: string, opts: { sampleRateHz?: number; maxSeconds?: number } = {}): string[] {
  return [
    '-y',
    '-i',
    input,
    ...(opts.maxSeconds ? ['-t', String(opts.maxSeconds)] : []),
    '-vn',
    '-ac',
    '1',
    ...(opts.sampleRateHz ? ['-ar', String(opts.sampleRateHz)] : []),
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    output,
  ];
}

/**
 * A voice placed in a window as a mono 44.1 kHz WAV: `leadSeconds` of silence before it, silence
 * after it up to `lengthSeconds` (an avatar clip of a scene mouths exactly this).
 */
export function voiceInWindowWavArgs(input: string, window: { leadSeconds: number; lengthSeconds: number }, output: string): string[] {
  const leadMs = Math.round(window.leadSeconds * 1000);
  return ['-y', '-i', input, '-af', `adelay=delays=${leadMs}:all=1,apad`, '-t', window.lengthSeconds.toFixed(3), '-ac', '1', '-ar', '44100', output];
}
