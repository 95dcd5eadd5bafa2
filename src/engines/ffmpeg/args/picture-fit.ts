/**
 * How a product picture fills a frame without losing any of it. Cover-cropping a square shot
 * into a 9:16 frame cuts its sides (and any text on it); letterboxing leaves black bars. Here
 * the picture is fitted whole into a safe box over a blurred, darkened copy of itself (a fill
 * whose colours match it), unless its shape already matches the frame within a tolerance, when
 * filling the frame loses at most a sliver. The choice is made by ffmpeg from the decoded size
 * (scale expressions), so the same graph serves stills and clips without probing them first.
 */
export type PictureFitMode =
  /** Crop when the shapes match within the tolerance, otherwise contain over the blurred fill. */
  | 'whole'
  /** Always contain over the blurred fill (never a black bar). */
  | 'contain'
  /** Only the blurred fill: the picture itself is laid over it elsewhere (in a box of a layout). */
  | 'backdrop';

export interface PictureFitRequest {
  mode: PictureFitMode;
  /** The size the filters produce. */
  canvasPx: { width: number; height: number };
  /** The picture stays inside this box, centred on the canvas (room for motion over the canvas). */
  safePx: { width: number; height: number };
  /** Relative difference of shapes still treated as matching (default 0.1). */
  matchTolerance?: number;
}

/** Filters for each branch of a split input: the fill, the picture, and the overlay that joins them (fill first). */
export interface PictureFitFilters {
  backdrop: string[];
  /** Empty for `backdrop`: nothing is laid over the fill. */
  picture: string[];
  overlay: string;
}

export const DEFAULT_SHAPE_TOLERANCE = 0.1;
/** The fill is blurred at this width: a blur there costs nothing, and a smooth upscale finishes it. */
const BACKDROP_WIDTH_PX = 48;

export function pictureFitFilters(req: PictureFitRequest): PictureFitFilters {
  const { canvasPx: c, safePx: s } = req;
  const smallW = BACKDROP_WIDTH_PX;
  const smallH = 2 * Math.max(1, Math.round((smallW * c.height) / c.width / 2));
  const backdrop = [
    `scale=${smallW}:${smallH}:force_original_aspect_ratio=increase`,
    `crop=${smallW}:${smallH}`,
    'format=yuv420p',
    'gblur=sigma=3',
    `scale=${c.width}:${c.height}:flags=bicubic`,
    // Darker and calmer than the picture, so the product stands out from its own fill.
    'eq=brightness=-0.08:saturation=0.8',
    'setsar=1',
  ];
  if (req.mode === 'backdrop') return { backdrop, picture: [], overlay: '' };

  const a = 'iw/ih';
  const canvasRatio = ratio(c.width / c.height);
  const safeRatio = ratio(s.width / s.height);
  const tolerance = Math.log(1 + (req.matchTolerance ?? DEFAULT_SHAPE_TOLERANCE));
  // A negative size keeps the picture's shape (−2: rounded to even), as in `scale=-2:H`.
  const containW = `if(gte(${a},${safeRatio}),${s.width},-2)`;
  const containH = `if(gte(${a},${safeRatio}),-2,${s.height})`;
  const coverW = `if(gte(${a},${canvasRatio}),-2,${c.width})`;
  const coverH = `if(gte(${a},${canvasRatio}),${c.height},-2)`;
  const near = `lt(abs(log(${a}/${canvasRatio})),${ratio(tolerance)})`;
  const [w, h] = req.mode === 'whole' ? [`if(${near},${coverW},${containW})`, `if(${near},${coverH},${containH})`] : [containW, containH];
  const picture = [`scale=w='${w}':h='${h}'`, `crop=w='min(iw,${c.width})':h='min(ih,${c.height})'`, 'setsar=1'];
  return { backdrop, picture, overlay: 'overlay=x=(W-w)/2:y=(H-h)/2' };
}

function ratio(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}
