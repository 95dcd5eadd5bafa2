import { seconds } from './global.js';

/** Height the shot detector looks at: cuts are changes of the whole picture, detail does not help. */
export const SCENE_ANALYSIS_HEIGHT_PX = 160;

/**
 * `pipe:1` as a filter option inside a filter graph: the colon escaped once for the option parser
 * and once more for the graph parser (a device path such as /dev/stdout fails on a socket).
 */
const STDOUT_IN_FILTER = 'pipe\\\\:1';

/**
 * Per-frame scene-change scores of a video on stdout (`capture`): ffmpeg's `scdet` on RGB planes
 * (on luma alone two colours of equal brightness look the same), printed by `metadata` as
 * `frame:N pts:… pts_time:T` followed by `lavfi.scd.score=S` (0–100). Thresholding is left to the
 * caller (`pipelines/ad-clone/analysis/shot-cuts.ts`), so it is tested without ffmpeg.
 */
export function sceneScoreArgs(input: string, opts: { heightPx?: number; maxSeconds?: number } = {}): string[] {
  return [
    // The deblocking filter only smooths block edges, which a 160 px picture cannot show; skipping
    // it takes about 40 % off decoding H.264/HEVC (other decoders ignore the option).
    '-skip_loop_filter',
    'all',
    '-i',
    input,
    ...(opts.maxSeconds !== undefined ? ['-t', seconds(opts.maxSeconds)] : []),
    '-an',
    '-sn',
    '-dn',
    '-vf',
    `scale=-2:${opts.heightPx ?? SCENE_ANALYSIS_HEIGHT_PX},format=gbrp,scdet=threshold=100,metadata=mode=print:file=${STDOUT_IN_FILTER}`,
    '-f',
    'null',
    '-',
  ];
}

/**
 * One frame at `atSeconds` as two PNGs scaled to `heightPx` tall (width following the aspect,
 * even): in colour (`output`, for the letters' colour) and in grey (`grayOutput`, for OCR, which
 * misses light letters on dark, outlined captions in colour). OCR reads text best at 20 px or
 * more per line, so small references are scaled up.
 */
export function ocrFrameArgs(req: { input: string; atSeconds: number; heightPx: number; output: string; grayOutput: string }): string[] {
  return [
    '-y',
    '-ss',
    seconds(req.atSeconds),
    '-i',
    req.input,
    '-filter_complex',
    `[0:v]scale=-2:${req.heightPx}:flags=lanczos,format=rgb24,split[colour][g];[g]format=gray[gray]`,
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
  ];
}
