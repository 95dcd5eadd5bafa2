import type { FilterGraph } from './filter-graph.js';
import { easeInOutExpr, easeOutExpr, frameTimeExpr, holdFrameFilter, lerpExpr, num, perspectiveViewFilter, progressExpr } from './motion-expressions.js';

/**
 * Product display shots as filter graphs over a staged scene's layers (each a PNG decoded once and
 * held): the moving parts are `perspective` warps (subpixel), `overlay`/`scale`/`crop` with
 * per-frame expressions, and `fade` on alpha. Nothing is drawn per frame in JavaScript.
 */

export const DISPLAY_SHOT_KINDS = ['orbit-parallax', 'push-in', 'light-sweep', 'turntable', 'reveal-slide'] as const;
export type DisplayShotKind = (typeof DISPLAY_SHOT_KINDS)[number];

export interface LayerBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DisplayLayerInputs {
  widthPx: number;
  heightPx: number;
  /** The scene alone, opaque, frame size. */
  backgroundPng: string;
  /** Contact shadow / reflection, frame size with alpha; null when the scene has none. */
  shadowPng: string | null;
  /** The cut-out product, its box's size with alpha, and where it stands in the frame. */
  product: { png: string; box: LayerBox };
  /** Other cut-outs that stay in place (a second view, a presenter), drawn over the scene. */
  extras: { png: string; box: LayerBox }[];
  /** The finished still (for shots that move the whole picture). */
  compositePng: string;
}

export interface DisplayShot {
  kind: DisplayShotKind;
  durationSeconds: number;
  /** Which way the camera swings, the light travels, or the product arrives from. */
  direction: 1 | -1;
  /** Scales travel and zoom, about 0.6–1.4 (seeded, so variations differ visibly). */
  amount: number;
  /** reveal-slide: rise from below instead of arriving from the side. */
  fromBelow?: boolean;
  /** turntable: whole turns during the shot. */
  turns?: number;
}

export interface ShotContext {
  graph: FilterGraph;
  layers: DisplayLayerInputs;
  fps: number;
  shot: DisplayShot;
  frames: number;
}

const T = 't';

/** Frames of a shot at a rate (at least one). */
export function shotFrames(durationSeconds: number, fps: number): number {
  return Math.max(1, Math.round(durationSeconds * fps));
}

function productCentre(layers: DisplayLayerInputs): { x: number; y: number } {
  const b = layers.product.box;
  return { x: (b.x + b.width / 2) / layers.widthPx, y: (b.y + b.height / 2) / layers.heightPx };
}

/** The scene without the product: background plus the cut-outs that stay put, still one frame. */
function sceneStill(ctx: ShotContext): string {
  const { graph, layers } = ctx;
  let scene = graph.chain(graph.input(layers.backgroundPng), 'format=yuv420p', 'scene');
  for (const extra of layers.extras) {
    const layer = graph.chain(graph.input(extra.png), 'format=yuva420p', 'extra');
    scene = graph.chain([scene, layer], `overlay=x=${extra.box.x}:y=${extra.box.y}:format=yuv420`, 'scene');
  }
  return scene;
}

function held(ctx: ShotContext, still: string, extra: string[] = []): string {
  return ctx.graph.chain(still, [holdFrameFilter(ctx.frames, ctx.fps), ...extra], 'held');
}

function productStill(ctx: ShotContext, extraFilters: string[] = []): string {
  return ctx.graph.chain(ctx.graph.input(ctx.layers.product.png), ['format=yuva420p', ...extraFilters], 'product');
}

/** Slow eased zoom into the product on the finished still; the product drifts a little toward the centre. */
export function pushInShot(ctx: ShotContext): string {
  const { graph, layers, shot, fps } = ctx;
  const c = productCentre(layers);
  const e = easeInOutExpr(progressExpr(frameTimeExpr(fps), 0, shot.durationSeconds));
  const zoomTo = 1 + 0.14 * shot.amount;
  const still = graph.chain(graph.input(layers.compositePng), 'format=yuv420p', 'comp');
  return held(ctx, still, [
    perspectiveViewFilter(
      {
        zoom: lerpExpr(1, zoomTo, e),
        anchorX: c.x,
        anchorY: c.y,
        atX: lerpExpr(c.x, c.x + (0.5 - c.x) * 0.35, e),
        atY: lerpExpr(c.y, c.y + (0.5 - c.y) * 0.35, e),
        cover: true,
      },
      { interpolation: 'linear' },
    ),
  ]);
}

/**
 * A 2.5D camera arc: the scene slides one way with a keystone swing, the product (and its
 * shadow) the other way, a little larger as the camera comes round: parallax between depths.
 */
export function orbitParallaxShot(ctx: ShotContext): string {
  const { graph, layers, shot, fps } = ctx;
  const { widthPx: W, heightPx: H } = layers;
  const box = layers.product.box;
  // -1 → +1 over the shot, eased; written on `perspective`'s frame clock or on `t`.
  const swingAt = (time: string) => `(2*${easeInOutExpr(progressExpr(time, 0, shot.durationSeconds))}-1)`;
  const swing = swingAt(frameTimeExpr(fps));
  const d = shot.direction;
  const sceneTravel = 0.035 * shot.amount;
  const sceneZoom = 1.1 + 0.02 * shot.amount;
  const background = held(ctx, sceneStill(ctx), [
    perspectiveViewFilter(
      {
        zoom: lerpExpr(sceneZoom, sceneZoom + 0.03, `abs(${swing})`),
        anchorX: 0.5,
        anchorY: 0.5,
        atX: `0.5-${num(d * sceneTravel)}*${swing}`,
        atY: '0.5',
        tilt: `${num(d * 0.01 * shot.amount)}*${swing}`,
        cover: true,
      },
      { interpolation: 'linear' },
    ),
  ]);

  const productTravelPx = 0.03 * shot.amount * W;
  let frame = background;
  if (layers.shadowPng) {
    const shadow = held(ctx, graph.chain(graph.input(layers.shadowPng), 'format=yuva420p', 'shadow'));
    frame = graph.chain([frame, shadow], `overlay=x='${num(d * productTravelPx, 2)}*${swingAt(T)}':y=0:eval=frame:format=yuv420`, 'orbit');
  }
  // The product moves inside its own padded canvas, so the warp costs its box, not the frame.
  const margin = Math.ceil(productTravelPx + 0.08 * Math.max(box.width, box.height)) + 4;
  const canvasW = box.width + 2 * margin;
  const canvasH = box.height + 2 * margin;
  const productGrow = 0.05 * shot.amount;
  const product = held(ctx, productStill(ctx, [`pad=${canvasW}:${canvasH}:${margin}:${margin}:color=black@0`]), [
    perspectiveViewFilter(
      {
        zoom: `1+${num(productGrow)}*(1-abs(${swing}))`,
        anchorX: 0.5,
        anchorY: 0.5,
        atX: `0.5+${num((d * productTravelPx) / canvasW, 5)}*${swing}`,
        atY: `0.5-${num((0.012 * H) / canvasH, 5)}*(1-abs(${swing}))`,
        cover: false,
      },
      { interpolation: 'linear' },
    ),
  ]);
  return graph.chain([frame, product], `overlay=x=${box.x - margin}:y=${box.y - margin}:format=yuv420`, 'orbit');
}

/**
 * A soft slanted band of light crossing the product only: the band's brightness is multiplied
 * by the product's alpha, so the scene around it never brightens.
 */
export function lightSweepShot(ctx: ShotContext): string {
  const { graph, layers, shot } = ctx;
  const { width: bw, height: bh } = layers.product.box;
  const box = layers.product.box;
  const base = held(ctx, graph.chain(graph.input(layers.compositePng), 'format=yuv420p', 'comp'));

  // A band canvas three boxes wide; a box-wide window slides over it so the band crosses the box.
  const bandW = 3 * bw;
  const sigma = Math.max(4, 0.16 * bw);
  const slant = 0.3 * bw;
  const bandProfile = `255*0.62*exp(-pow((X-${num(bandW / 2, 1)}+(Y/H-0.5)*${num(slant, 1)})/${num(sigma, 1)},2))`;
  const band = graph.chain(
    graph.input(layers.product.png),
    [`format=gray`, `scale=${bandW}:${bh}`, `geq=lum='${bandProfile}'`, holdFrameFilter(ctx.frames, ctx.fps)],
    'band',
  );
  const start = 0.15 * shot.durationSeconds;
  const length = 0.6 * shot.durationSeconds;
  const e = easeInOutExpr(progressExpr(T, start, length));
  // Window x = 2·bw puts the band just past the box's left edge, 0 just past its right edge.
  const windowX = shot.direction === 1 ? lerpExpr(2 * bw, 0, e) : lerpExpr(0, 2 * bw, e);
  const bandInBox = graph.chain(band, `crop=w=${bw}:h=${bh}:x='${windowX}':y=0`, 'band');
  const alpha = held(ctx, productStill(ctx, ['alphaextract']));
  const mask = graph.chain([bandInBox, alpha], 'blend=all_mode=multiply', 'mask');
  const [maskA, maskB] = [graph.label('mask'), graph.label('mask')];
  graph.chainTo(mask, 'split', `${maskA}${maskB}`);
  const white = graph.chain(maskA, ['lut=c0=255', 'format=yuva420p'], 'glint');
  const glint = graph.chain([white, maskB], 'alphamerge', 'glint');
  return graph.chain([base, glint], `overlay=x=${box.x}:y=${box.y}:format=yuv420`, 'sweep');
}

/**
 * Widest swing of the turntable, either way. The product is a flat photo, cut out: it has no side
 * and no back. A full turn would show it edge-on and then its front mirrored (the logo and the
 * text read backwards); a swing that stays well short of edge-on keeps every frame the product's
 * true front, seen a little from one side and then the other.
 */
export const TURNTABLE_MAX_SWING_DEGREES = 38;
/** The camera's distance, in the product's longer side: sets how much nearer the near edge looks. */
const TURNTABLE_CAMERA_DISTANCE = 2.5;

/**
 * The turntable of a flat cut-out: the product swings on its vertical axis, standing on its
 * bottom edge, as a card on a turning stand is seen: the turned-away half narrower and shorter,
 * the near half taller (a `perspective` warp of the whole cut-out, per frame), a little darker as
 * it turns from the light; its shadow narrows with it. Never edge-on, never mirrored.
 */
export function turntableShot(ctx: ShotContext): string {
  const { graph, layers, shot, fps } = ctx;
  const box = layers.product.box;
  const cx = box.x + box.width / 2;
  const turns = shot.turns ?? 1;
  const swing = (Math.min(TURNTABLE_MAX_SWING_DEGREES, 28 * shot.amount) * Math.PI) / 180;
  // One swing there and back per turn, starting and ending face on.
  const angleAt = (time: string) => `(${num(shot.direction * swing, 5)}*sin(${num(2 * Math.PI * turns, 5)}*${time}/${num(shot.durationSeconds)}))`;
  const angle = angleAt(T);
  let frame = held(ctx, sceneStill(ctx));
  if (layers.shadowPng) {
    const shadow = held(ctx, graph.chain(graph.input(layers.shadowPng), 'format=yuva420p', 'shadow'), [
      `scale=w='max(2,2*trunc(iw*cos(${angle})/2))':h=ih:eval=frame`,
    ]);
    frame = graph.chain([frame, shadow], `overlay=x='${num(cx, 1)}-overlay_w/2':y=0:eval=frame:format=yuv420`, 'turn');
  }
  // The warp happens inside a padded canvas (the near edge grows into the margin), so the overlay
  // stays fixed and the warp costs the product's box, not the frame. The canvas is one plane with
  // the product: its corners are projected (u across from the axis, v down from the product's foot).
  const { width: w, height: h } = box;
  const distance = TURNTABLE_CAMERA_DISTANCE * Math.max(w, h);
  const margin = Math.ceil(0.25 * Math.max(w, h)) + 2;
  const a = angleAt(frameTimeExpr(fps));
  const axisX = margin + w / 2;
  const footY = margin + h;
  const halfCanvas = w / 2 + margin;
  const scaleAt = (u: number) => `(${num(distance, 2)}/(${num(distance, 2)}+${num(u, 2)}*sin(${a})))`;
  const corner = (u: number, v: number) => ({
    x: `'${num(axisX, 2)}+${num(u, 2)}*cos(${a})*${scaleAt(u)}'`,
    y: `'${num(footY, 2)}+${num(v, 2)}*${scaleAt(u)}'`,
  });
  const [topLeft, topRight, bottomLeft, bottomRight] = [
    corner(-halfCanvas, -(h + margin)),
    corner(halfCanvas, -(h + margin)),
    corner(-halfCanvas, margin),
    corner(halfCanvas, margin),
  ];
  const warp = `perspective=${[
    `x0=${topLeft.x}`,
    `y0=${topLeft.y}`,
    `x1=${topRight.x}`,
    `y1=${topRight.y}`,
    `x2=${bottomLeft.x}`,
    `y2=${bottomLeft.y}`,
    `x3=${bottomRight.x}`,
    `y3=${bottomRight.y}`,
    'interpolation=linear',
    'sense=destination',
    'eval=frame',
  ].join(':')}`;
  const product = held(ctx, productStill(ctx, [`pad=${w + 2 * margin}:${h + 2 * margin}:${margin}:${margin}:color=black@0`]), [
    `eq=brightness='-0.35*(1-cos(${angle}))':eval=frame`,
    warp,
  ]);
  return graph.chain([frame, product], `overlay=x=${box.x - margin}:y=${box.y - margin}:format=yuv420`, 'turn');
}

/** The product arrives (from a side or from below), fading in and settling; its shadow follows. */
export function revealSlideShot(ctx: ShotContext): string {
  const { graph, layers, shot } = ctx;
  const box = layers.product.box;
  const D = shot.durationSeconds;
  const slide = 0.5 * D;
  const settle = easeOutExpr(progressExpr(T, 0, slide));
  let frame = held(ctx, sceneStill(ctx));
  if (layers.shadowPng) {
    const shadow = held(ctx, graph.chain(graph.input(layers.shadowPng), 'format=yuva420p', 'shadow'), [
      `fade=t=in:st=${num(0.35 * D, 3)}:d=${num(0.25 * D, 3)}:alpha=1`,
    ]);
    frame = graph.chain([frame, shadow], 'overlay=x=0:y=0:format=yuv420', 'reveal');
  }
  const travelX = shot.fromBelow ? 0 : -shot.direction * 0.3 * shot.amount * layers.widthPx;
  const travelY = shot.fromBelow ? 0.22 * shot.amount * layers.heightPx : 0;
  const x = travelX === 0 ? String(box.x) : `'${num(box.x)}+${num(travelX, 1)}*(1-${settle})'`;
  const y = travelY === 0 ? String(box.y) : `'${num(box.y)}+${num(travelY, 1)}*(1-${settle})'`;
  const product = held(ctx, productStill(ctx), [`fade=t=in:st=0:d=${num(0.32 * D, 3)}:alpha=1`]);
  return graph.chain([frame, product], `overlay=x=${x}:y=${y}:eval=frame:format=yuv420`, 'reveal');
}

export const DISPLAY_SHOT_BUILDERS: Record<DisplayShotKind, (ctx: ShotContext) => string> = {
  'orbit-parallax': orbitParallaxShot,
  'push-in': pushInShot,
  'light-sweep': lightSweepShot,
  turntable: turntableShot,
  'reveal-slide': revealSlideShot,
};
