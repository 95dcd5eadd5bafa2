import type { PixelBox } from '../../core/raster.js';
import { aacArgs, FASTSTART_ARGS, h264Args, VP9_ALPHA_DECODER_ARGS } from '../../engines/ffmpeg/args/index.js';

export interface TalkingProductArgs {
  /** The staged scene without the presenter, `width × height` PNG. */
  stagePng: string;
  /** The speaking presenter, drawn at `box` size. */
  clip: { path: string; hasAlpha: boolean; chromaKeyColor?: string };
  box: PixelBox;
  voicePath: string;
  width: number;
  height: number;
  durationSeconds: number;
  fps: number;
  output: string;
}

/**
 * The presenter's clip over the staged product, with the voice: one ffmpeg run. A clip with alpha
 * (built-in avatars drawn alone) is laid on the scene as is; one with a key colour is keyed; a
 * photo card is placed whole. Pure.
 */
export function talkingProductArgs(a: TalkingProductArgs): string[] {
  const clipIn = a.clip.hasAlpha ? [...VP9_ALPHA_DECODER_ARGS, '-i', a.clip.path] : ['-i', a.clip.path];
  const key = !a.clip.hasAlpha && a.clip.chromaKeyColor ? `,colorkey=${a.clip.chromaKeyColor.replace('#', '0x')}:0.3:0.1` : '';
  const graph = [
    `[0:v]scale=${a.width}:${a.height},fps=${a.fps},format=yuv420p[stage]`,
    `[1:v]scale=${a.box.width}:${a.box.height}:force_original_aspect_ratio=decrease,format=yuva420p${key}[presenter]`,
    `[stage][presenter]overlay=x=${a.box.x}+(${a.box.width}-overlay_w)/2:y=${a.box.y}+${a.box.height}-overlay_h:shortest=0:eof_action=repeat[v]`,
  ].join(';');
  return [
    '-y',
    '-loop',
    '1',
    '-framerate',
    String(a.fps),
    '-i',
    a.stagePng,
    ...clipIn,
    '-i',
    a.voicePath,
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    '-map',
    '2:a',
    ...h264Args({ preset: 'veryfast', crf: 22 }),
    ...aacArgs({ bitrate: '128k', sampleRateHz: 44100 }),
    '-r',
    String(a.fps),
    '-t',
    a.durationSeconds.toFixed(3),
    ...FASTSTART_ARGS,
    a.output,
  ];
}
