/**
 * Encoder settings for video files. The service writes two kinds:
 * - MP4 (H.264 + AAC) for everything a client watches;
 * - WebM (VP9 with an alpha plane + Opus) for avatar clips on a transparent background, the only
 *   common format that browsers and ffmpeg both composite with alpha.
 * Quality (CRF or bitrate) and speed preset stay each caller's choice; what is fixed here is how
 * each codec is spelled and the options every use needs.
 */

/** x264's speed presets, fastest first: a faster one writes a larger file of the same quality (CRF). */
export const X264_PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow'] as const;
export type X264Preset = (typeof X264_PRESETS)[number];

/** H.264 in 4:2:0 (the only chroma layout every player decodes). `tune` e.g. `animation` for drawn avatars. */
export function h264Args(opts: { preset: string; crf: number | string; tune?: string }): string[] {
  return ['-c:v', 'libx264', '-preset', opts.preset, ...(opts.tune ? ['-tune', opts.tune] : []), '-crf', String(opts.crf), '-pix_fmt', 'yuv420p'];
}

/**
 * VP9 keeping the alpha plane, encoded for speed (`realtime`, `cpu-used 8`, row threading): these
 * clips are intermediates or previews. Quality is a constant quality (`crf`, with `-b:v 0`) or a
 * target bitrate. `noAltRef` turns off alternate reference frames (the drawn-avatar renderer
 * sets it; the other uses keep libvpx's default, and keep writing what they wrote before).
 */
export function vp9AlphaArgs(opts: { crf: number; noAltRef?: boolean } | { bitrate: string; noAltRef?: boolean }): string[] {
  return [
    '-c:v',
    'libvpx-vp9',
    '-pix_fmt',
    'yuva420p',
    ...(opts.noAltRef ? ['-auto-alt-ref', '0'] : []),
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-row-mt',
    '1',
    ...('crf' in opts ? ['-b:v', '0', '-crf', String(opts.crf)] : ['-b:v', opts.bitrate]),
  ];
}

/** The decoder to name before a WebM input so its alpha plane is read (ffmpeg's native VP9 decoder drops it). */
export const VP9_ALPHA_DECODER_ARGS: readonly string[] = ['-c:v', 'libvpx-vp9'];

/**
 * From this bitrate up, ffmpeg's AAC encoder runs without perceptual noise substitution: a tool for
 * low bitrates that, at 192 kb/s, wrote a 2-sample click of +5.2 dBTP into library music limited
 * at −1.8 dBFS (and overshoots of 1–2 dB elsewhere); at 64 kb/s it is kept (its loss cost a
 * preview's voice 1 dB of true-peak headroom).
 */
const AAC_NO_PNS_FROM_KBPS = 128;

/** AAC for MP4s; rate and channels only when the caller fixes them. */
export function aacArgs(opts: { bitrate: string; sampleRateHz?: number; channels?: number }): string[] {
  const kbps = Number.parseInt(opts.bitrate, 10) * (/m$/i.test(opts.bitrate) ? 1000 : /k$/i.test(opts.bitrate) ? 1 : 0.001);
  return [
    '-c:a',
    'aac',
    ...(kbps >= AAC_NO_PNS_FROM_KBPS ? ['-aac_pns', '0'] : []),
    '-b:a',
    opts.bitrate,
    ...(opts.sampleRateHz ? ['-ar', String(opts.sampleRateHz)] : []),
    ...(opts.channels ? ['-ac', String(opts.channels)] : []),
  ];
}

/** Opus for WebMs. */
export function opusArgs(opts: { bitrate: string }): string[] {
  return ['-c:a', 'libopus', '-b:a', opts.bitrate];
}

/** The MP4 index at the front, so a browser starts playing before the whole file arrived. */
export const FASTSTART_ARGS: readonly string[] = ['-movflags', '+faststart'];
