import { writeFile } from 'node:fs/promises';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { hashString } from '../../core/random.js';
import type { DrawnPicture } from '../../domain/custom-templates/template-format.js';
import { renderBackground } from '../images/backgrounds/procedural.js';
import { mixHex } from '../images/backgrounds/colour.js';
import { canvasToRgba, encodePng } from '../images/raster-io.js';

/**
 * Built-in pictures for template defaults, drawn here from colours and a seed (no files shipped,
 * nothing copyrighted): a procedural pattern (`backgrounds/procedural.ts`), or a simple object
 * (bottle, box, phone …) in flat shapes on a soft ground, so a preview shows what a slot is for.
 */
export async function drawPicture(picture: DrawnPicture, size: { width: number; height: number }, outPath: string): Promise<string> {
  const width = Math.max(16, Math.round(size.width));
  const height = Math.max(16, Math.round(size.height));
  const seed = picture.seed ?? hashString(JSON.stringify(picture));
  if (picture.draw === 'pattern') {
    const image = await renderBackground(picture.pattern ?? 'mesh-gradient', { width, height, seed, colors: picture.colors });
    await writeFile(outPath, await encodePng(image));
    return outPath;
  }
  // Objects are square, on a transparent ground unless a third colour gives one: a product picture
  // in a box then shows the object, not a rectangle around it.
  const side = Math.min(width, height);
  const canvas = createCanvas(side, side);
  const ctx = canvas.getContext('2d');
  const [main, accent = mixHex(picture.colors[0]!, '#ffffff', 0.5), ground] = picture.colors;
  if (ground) {
    const glow = ctx.createRadialGradient(side / 2, side * 0.45, 0, side / 2, side * 0.45, side * 0.7);
    glow.addColorStop(0, mixHex(ground, '#ffffff', 0.5));
    glow.addColorStop(1, ground);
    ctx.fillStyle = glow;
    ctx.fillRect(0, 0, side, side);
  }
  const unit = side;
  const cx = side / 2;
  const cy = side / 2;
  // A soft floor shadow under every object.
  ctx.fillStyle = 'rgba(0,0,0,0.16)';
  ctx.beginPath();
  ctx.ellipse(cx, cy + unit * 0.36, unit * 0.26, unit * 0.045, 0, 0, Math.PI * 2);
  ctx.fill();
  OBJECTS[picture.object ?? 'box'](ctx, cx, cy, unit, main!, accent);
  if (picture.label) {
    ctx.fillStyle = '#ffffff';
    ctx.font = `bold ${Math.round(unit * 0.06)}px "DejaVu Sans"`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(picture.label, cx, cy + unit * 0.05, unit * 0.3);
  }
  await writeFile(outPath, await encodePng(canvasToRgba(canvas)));
  return outPath;
}

type Ctx = SKRSContext2D;
type ObjectPainter = (ctx: Ctx, cx: number, cy: number, unit: number, main: string, accent: string) => void;

function roundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number, fill: string): void {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}

const OBJECTS: Record<NonNullable<DrawnPicture['object']>, ObjectPainter> = {
  bottle: (ctx, cx, cy, u, main, accent) => {
    roundRect(ctx, cx - u * 0.05, cy - u * 0.36, u * 0.1, u * 0.1, u * 0.015, accent);
    roundRect(ctx, cx - u * 0.13, cy - u * 0.27, u * 0.26, u * 0.62, u * 0.07, main);
    roundRect(ctx, cx - u * 0.13, cy - u * 0.06, u * 0.26, u * 0.22, 0, accent);
    roundRect(ctx, cx - u * 0.09, cy - u * 0.23, u * 0.035, u * 0.45, u * 0.02, 'rgba(255,255,255,0.28)');
  },
  box: (ctx, cx, cy, u, main, accent) => {
    ctx.fillStyle = mixHex(main, '#000000', 0.25);
    ctx.beginPath();
    ctx.moveTo(cx + u * 0.2, cy - u * 0.15);
    ctx.lineTo(cx + u * 0.28, cy - u * 0.23);
    ctx.lineTo(cx + u * 0.28, cy + u * 0.25);
    ctx.lineTo(cx + u * 0.2, cy + u * 0.33);
    ctx.fill();
    ctx.fillStyle = mixHex(main, '#ffffff', 0.25);
    ctx.beginPath();
    ctx.moveTo(cx - u * 0.2, cy - u * 0.15);
    ctx.lineTo(cx - u * 0.12, cy - u * 0.23);
    ctx.lineTo(cx + u * 0.28, cy - u * 0.23);
    ctx.lineTo(cx + u * 0.2, cy - u * 0.15);
    ctx.fill();
    roundRect(ctx, cx - u * 0.2, cy - u * 0.15, u * 0.4, u * 0.48, 0, main);
    roundRect(ctx, cx - u * 0.03, cy - u * 0.15, u * 0.06, u * 0.48, 0, accent);
  },
  phone: (ctx, cx, cy, u, main, accent) => {
    roundRect(ctx, cx - u * 0.15, cy - u * 0.33, u * 0.3, u * 0.64, u * 0.04, '#1f2329');
    const screen = ctx.createLinearGradient(cx, cy - u * 0.3, cx, cy + u * 0.28);
    screen.addColorStop(0, main);
    screen.addColorStop(1, accent);
    ctx.fillStyle = screen;
    ctx.beginPath();
    ctx.roundRect(cx - u * 0.13, cy - u * 0.3, u * 0.26, u * 0.58, u * 0.025);
    ctx.fill();
    for (let i = 0; i < 3; i++) roundRect(ctx, cx - u * 0.1, cy - u * 0.12 + i * u * 0.1, u * 0.2, u * 0.06, u * 0.015, 'rgba(255,255,255,0.55)');
  },
  shoe: (ctx, cx, cy, u, main, accent) => {
    ctx.fillStyle = main;
    ctx.beginPath();
    ctx.moveTo(cx - u * 0.3, cy + u * 0.2);
    ctx.lineTo(cx - u * 0.28, cy - u * 0.08);
    ctx.quadraticCurveTo(cx - u * 0.12, cy - u * 0.14, cx - u * 0.05, cy - u * 0.02);
    ctx.quadraticCurveTo(cx + u * 0.18, cy + u * 0.02, cx + u * 0.3, cy + u * 0.12);
    ctx.lineTo(cx + u * 0.3, cy + u * 0.2);
    ctx.fill();
    roundRect(ctx, cx - u * 0.31, cy + u * 0.18, u * 0.62, u * 0.07, u * 0.03, accent);
  },
  mug: (ctx, cx, cy, u, main, accent) => {
    ctx.strokeStyle = main;
    ctx.lineWidth = u * 0.045;
    ctx.beginPath();
    ctx.arc(cx + u * 0.2, cy + u * 0.02, u * 0.1, -Math.PI / 2, Math.PI / 2);
    ctx.stroke();
    roundRect(ctx, cx - u * 0.2, cy - u * 0.18, u * 0.38, u * 0.46, u * 0.05, main);
    roundRect(ctx, cx - u * 0.2, cy - u * 0.02, u * 0.38, u * 0.08, 0, accent);
  },
  plate: (ctx, cx, cy, u, main, accent) => {
    ctx.fillStyle = '#f7f7f2';
    ctx.beginPath();
    ctx.ellipse(cx, cy + u * 0.05, u * 0.34, u * 0.26, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = main;
    ctx.beginPath();
    ctx.ellipse(cx, cy + u * 0.05, u * 0.22, u * 0.16, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = accent;
    for (let i = 0; i < 5; i++) {
      ctx.beginPath();
      ctx.arc(cx + Math.cos(i * 1.3) * u * 0.11, cy + u * 0.05 + Math.sin(i * 1.3) * u * 0.07, u * 0.035, 0, Math.PI * 2);
      ctx.fill();
    }
  },
  card: (ctx, cx, cy, u, main, accent) => {
    roundRect(ctx, cx - u * 0.32, cy - u * 0.2, u * 0.64, u * 0.4, u * 0.04, main);
    roundRect(ctx, cx - u * 0.26, cy - u * 0.12, u * 0.12, u * 0.09, u * 0.015, accent);
    roundRect(ctx, cx - u * 0.26, cy + u * 0.06, u * 0.4, u * 0.04, u * 0.01, 'rgba(255,255,255,0.6)');
  },
};
