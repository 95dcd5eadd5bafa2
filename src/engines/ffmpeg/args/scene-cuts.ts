import { seconds } from './global.js';

/** Side of the square thumbnail the shot detector compares: cuts change the whole picture, detail does not help. */
export const SHOT_THUMBNAIL_PX = 32;
/** What a frame's presentation times are written to, in the capture's working folder (`cwd`). */
export const SHOT_TIMES_FILE = 'shot-times.txt';

/**
 * Every frame of a video as a `SHOT_THUMBNAIL_PX`² RGB thumbnail on stdout (`capture`, raw, one
 * after another), and each frame's time in `SHOT_TIMES_FILE` in the capture's `cwd` (`metadata`
 * prints `frame:N pts:… pts_time:T` for every frame that carries metadata, which `scdet` gives
 * each; a variable frame rate keeps its true times). The picture is first shrunk to 128² and
 * blurred, so the thumbnail does not alias: fine stripes panned by whole pixels would otherwise
 * flicker like cuts. The detector itself is `pipelines/ad-clone/analysis/shot-boundaries.ts`.
 */
export function shotFramesArgs(input: string, opts: { maxSeconds?: number } = {}): string[] {
  const side = SHOT_THUMBNAIL_PX;
  return [
    // The deblocking filter only smooths block edges, which a thumbnail cannot show; skipping it
    // takes about 40 % off decoding H.264/HEVC (other decoders ignore the option).
    '-skip_loop_filter',
    'all',
    '-i',
    input,
    ...(opts.maxSeconds !== undefined ? ['-t', seconds(opts.maxSeconds)] : []),
    '-an',
    '-sn',
    '-dn',
    '-filter_complex',
    `[0:v]scale=128:128:flags=area,gblur=sigma=1.5,scale=${side}:${side}:flags=area,format=rgb24,split[frames][timed];` +
      `[timed]scdet=threshold=100,metadata=mode=print:file=${SHOT_TIMES_FILE}[times]`,
    '-map',
    '[frames]',
    '-f',
    'rawvideo',
    'pipe:1',
    '-map',
    '[times]',
    '-f',
    'null',
    '-',
  ];
}

/**
 * One frame at `atSeconds` as PNGs scaled to `heightPx` tall (width following the aspect, even):
 * in colour (`output`, for the letters' colour and rows) and two greys for OCR, which reads each
 * kind of caption better in one of them: `grayOutput`, the plain luma, and `contrastOutput`, each
 * pixel against the mean of its surroundings, lightly blurred (yellow on gold or white on pale
 * grey are one grey in the first, letters in the second, where the grain is smoothed away). OCR
 * reads text best at 20 px or more per line, so small references are scaled up.
 */
export function ocrFrameArgs(req: {
  input: string;
  atSeconds: number;
  heightPx: number;
  output: string;
  grayOutput: string;
  contrastOutput: string;
}): string[] {
  return [
    '-y',
    '-ss',
    seconds(req.atSeconds),
    '-i',
    req.input,
    '-filter_complex',
    `[0:v]scale=-2:${req.heightPx}:flags=lanczos,format=rgb24,split=3[colour][g][l];[g]format=gray[gray];` +
      '[l]format=gray,split[a][b];[b]gblur=sigma=25[around];[a][around]blend=all_mode=grainextract,normalize=smoothing=0,gblur=sigma=0.8[contrast]',
    '-map',
    '[colour]',
    '-frames:v',
    '1',
    req.output,
    '-map',
    '[gray]',
    '-frames:v',
    '1',
    req.grayOutput,
    '-map',
    '[contrast]',
    '-frames:v',
    '1',
    req.contrastOutput,
  ];
}
