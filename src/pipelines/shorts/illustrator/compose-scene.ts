import { createCanvas, loadImage, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import { Resvg } from '@resvg/resvg-js';
import type { RgbaImage } from '../../../core/raster.js';
import type { Rng } from '../../../core/random.js';
import { renderBackground } from '../../images/backgrounds/procedural.js';
import { rotateHue, rgba } from '../../images/backgrounds/colour.js';
import { canvasToRgba, encodePng } from '../../images/raster-io.js';
import { iconSvg } from './icon-library.js';
import type { IconStaging, ShortLook } from './short-looks.js';
import { softEllipse, withStops } from '../../images/canvas-paint.js';

type Ctx = SKRSContext2D;

/** Coloured papers torn into strips behind collage cut-outs. */
const COLLAGE_PAPERS = ['#c44536', '#197278', '#e9c46a', '#283d3b'];

/** Where a picture stands, in pixels (centre and size). */
interface Spot {
  x: number;
  y: number;
  size: number;
  angle: number;
}

/** Where a scene's main subject stands, in pixels: its centre and size. */
export type MainSpot = Spot;

/**
 * Draws one scene before its look: the style's backdrop in the scene's colours, the style's
 * staging (floor, gears, moon, paper, blobs), the main picture large in the upper middle (the
 * captions sit low) and the others smaller around it. `reserveMain`: the main spot is left empty
 * for the product, drawn after the look so its colours stay true; `icons` then go around it. With
 * no picture and no product, the main spot carries a neutral emblem in the scene's colours (a
 * sentence that names nothing drawable gets a design, not a guessed picture).
 */
export async function composeScene(req: {
  width: number;
  height: number;
  icons: string[];
  look: ShortLook;
  rng: Rng;
  reserveMain?: boolean;
}): Promise<{ image: RgbaImage; main: MainSpot }> {
  const { width: w, height: h, look, rng } = req;
  const swing = (rng.next() - 0.5) * 2 * look.hueSwingDegrees;
  const colours = look.palette.map((c) => (look.hueSwingDegrees ? rotateHue(c, swing) : c));
  // Backdrops are soft: drawn at half size and scaled up, a quarter of the per-pixel work.
  const backdrop = await renderBackground(look.backdrop, {
    width: Math.ceil(w / 2),
    height: Math.ceil(h / 2),
    seed: Math.floor(rng.next() * 2 ** 31),
    colors: colours,
  });
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(await loadImage(await encodePng(backdrop)), 0, 0, w, h);
  const short = Math.min(w, h);
  const first = req.reserveMain ? 1 : 0;
  const spots = placeSpots(w, h, req.icons.length + first, rng);
  const pictures = await Promise.all(req.icons.map((name, i) => picture(name, Math.round(spots[i + first]!.size))));
  stageBehind(ctx, look.staging, w, h, spots[0]!, colours, rng, short);
  // Small ones first, so the main picture stands in front.
  for (let i = pictures.length - 1; i >= 0; i--) drawPicture(ctx, pictures[i]!, spots[i + first]!, look.staging, i + first === 0, short, colours);
  if (!req.reserveMain && pictures.length === 0) neutralEmblem(ctx, spots[0]!, colours);
  return { image: canvasToRgba(canvas), main: spots[0]! };
}

/** Rings in the scene's colours where a picture would stand: calm, and about nothing in particular. */
function neutralEmblem(ctx: Ctx, at: Spot, colours: string[]): void {
  const r = at.size * 0.42;
  for (let k = 0; k < 4; k++) {
    ctx.beginPath();
    ctx.arc(at.x, at.y, r * (1 - k * 0.22), 0, Math.PI * 2);
    ctx.fillStyle = rgba(colours[k % colours.length] ?? '#ffffff', k === 0 ? 0.35 : 0.6);
    ctx.fill();
  }
  ctx.beginPath();
  ctx.arc(at.x, at.y, r * 0.2, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.fill();
}

async function picture(name: string, sizePx: number): Promise<Image> {
  const png = new Resvg(iconSvg(name, sizePx).svg, { fitTo: { mode: 'width', value: sizePx } }).render().asPng();
  return loadImage(png);
}

/** The main picture in the upper middle; up to three smaller ones around it, placed by the scene's seed. */
function placeSpots(w: number, h: number, count: number, rng: Rng): Spot[] {
  const short = Math.min(w, h);
  const main: Spot = { x: w * (0.5 + (rng.next() - 0.5) * 0.12), y: h * (w < h ? 0.4 : 0.45), size: short * 0.56, angle: (rng.next() - 0.5) * 0.2 };
  const around = [
    { x: 0.2, y: w < h ? 0.18 : 0.25 },
    { x: 0.8, y: w < h ? 0.2 : 0.28 },
    { x: 0.78, y: w < h ? 0.62 : 0.7 },
    { x: 0.22, y: w < h ? 0.6 : 0.72 },
  ];
  const start = rng.int(0, around.length - 1);
  const spots = [main];
  for (let i = 1; i < count; i++) {
    const a = around[(start + i) % around.length]!;
    spots.push({
      x: w * (a.x + (rng.next() - 0.5) * 0.08),
      y: h * (a.y + (rng.next() - 0.5) * 0.06),
      size: short * (0.2 + rng.next() * 0.08),
      angle: (rng.next() - 0.5) * 0.5,
    });
  }
  return spots;
}

function stageBehind(ctx: Ctx, staging: IconStaging, w: number, h: number, main: Spot, colours: string[], rng: Rng, short: number): void {
  switch (staging) {
    case 'depth':
    case 'extruded': {
      // A floor the main picture stands on, with its contact shadow.
      const floor = ctx.createLinearGradient(0, main.y + main.size * 0.3, 0, h);
      floor.addColorStop(0, rgba(colours[2] ?? '#666666', 0.0));
      floor.addColorStop(1, rgba(colours[2] ?? '#666666', 0.55));
      ctx.fillStyle = floor;
      ctx.fillRect(0, main.y + main.size * 0.3, w, h);
      softEllipse(ctx, main.x, main.y + main.size * 0.48, main.size * 0.42, main.size * 0.08, [
        [0, 'rgba(0,0,0,0.35)'],
        [1, 'rgba(0,0,0,0)'],
      ]);
      break;
    }
    case 'spotlit': {
      ctx.fillStyle = withStops(ctx.createRadialGradient(main.x, main.y, main.size * 0.1, main.x, main.y, short * 0.9), [
        [0, 'rgba(255,214,160,0.55)'],
        [1, 'rgba(0,0,0,0)'],
      ]);
      ctx.fillRect(0, 0, w, h);
      break;
    }
    case 'bold': {
      // Sunburst rays behind the main picture.
      ctx.save();
      ctx.translate(main.x, main.y);
      const rays = 14;
      for (let i = 0; i < rays; i++) {
        ctx.rotate((Math.PI * 2) / rays);
        ctx.fillStyle = rgba(colours[i % 2 ? 1 : 3] ?? '#ffffff', 0.35);
        ctx.beginPath();
        ctx.moveTo(0, 0);
        ctx.lineTo(Math.max(w, h), -short * 0.12);
        ctx.lineTo(Math.max(w, h), short * 0.12);
        ctx.fill();
      }
      ctx.restore();
      break;
    }
    case 'glowing': {
      // A moon behind, fog bands across.
      const mx = w * (rng.next() < 0.5 ? 0.25 : 0.75),
        my = h * 0.16,
        r = short * 0.13;
      const glow = ctx.createRadialGradient(mx, my, r * 0.8, mx, my, r * 3.2);
      glow.addColorStop(0, 'rgba(210,230,255,0.45)');
      glow.addColorStop(1, 'rgba(210,230,255,0)');
      ctx.fillStyle = glow;
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = '#e8eef8';
      ctx.beginPath();
      ctx.arc(mx, my, r, 0, Math.PI * 2);
      ctx.fill();
      for (let i = 0; i < 5; i++) {
        const y = h * (0.45 + i * 0.11);
        const fog = ctx.createLinearGradient(0, y - short * 0.06, 0, y + short * 0.06);
        fog.addColorStop(0, 'rgba(180,190,230,0)');
        fog.addColorStop(0.5, `rgba(180,190,230,${0.1 + rng.next() * 0.12})`);
        fog.addColorStop(1, 'rgba(180,190,230,0)');
        ctx.fillStyle = fog;
        ctx.fillRect(0, y - short * 0.06, w, short * 0.12);
      }
      break;
    }
    case 'brass': {
      for (let i = 0; i < 5; i++) {
        const r = short * (0.08 + rng.next() * 0.16);
        gear(ctx, rng.next() * w, rng.next() * h, r, i % 2 ? '#b8860b' : '#8c5a2b', rng.next() * Math.PI);
      }
      break;
    }
    case 'cutout': {
      // Strips of torn coloured paper behind the cut-outs.
      for (let i = 0; i < 4; i++) {
        ctx.save();
        ctx.translate(rng.next() * w, rng.next() * h);
        ctx.rotate((rng.next() - 0.5) * 1.2);
        ctx.fillStyle = rgba(COLLAGE_PAPERS[i % COLLAGE_PAPERS.length]!, 0.85);
        ctx.fillRect(-short * 0.5, -short * 0.07, short, short * (0.1 + rng.next() * 0.08));
        ctx.restore();
      }
      break;
    }
    case 'rounded': {
      for (let i = 0; i < 7; i++) {
        ctx.fillStyle = rgba(colours[i % colours.length] ?? '#ffd6e8', 0.9);
        ctx.beginPath();
        ctx.arc(rng.next() * w, rng.next() * h, short * (0.06 + rng.next() * 0.12), 0, Math.PI * 2);
        ctx.fill();
      }
      // A big soft blob for the main picture to sit on.
      ctx.fillStyle = 'rgba(255,255,255,0.75)';
      ctx.beginPath();
      ctx.arc(main.x, main.y, main.size * 0.62, 0, Math.PI * 2);
      ctx.fill();
      break;
    }
    case 'plain':
      break;
  }
}

function drawPicture(ctx: Ctx, img: Image, spot: Spot, staging: IconStaging, isMain: boolean, short: number, colours: string[]): void {
  const s = spot.size;
  ctx.save();
  ctx.translate(spot.x, spot.y);
  ctx.rotate(staging === 'cutout' ? spot.angle * 1.6 : isMain ? spot.angle * 0.3 : spot.angle);
  const at = (filter: string, dx = 0, dy = 0) => {
    ctx.filter = filter;
    ctx.drawImage(img, -s / 2 + dx, -s / 2 + dy, s, s);
    ctx.filter = 'none';
  };
  switch (staging) {
    case 'depth':
      // Depth of field: the small pictures are far away and out of focus.
      if (!isMain) at(`blur(${Math.round(short / 160)}px) saturate(0.8)`);
      else {
        castShadow(ctx, 'rgba(0,0,0,0.35)', short / 40, { y: short / 80 });
        at('none');
      }
      break;
    case 'extruded': {
      const depth = Math.max(3, Math.round(s / 22));
      for (let d = depth; d > 0; d--) at(`brightness(${0.35 + (0.3 * (depth - d)) / depth})`, d * 0.7, d);
      at('none');
      break;
    }
    case 'spotlit':
      castShadow(ctx, 'rgba(0,0,0,0.7)', short / 25, { x: short / 60, y: short / 40 });
      at(isMain ? 'contrast(1.1)' : 'brightness(0.6) blur(1px)');
      break;
    case 'bold':
      outline(ctx, img, s, '#111111', Math.max(2, s / 40));
      at('saturate(1.3)');
      break;
    case 'glowing':
      castShadow(ctx, colours[3] ?? '#6bd1ff', short / 18);
      at(isMain ? 'brightness(0.75) saturate(0.7)' : 'brightness(0.45) saturate(0.5)');
      break;
    case 'brass':
      castShadow(ctx, 'rgba(40,20,0,0.6)', short / 50, { y: short / 100 });
      at('sepia(0.6) saturate(1.2)');
      break;
    case 'cutout': {
      // A sticker: the picture cut out with a white paper border, a shadow under it, a strip of tape.
      castShadow(ctx, 'rgba(0,0,0,0.3)', short / 60, { y: short / 120 });
      outline(ctx, img, s, '#ffffff', Math.max(3, s / 18));
      at('none');
      ctx.fillStyle = 'rgba(240,230,190,0.7)';
      ctx.fillRect(-s * 0.15, -s * 0.56, s * 0.3, s * 0.12);
      break;
    }
    case 'rounded':
      castShadow(ctx, 'rgba(255,150,190,0.45)', short / 30);
      at('none');
      break;
    case 'plain':
      at('none');
      break;
  }
  ctx.restore();
}

/** What the next picture drawn casts: a shadow of `colour` blurred by `blurPx`, moved by `offset` (none: a glow all round). */
function castShadow(ctx: Ctx, colour: string, blurPx: number, offset: { x?: number; y?: number } = {}): void {
  ctx.shadowColor = colour;
  ctx.shadowBlur = blurPx;
  if (offset.x !== undefined) ctx.shadowOffsetX = offset.x;
  if (offset.y !== undefined) ctx.shadowOffsetY = offset.y;
}

/**
 * The picture's silhouette in `colour`, grown by `widthPx` all round (drawn before the picture
 * itself): the silhouette is made once, then stamped twelve times around (no filter per stamp).
 */
function outline(ctx: Ctx, img: Image, s: number, colour: string, widthPx: number): void {
  const size = Math.max(1, Math.round(s));
  const shape = createCanvas(size, size);
  const sctx = shape.getContext('2d');
  sctx.drawImage(img, 0, 0, size, size);
  sctx.globalCompositeOperation = 'source-in';
  sctx.fillStyle = colour;
  sctx.fillRect(0, 0, size, size);
  // A shadow set by the caller falls once, under the middle stamp: a blur per stamp costs twelve.
  ctx.drawImage(shape, -s / 2, -s / 2, s, s);
  ctx.shadowColor = 'transparent';
  for (let k = 0; k < 12; k++) {
    const a = (k / 12) * Math.PI * 2;
    ctx.drawImage(shape, -s / 2 + Math.cos(a) * widthPx, -s / 2 + Math.sin(a) * widthPx, s, s);
  }
}

/** A toothed gear (steam punk's machinery). */
function gear(ctx: Ctx, x: number, y: number, r: number, colour: string, turn: number): void {
  const teeth = 10;
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(turn);
  ctx.fillStyle = colour;
  ctx.beginPath();
  for (let i = 0; i < teeth * 2; i++) {
    const a = (i / (teeth * 2)) * Math.PI * 2;
    const rr = i % 2 ? r : r * 1.18;
    ctx.lineTo(Math.cos(a - 0.12) * rr, Math.sin(a - 0.12) * rr);
    ctx.lineTo(Math.cos(a + 0.12) * rr, Math.sin(a + 0.12) * rr);
  }
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = 'rgba(30,18,6,0.85)';
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.35, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}
