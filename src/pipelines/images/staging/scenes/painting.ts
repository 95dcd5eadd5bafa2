import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { createNoise2D, type NoiseFunction2D } from 'simplex-noise';
import { createRng, type Rng } from '../../../../core/random.js';
import { fromOklch, mixHex, rgba, type Rgb } from '../../backgrounds/colour.js';
import type { SceneChoice } from '../choose-scene.js';
import type { StageLayout } from '../layout.js';

/** What every scene painter gets: a canvas the size of the frame, the choice, where things stand. */
export interface Painting {
  ctx: SKRSContext2D;
  W: number;
  H: number;
  choice: SceneChoice;
  layout: StageLayout;
  palette: string[];
  rng: Rng;
  noise: NoiseFunction2D;
  noise2: NoiseFunction2D;
}

export function startPainting(choice: SceneChoice, layout: StageLayout, palette: string[]) {
  const canvas = createCanvas(layout.width, layout.height);
  const rng = createRng(choice.textureSeed);
  const p: Painting = {
    ctx: canvas.getContext('2d'),
    W: layout.width,
    H: layout.height,
    choice,
    layout,
    palette,
    rng,
    noise: createNoise2D(() => rng.next()),
    noise2: createNoise2D(() => rng.next()),
  };
  return { canvas, p };
}

export function wallColour(c: SceneChoice, dl = 0, chromaScale = 1): string {
  return fromOklch({ l: Math.max(0.05, Math.min(0.98, c.lightness + dl)), c: c.chroma * chromaScale, h: c.hue });
}

export function accentColour(c: SceneChoice, dl = 0): string {
  const l = c.lightness > 0.5 ? c.lightness - 0.12 + dl : c.lightness + 0.18 + dl;
  return fromOklch({ l, c: Math.max(0.06, c.chroma * 1.4), h: c.accentHue });
}

/** The colour of the key light: warm amber, cool blue or white. */
export function lightColour(c: SceneChoice): string {
  return c.warmth > 0.3
    ? mixHex('#ffffff', '#ffc680', Math.min(1, c.warmth) * 0.7)
    : c.warmth < -0.3
      ? mixHex('#ffffff', '#b9d4ff', Math.min(1, -c.warmth) * 0.7)
      : '#fffaf2';
}

/** A backdrop wall: flat colour, lit by a soft pool of light near the key light, darker at the edges. */
export function paintWall(p: Painting, base: string, bottomY = p.layout.horizonY): void {
  const { ctx, W, choice } = p;
  ctx.fillStyle = base;
  ctx.fillRect(0, 0, W, bottomY);
  const lx = choice.lightX * W,
    ly = bottomY * 0.55;
  const pool = ctx.createRadialGradient(lx, ly, 0, lx, ly, Math.max(W, bottomY) * 0.85);
  pool.addColorStop(0, rgba(mixHex(base, lightColour(choice), 0.55), 0.75));
  pool.addColorStop(0.55, rgba(base, 0));
  ctx.fillStyle = pool;
  ctx.fillRect(0, 0, W, bottomY);
  const fall = ctx.createLinearGradient(0, 0, 0, bottomY);
  fall.addColorStop(0, 'rgba(0,0,0,0.14)');
  fall.addColorStop(0.6, 'rgba(0,0,0,0)');
  ctx.fillStyle = fall;
  ctx.fillRect(0, 0, W, bottomY);
}

/** Ambient occlusion where wall meets floor: the corner is always a little darker in a photo. */
export function paintJunction(p: Painting, strength = 0.22): void {
  const { ctx, W, layout } = p;
  const band = p.H * 0.05;
  const up = ctx.createLinearGradient(0, layout.horizonY - band, 0, layout.horizonY);
  up.addColorStop(0, 'rgba(0,0,0,0)');
  up.addColorStop(1, `rgba(0,0,0,${strength})`);
  ctx.fillStyle = up;
  ctx.fillRect(0, layout.horizonY - band, W, band);
  const down = ctx.createLinearGradient(0, layout.horizonY, 0, layout.horizonY + band * 0.6);
  down.addColorStop(0, `rgba(0,0,0,${strength * 0.8})`);
  down.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = down;
  ctx.fillRect(0, layout.horizonY, W, band * 0.6);
}

/**
 * A textured floor seen in perspective. `sample(X, Z, pxPerUnit)` gets ground-plane coordinates in
 * one unit system for both axes (so a grain or a vein keeps its shape as it recedes) and how many
 * pixels one unit covers there, so fine detail can fade before it aliases.
 */
export function paintFloorTexture(p: Painting, sample: (X: number, Z: number, pxPerUnit: number) => Rgb, fromY = p.layout.horizonY): void {
  const { ctx, W, H } = p;
  const top = Math.max(0, Math.floor(fromY));
  const rows = H - top;
  if (rows <= 0) return;
  const vanishY = p.layout.horizonY - H * 0.35;
  const img = ctx.createImageData(W, rows);
  const d = img.data;
  for (let r = 0; r < rows; r++) {
    const dy = top + r + 0.5 - vanishY;
    const Z = H / dy;
    const pxPerUnit = (dy * dy) / H;
    let i = r * W * 4;
    for (let x = 0; x < W; x++, i += 4) {
      const [R, G, B] = sample((x + 0.5 - W / 2) / dy, Z, pxPerUnit);
      d[i] = R;
      d[i + 1] = G;
      d[i + 2] = B;
      d[i + 3] = 255;
    }
  }
  ctx.putImageData(img, 0, top);
}

/** Light on the floor: brighter toward the key light and the back, darker at the front edge. */
export function lightFloor(p: Painting, strength = 1): void {
  const { ctx, W, H, layout, choice } = p;
  const h = H - layout.horizonY;
  const front = ctx.createLinearGradient(0, layout.horizonY, 0, H);
  front.addColorStop(0, 'rgba(0,0,0,0)');
  front.addColorStop(1, `rgba(0,0,0,${0.28 * strength})`);
  ctx.fillStyle = front;
  ctx.fillRect(0, layout.horizonY, W, h);
  const lx = choice.lightX * W;
  const pool = ctx.createRadialGradient(lx, layout.horizonY, 0, lx, layout.horizonY, W * 0.7);
  pool.addColorStop(0, rgba(lightColour(choice), 0.22 * strength));
  pool.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = pool;
  ctx.fillRect(0, layout.horizonY, W, h);
}

/** Vignette and film grain over the whole scene: the finish that keeps gradients from looking computed. */
export function finish(p: Painting, vignette = 0.22, grain = 2.5): void {
  const { ctx, W, H } = p;
  const v = ctx.createRadialGradient(W / 2, H * 0.55, Math.min(W, H) * 0.35, W / 2, H * 0.55, Math.hypot(W, H) * 0.62);
  v.addColorStop(0, 'rgba(0,0,0,0)');
  v.addColorStop(1, `rgba(0,0,0,${vignette})`);
  ctx.fillStyle = v;
  ctx.fillRect(0, 0, W, H);
  const img = ctx.getImageData(0, 0, W, H);
  const d = img.data;
  let s = (p.choice.textureSeed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < d.length; i += 4) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const n = (((s >>> 0) & 1023) / 1023 - 0.5) * 2 * grain;
    d[i] = d[i]! + n;
    d[i + 1] = d[i + 1]! + n;
    d[i + 2] = d[i + 2]! + n;
  }
  ctx.putImageData(img, 0, 0);
}

/** Fractal noise, 0-centred, about −1..1. */
export function fbm(noise: NoiseFunction2D, x: number, y: number, octaves: number): number {
  let v = 0,
    amp = 0.6,
    f = 1;
  for (let o = 0; o < octaves; o++) {
    v += amp * noise(x * f, y * f);
    amp *= 0.5;
    f *= 2.03;
  }
  return v;
}

export function smoothstep(a: number, b: number, x: number): number {
  const t = Math.max(0, Math.min(1, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
}

/** Lerp between two RGB colours. */
export function mixRgb(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Integer hash → 0..1, for per-plank and per-tile variation without extra noise calls. */
export function hash01(n: number, seed: number): number {
  let h = Math.imul(n ^ seed, 0x27d4eb2d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) / 4294967296;
}
