import { FASTSTART_ARGS, h264Args } from './video-encoders.js';

/** Looks a video can be given, each a plain ffmpeg filter chain (no per-frame JavaScript). */
export const STYLE_FILTERS = ['cinematic', 'vintage', 'noir', 'vivid', 'sketch', 'cartoon', 'dreamy'] as const;
export type StyleFilter = (typeof STYLE_FILTERS)[number];

/**
 * Black bars for a film frame: 2.39:1 scope on wide frames, 1.85:1 on squarer ones (scope bars
 * would eat half of a 4:3 picture), none on portrait frames or ones already that wide.
 */
export function letterboxFilters(widthPx: number, heightPx: number): string[] {
  if (heightPx > widthPx) return [];
  const target = widthPx / heightPx >= 1.5 ? 2.39 : 1.85;
  const bar = Math.floor((heightPx - widthPx / target) / 2);
  if (bar < 2) return [];
  return [`drawbox=x=0:y=0:w=iw:h=${bar}:color=black:t=fill`, `drawbox=x=0:y=ih-${bar}:w=iw:h=${bar}:color=black:t=fill`];
}

/**
 * The filter chain of a look:
 * - cinematic: teal shadows, warm highlights, a touch more contrast, scope letterbox;
 * - vintage: faded film curve, warm cast, moving grain, vignette;
 * - noir: no colour at all, hard contrast, vignette, fine grain;
 * - vivid: saturated and crisp;
 * - sketch: dark pencil edges on paper white;
 * - cartoon: smoothed flat colour (posterised to a few levels) with ink outlines;
 * - dreamy: soft glow (a blurred copy screened over) and lifted blacks.
 */
export function styleFilterChain(style: StyleFilter, size: { widthPx: number; heightPx: number }): string {
  switch (style) {
    case 'cinematic':
      return [
        'colorbalance=rs=-0.06:bs=0.07:rm=-0.02:bm=0.03:rh=0.04:bh=-0.03',
        'eq=contrast=1.12:saturation=1.08:gamma=0.97',
        ...letterboxFilters(size.widthPx, size.heightPx),
      ].join(',');
    case 'vintage':
      return [
        "curves=r='0/0.08 0.5/0.55 1/0.96':g='0/0.05 0.5/0.5 1/0.92':b='0/0.1 0.5/0.43 1/0.82'",
        'eq=saturation=0.8',
        'noise=alls=12:allf=t+u',
        'vignette=angle=PI/5',
      ].join(',');
    case 'noir':
      return ['format=gray', 'eq=contrast=1.35:brightness=-0.03', 'vignette=angle=PI/4', 'noise=alls=8:allf=t', 'format=yuv420p'].join(',');
    case 'vivid':
      return ['eq=saturation=1.6:contrast=1.08', 'unsharp=5:5:0.8:5:5:0'].join(',');
    case 'sketch':
      return ['format=gray', 'gblur=sigma=0.8', 'edgedetect=low=0.06:high=0.18:mode=wires', 'negate', 'format=yuv420p'].join(',');
    case 'cartoon':
      return [
        'split[c0][c1]',
        // Blends run on RGB planes: in YUV, multiply and screen would tint the chroma.
        "[c0]bilateral=sigmaS=6:sigmaR=0.12,format=gbrp,lutrgb=r='trunc(val/48)*48+24':g='trunc(val/48)*48+24':b='trunc(val/48)*48+24'[flat]",
        '[c1]format=gray,edgedetect=low=0.12:high=0.3,negate,format=gbrp[ink]',
        '[flat][ink]blend=all_mode=multiply,format=yuv420p',
      ].join(';');
    case 'dreamy':
      return [
        'format=gbrp,split[d0][d1]',
        '[d1]gblur=sigma=12[glow]',
        '[d0][glow]blend=all_mode=screen:all_opacity=0.5,format=yuv420p,eq=contrast=0.92:saturation=1.1',
      ].join(';');
  }
}

export interface StylizeArgsRequest {
  input: string;
  output: string;
  style: StyleFilter;
  widthPx: number;
  heightPx: number;
  hasAudio: boolean;
}

/** A video given a look; its sound copied as it is. */
export function stylizeArgs(req: StylizeArgsRequest): string[] {
  const chain = styleFilterChain(req.style, { widthPx: req.widthPx, heightPx: req.heightPx });
  return [
    '-i',
    req.input,
    '-filter_complex',
    `[0:v]${chain}[styled]`,
    '-map',
    '[styled]',
    ...(req.hasAudio ? ['-map', '0:a:0', '-c:a', 'copy'] : []),
    ...h264Args({ preset: 'veryfast', crf: 20 }),
    ...FASTSTART_ARGS,
    req.output,
  ];
}
