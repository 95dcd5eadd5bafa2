/**
 * What ffmpeg and ffprobe may open for an input. A client's video, audio or picture reaches them
 * as a local file, but some formats are references rather than media: an HLS playlist names its
 * segments by URL or path, an ffconcat list names other files, and an AVI can hide a playlist in a
 * subtitle chunk. Opened as they come, they would let ffmpeg fetch URLs itself (past the fetcher's
 * address rules) or read other local files, another account's media among them, into a probe or
 * a render. So every input is limited to local files (`-protocol_whitelist`) and to demuxers of
 * self-contained media (`-format_whitelist`); nested opens (a concat entry, an AVI's subtitle)
 * inherit both lists.
 */

/** Local files, and pipes for callers that stream media in. */
export const INPUT_PROTOCOLS = 'file,pipe';

/**
 * Demuxers that read one self-contained file: the containers, audio and picture formats clients
 * send and the service writes. Absent on purpose: hls, dash, concat, imf (they open what they
 * name), the text renderers (tty, bin, xbin…), network and device formats.
 */
export const SELF_CONTAINED_DEMUXERS: readonly string[] = [
  // video containers (mov covers mp4, m4a, 3gp; matroska covers webm)
  'mov',
  'matroska',
  'avi',
  'mpegts',
  'mpeg',
  'flv',
  'asf',
  'ogg',
  // audio
  'mp3',
  'wav',
  'w64',
  'flac',
  'aac',
  'aiff',
  'caf',
  'amr',
  'ac3',
  'eac3',
  'wv',
  // pictures (PAM: the frames the avatar renders draw and list in their own ffconcat files)
  'image2',
  'png_pipe',
  'jpeg_pipe',
  'webp_pipe',
  'gif',
  'gif_pipe',
  'bmp_pipe',
  'tiff_pipe',
  'pam_pipe',
  'ppm_pipe',
];

/**
 * Generated sources open nothing; their graph is the service's own text. Every other input, an
 * explicit `-f` included, gets the guard.
 */
const GENERATED_FORMATS = new Set(['lavfi']);

/**
 * The options that limit one input. An input the service opens with an explicit `-f` (its own
 * ffconcat lists, raw frames it wrote) adds that demuxer; the files a concat list names are still
 * held to self-contained media, so a list can never reach a playlist.
 */
export function inputGuardArgs(explicitFormat?: string): string[] {
  const formats = explicitFormat && !SELF_CONTAINED_DEMUXERS.includes(explicitFormat) ? [explicitFormat, ...SELF_CONTAINED_DEMUXERS] : SELF_CONTAINED_DEMUXERS;
  return ['-protocol_whitelist', INPUT_PROTOCOLS, '-format_whitelist', formats.join(',')];
}

/**
 * An ffmpeg argument list with the guard in front of every `-i`, so no builder can forget it.
 * Options given for an input sit between the previous input and its `-i`; one the caller set
 * itself is kept as it is.
 */
export function guardInputs(args: readonly string[]): string[] {
  const out: string[] = [];
  let format: string | undefined;
  let given = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-i' && i + 1 < args.length) {
      if (!(format && GENERATED_FORMATS.has(format))) {
        const guard = inputGuardArgs(format);
        for (let g = 0; g < guard.length; g += 2) if (!given.has(guard[g]!)) out.push(guard[g]!, guard[g + 1]!);
      }
      out.push(arg, args[++i]!);
      format = undefined;
      given = new Set();
      continue;
    }
    if (arg === '-f' && i + 1 < args.length) format = args[i + 1];
    if (arg === '-protocol_whitelist' || arg === '-format_whitelist') given.add(arg);
    out.push(arg);
  }
  return out;
}
