import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { Delaunay } from 'd3-delaunay';
import { createNoise2D } from 'simplex-noise';
import type { RgbaImage } from '../../../core/raster.js';
import { createRng, type Rng } from '../../../core/random.js';
import { canvasToRgba } from '../raster-io.js';
import { hexToRgb, isHexColour, mixHex, rgba, rotateHue, toOklch, withLightness } from './colour.js';

/**
 * Procedural backgrounds: every kind is drawn from the given colours and the seed alone (no
 * neural generator). Same request → same pixels; another seed → another layout.
 */
export const PROCEDURAL_BACKGROUNDS = [
  'noise-field',
  'low-poly',
  'linear-gradient',
  'radial-gradient',
  'mesh-gradient',
  'stripes',
  'dots',
  'grid',
  'waves',
] as const;
export type ProceduralBackground = (typeof PROCEDURAL_BACKGROUNDS)[number];

export interface BackgroundRequest {
  width: number;
  height: number;
  seed: number;
  /** `#rrggbb`, first is the main colour. */
  colors: string[];
}

type Ctx = SKRSContext2D;
type Painter = (ctx: Ctx, w: number, h: number, colours: string[], rng: Rng) => void;

const PAINTERS: Record<ProceduralBackground, Painter> = {
  'noise-field': paintNoiseField,
  'low-poly': paintLowPoly,
  'linear-gradient': paintLinear,
  'radial-gradient': paintRadial,
  'mesh-gradient': paintMesh,
  stripes: paintStripes,
  dots: paintDots,
  grid: paintGrid,
  waves: paintWaves,
};

export async function renderBackground(kind: ProceduralBackground, req: BackgroundRequest): Promise<RgbaImage> {
  const painter = PAINTERS[kind];
  if (!painter) throw new Error(`unknown background kind "${kind}"`);
  const width = Math.max(1, Math.round(req.width)),
    height = Math.max(1, Math.round(req.height));
  const rng = createRng(req.seed >>> 0).fork(kind);
  const colours = expandColours(req.colors, rng);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = colours[0]!;
  ctx.fillRect(0, 0, width, height);
  painter(ctx, width, height, colours, rng);
  return canvasToRgba(canvas);
}

/** At least four usable colours: the given ones first, then tints and a neighbour hue of the first. */
export function expandColours(given: string[], rng: Rng): string[] {
  const valid = given.filter(isHexColour).map((c) => c.toLowerCase());
  const base = valid[0] ?? withLightness(rotateHue('#3d6ea8', rng.next() * 360), 0.6);
  const out = [...valid];
  if (out.length === 0) out.push(base);
  const l = toOklch(base).l;
  const derived = [
    withLightness(base, l > 0.6 ? l - 0.25 : l + 0.25),
    rotateHue(base, 30 + rng.next() * 30),
    withLightness(rotateHue(base, -40), Math.min(0.92, l + 0.15)),
    mixHex(base, '#ffffff', 0.6),
  ];
  for (const d of derived) if (out.length < 4) out.push(d);
  return out;
}

/** Colour at t (0..1) along the colours as a ramp. */
function ramp(colours: string[], t: number): [number, number, number] {
  const x = Math.max(0, Math.min(0.9999, t)) * (colours.length - 1);
  const i = Math.floor(x);
  const a = hexToRgb(colours[i]!),
    b = hexToRgb(colours[Math.min(colours.length - 1, i + 1)]!);
  const f = x - i;
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

function paintNoiseField(ctx: Ctx, w: number, h: number, colours: string[], rng: Rng): void {
  // Computed at a reduced grid and scaled up smoothly: a field this soft has no detail to lose.
  const step = Math.max(1, Math.ceil(Math.max(w, h) / 480));
  const gw = Math.ceil(w / step),
    gh = Math.ceil(h / step);
  const noise = createNoise2D(() => rng.next());
  const warp = createNoise2D(() => rng.next());
  const freq = (1.6 + rng.next() * 2) / Math.max(gw, gh);
  const palette = colours.slice(0, 4);
  const warpPx = Math.max(gw, gh) * 0.06;
  const small = createCanvas(gw, gh);
  const sctx = small.getContext('2d');
  const img = sctx.createImageData(gw, gh);
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      const wx = x + warpPx * warp(x * freq * 0.7, y * freq * 0.7);
      const wy = y + warpPx * warp(x * freq * 0.7 + 31, y * freq * 0.7 + 17);
      let v = 0,
        amp = 0.55,
        f = freq;
      for (let o = 0; o < 4; o++) {
        v += amp * noise(wx * f, wy * f);
        amp *= 0.5;
        f *= 2.1;
      }
      const [r, g, b] = ramp(palette, 0.5 + v * 0.75);
      const i = (y * gw + x) * 4;
      img.data[i] = r;
      img.data[i + 1] = g;
      img.data[i + 2] = b;
      img.data[i + 3] = 255;
    }
  }
  sctx.putImageData(img, 0, 0);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(small, 0, 0, gw * step, gh * step);
  addGrain(ctx, w, h, rng, 5);
}

function paintLowPoly(ctx: Ctx, w: number, h: number, colours: string[], rng: Rng): void {
  const cell = Math.max(24, Math.round(Math.max(w, h) / (9 + rng.next() * 6)));
  const points: [number, number][] = [];
  const heights: number[] = [];
  for (let y = -cell; y <= h + cell; y += cell) {
    for (let x = -cell; x <= w + cell; x += cell) {
      points.push([x + rng.bipolar() * cell * 0.45, y + rng.bipolar() * cell * 0.45]);
      heights.push(rng.next());
    }
  }
  const delaunay = Delaunay.from(points);
  const angle = rng.next() * Math.PI * 2;
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  const light = normalise([Math.cos(angle + 1), Math.sin(angle + 1), 1.4]);
  const t = delaunay.triangles;
  for (let i = 0; i < t.length; i += 3) {
    const [a, b, c] = [t[i]!, t[i + 1]!, t[i + 2]!];
    const [pa, pb, pc] = [points[a]!, points[b]!, points[c]!];
    const cx = (pa[0] + pb[0] + pc[0]) / 3,
      cy = (pa[1] + pb[1] + pc[1]) / 3;
    // Each triangle is a facet of a bumpy surface: its normal, lit by one light, shades the ramp colour.
    const z = cell * 0.9;
    const u = [pb[0] - pa[0], pb[1] - pa[1], (heights[b]! - heights[a]!) * z];
    const v = [pc[0] - pa[0], pc[1] - pa[1], (heights[c]! - heights[a]!) * z];
    const n = normalise([u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!]);
    if (n[2] < 0) {
      n[0] = -n[0];
      n[1] = -n[1];
      n[2] = -n[2];
    }
    const shade = 0.72 + 0.45 * (n[0] * light[0] + n[1] * light[1] + n[2] * light[2]);
    const along = ((cx - w / 2) * dx + (cy - h / 2) * dy) / Math.hypot(w, h) + 0.5;
    const [r, g, bl] = ramp(colours.slice(0, 3), along);
    const fill = `rgb(${clamp(r * shade)},${clamp(g * shade)},${clamp(bl * shade)})`;
    ctx.fillStyle = fill;
    ctx.strokeStyle = fill;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(pa[0], pa[1]);
    ctx.lineTo(pb[0], pb[1]);
    ctx.lineTo(pc[0], pc[1]);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
  }
}

function paintLinear(ctx: Ctx, w: number, h: number, colours: string[], rng: Rng): void {
  const angle = rng.next() * Math.PI * 2;
  const r = Math.hypot(w, h) / 2;
  const g = ctx.createLinearGradient(w / 2 - Math.cos(angle) * r, h / 2 - Math.sin(angle) * r, w / 2 + Math.cos(angle) * r, h / 2 + Math.sin(angle) * r);
  const stops = colours.slice(0, 2 + rng.int(0, 1));
  stops.forEach((c, i) => {
    g.addColorStop(i / (stops.length - 1), c);
  });
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  addGrain(ctx, w, h, rng, 3);
}

function paintRadial(ctx: Ctx, w: number, h: number, colours: string[], rng: Rng): void {
  const cx = w * (0.25 + rng.next() * 0.5),
    cy = h * (0.2 + rng.next() * 0.5);
  const g = ctx.createRadialGradient(cx, cy, 0, cx, cy, Math.hypot(w, h) * (0.55 + rng.next() * 0.3));
  g.addColorStop(0, mixHex(colours[0]!, '#ffffff', 0.35));
  g.addColorStop(0.45, colours[0]!);
  g.addColorStop(1, colours[1]!);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  addGrain(ctx, w, h, rng, 3);
}

function paintMesh(ctx: Ctx, w: number, h: number, colours: string[], rng: Rng): void {
  // Big soft colour blobs melted together: the "mesh gradient" look, one blob per colour and more.
  // Drawn at a quarter size and scaled up: the blur hides the difference and costs a sixteenth.
  const blobs = 5 + rng.int(0, 2);
  const sw = Math.max(1, Math.ceil(w / 4)),
    sh = Math.max(1, Math.ceil(h / 4));
  const small = createCanvas(sw, sh);
  const sctx = small.getContext('2d');
  sctx.fillStyle = colours[0]!;
  sctx.fillRect(0, 0, sw, sh);
  sctx.filter = `blur(${Math.max(1, Math.round(Math.max(sw, sh) * 0.08))}px)`;
  for (let i = 0; i < blobs; i++) {
    const c = colours[i % colours.length]!;
    const x = rng.next() * sw,
      y = rng.next() * sh;
    const rx = Math.max(sw, sh) * (0.22 + rng.next() * 0.25),
      ry = rx * (0.6 + rng.next() * 0.6);
    sctx.fillStyle = rgba(c, 0.85);
    sctx.beginPath();
    sctx.ellipse(x, y, rx, ry, rng.next() * Math.PI, 0, Math.PI * 2);
    sctx.fill();
  }
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(small, 0, 0, w, h);
  addGrain(ctx, w, h, rng, 4);
}

function paintStripes(ctx: Ctx, w: number, h: number, colours: string[], rng: Rng): void {
  const angle = (rng.int(0, 7) * Math.PI) / 8 + Math.PI / 16;
  const width = Math.max(4, Math.round(Math.min(w, h) * (0.03 + rng.next() * 0.07)));
  const reach = Math.hypot(w, h);
  ctx.save();
  ctx.translate(w / 2, h / 2);
  ctx.rotate(angle);
  const used = colours.slice(0, 2 + rng.int(0, 1));
  let i = 0;
  for (let x = -reach; x < reach; x += width, i++) {
    ctx.fillStyle = used[i % used.length]!;
    ctx.fillRect(x, -reach, width * (i % used.length === 0 ? 1.6 : 1) + 1, reach * 2);
  }
  ctx.restore();
}

function paintDots(ctx: Ctx, w: number, h: number, colours: string[], rng: Rng): void {
  const g = ctx.createLinearGradient(0, 0, w, h);
  g.addColorStop(0, colours[0]!);
  g.addColorStop(1, mixHex(colours[0]!, colours[1]!, 0.5));
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  const gap = Math.max(6, Math.round(Math.min(w, h) * (0.04 + rng.next() * 0.05)));
  const fx = rng.next(),
    fy = rng.next();
  // Halftone: the dots grow toward a seeded corner.
  let row = 0;
  for (let y = gap / 2; y < h + gap; y += gap * 0.87, row++) {
    for (let x = (row % 2) * gap * 0.5; x < w + gap; x += gap) {
      const d = Math.hypot(x / w - fx, y / h - fy);
      const radius = gap * 0.42 * Math.max(0.18, 1 - d);
      ctx.fillStyle = colours[1 + ((row + Math.floor(x / gap)) % 3 === 0 ? 1 : 0)]!;
      ctx.beginPath();
      ctx.arc(x, y, radius, 0, Math.PI * 2);
      ctx.fill();
    }
  }
}

function paintGrid(ctx: Ctx, w: number, h: number, colours: string[], rng: Rng): void {
  const g = ctx.createRadialGradient(w * rng.next(), h * rng.next(), 0, w / 2, h / 2, Math.hypot(w, h) * 0.7);
  g.addColorStop(0, colours[0]!);
  g.addColorStop(1, colours[1]!);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  const cell = Math.max(8, Math.round(Math.min(w, h) * (0.06 + rng.next() * 0.06)));
  const ox = rng.next() * cell,
    oy = rng.next() * cell;
  ctx.strokeStyle = rgba(colours[2]!, 0.55);
  ctx.lineWidth = Math.max(1, cell * 0.04);
  ctx.beginPath();
  for (let x = ox; x < w; x += cell) {
    ctx.moveTo(x, 0);
    ctx.lineTo(x, h);
  }
  for (let y = oy; y < h; y += cell) {
    ctx.moveTo(0, y);
    ctx.lineTo(w, y);
  }
  ctx.stroke();
  // Accent cells in a fixed rhythm (one cell in `period` along a diagonal lattice), a light tint
  // inset inside the lines: a deliberate pattern, not random blocks that look like errors.
  const period = 5 + rng.int(0, 2);
  const phase = rng.int(0, period - 1);
  const inset = ctx.lineWidth * 1.5;
  // Lighter than both gradient ends, so a cell is a soft highlight wherever it falls, never a dark hole.
  const lighter = toOklch(colours[0]!).l > toOklch(colours[1]!).l ? colours[0]! : colours[1]!;
  ctx.fillStyle = rgba(mixHex(lighter, '#ffffff', 0.45), 0.22);
  for (let row = -1; oy + row * cell < h; row++)
    for (let col = -1; ox + col * cell < w; col++) {
      if (!isGridAccent(col, row, period, phase)) continue;
      ctx.fillRect(ox + col * cell + inset, oy + row * cell + inset, cell - 2 * inset, cell - 2 * inset);
    }
}

/** Whether cell (col, row) carries the accent: every `period`-th cell along a row, shifted by two cells per row. */
export function isGridAccent(col: number, row: number, period: number, phase: number): boolean {
  return (((col + 2 * row - phase) % period) + period) % period === 0;
}

function paintWaves(ctx: Ctx, w: number, h: number, colours: string[], rng: Rng): void {
  const sky = ctx.createLinearGradient(0, 0, 0, h);
  sky.addColorStop(0, mixHex(colours[0]!, '#ffffff', 0.45));
  sky.addColorStop(1, colours[0]!);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, w, h);
  const layers = 4 + rng.int(0, 2);
  for (let i = 0; i < layers; i++) {
    const base = h * (0.3 + (0.62 * (i + 1)) / layers);
    const amp = h * (0.03 + rng.next() * 0.05);
    const len = w * (0.3 + rng.next() * 0.6);
    const phase = rng.next() * Math.PI * 2;
    ctx.fillStyle = mixHex(colours[1 + (i % 3)]!, colours[1]!, i / layers);
    ctx.beginPath();
    ctx.moveTo(0, h);
    for (let x = 0; x <= w; x += Math.max(2, w / 200)) {
      ctx.lineTo(x, base + amp * Math.sin((x / len) * Math.PI * 2 + phase) + amp * 0.4 * Math.sin((x / len) * Math.PI * 5.3 + phase * 2));
    }
    ctx.lineTo(w, h);
    ctx.closePath();
    ctx.fill();
  }
}

/** Fine luminance noise: breaks up gradient banding, as film grain does on a real photo. */
export function addGrain(ctx: Ctx, w: number, h: number, rng: Rng, amount: number): void {
  const img = ctx.getImageData(0, 0, w, h);
  const d = img.data;
  let s = (rng.next() * 4294967296) >>> 0;
  for (let i = 0; i < d.length; i += 4) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const n = (((s >>> 0) % 1000) / 1000 - 0.5) * 2 * amount;
    d[i] = d[i]! + n;
    d[i + 1] = d[i + 1]! + n;
    d[i + 2] = d[i + 2]! + n;
  }
  ctx.putImageData(img, 0, 0);
}

function normalise(v: number[]): [number, number, number] {
  const l = Math.hypot(v[0]!, v[1]!, v[2]!) || 1;
  return [v[0]! / l, v[1]! / l, v[2]! / l];
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
