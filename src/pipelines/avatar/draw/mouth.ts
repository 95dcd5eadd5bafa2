import { VISEME_SHAPES, type Viseme } from '../visemes/viseme-set.js';
import type { Figure } from './figure.js';
import { ellipse, shade, stroke, withAlpha, type Ctx } from './paint.js';

const TEETH = '#f6f3ec';
const MOUTH_INSIDE = '#3c1418';
const TONGUE = '#c4525e';

/** Visemes that show the upper teeth, and how much of the opening they fill. */
const UPPER_TEETH: Partial<Record<Viseme, number>> = { AI: 0.3, E: 0.42, etc: 0.48, FV: 1, L: 0.3, O: 0.18 };
const LOWER_TEETH: Partial<Record<Viseme, number>> = { E: 0.3, etc: 0.38 };

/**
 * The mouth for one viseme at one opening. The shape's spread sets the width (rounded vowels
 * pucker, "ee" spreads); the opening sets the height, the lower lip travelling with the jaw.
 * Drawn as lips (a filled outer shape) over which the inside of the mouth, teeth and tongue are
 * painted, clipped to the opening.
 */
export function drawMouth(ctx: Ctx, f: Figure, viseme: Viseme, openness: number): void {
  const shape = VISEME_SHAPES[viseme];
  const cx = f.cx;
  const y = f.mouthY;
  const base = f.mouthW;
  const lip = f.colors.lip;
  const lipDark = f.colors.lipLine;

  if (viseme === 'rest' || (shape.lipsClosed && viseme !== 'MBP')) {
    drawRest(ctx, f);
    return;
  }
  if (viseme === 'MBP') {
    drawPressed(ctx, f);
    return;
  }

  const spread = shape.spread;
  const w = base * (spread >= 0 ? 1 + 0.22 * spread : 1 + 0.42 * spread);
  const h = Math.max(0.06, openness) * base * 0.82;
  const top = y - h * 0.28;
  const bottom = y + h * 0.72;
  const upperLip = base * 0.1 * (spread < 0 ? 1.35 : 1);
  const lowerLip = base * 0.14 * (spread < 0 ? 1.3 : 1);
  const rounded = spread < -0.3;

  const inner = () => {
    ctx.beginPath();
    if (rounded) {
      ctx.ellipse(cx, (top + bottom) / 2, w / 2, (bottom - top) / 2, 0, 0, Math.PI * 2);
      return;
    }
    ctx.moveTo(cx - w / 2, y);
    ctx.bezierCurveTo(cx - w * 0.3, top - h * 0.05, cx + w * 0.3, top - h * 0.05, cx + w / 2, y);
    ctx.bezierCurveTo(cx + w * 0.32, bottom + h * 0.12, cx - w * 0.32, bottom + h * 0.12, cx - w / 2, y);
    ctx.closePath();
  };

  // Lips: the opening grown by the lip thickness, with a cupid's bow on top.
  ctx.beginPath();
  const wo = w / 2 + base * 0.05;
  if (rounded) {
    ctx.ellipse(cx, (top + bottom) / 2, wo + upperLip * 0.6, (bottom - top) / 2 + (upperLip + lowerLip) / 2, 0, 0, Math.PI * 2);
  } else {
    ctx.moveTo(cx - wo, y);
    ctx.bezierCurveTo(cx - w * 0.35, top - upperLip * 1.2, cx - w * 0.12, top - upperLip * 1.5, cx, top - upperLip * 0.9);
    ctx.bezierCurveTo(cx + w * 0.12, top - upperLip * 1.5, cx + w * 0.35, top - upperLip * 1.2, cx + wo, y);
    ctx.bezierCurveTo(cx + w * 0.36, bottom + lowerLip * 1.5, cx - w * 0.36, bottom + lowerLip * 1.5, cx - wo, y);
    ctx.closePath();
  }
  ctx.fillStyle = lip;
  ctx.fill();
  ctx.strokeStyle = withAlpha(lipDark, 0.45);
  ctx.lineWidth = 2.5;
  ctx.stroke();

  // The opening.
  ctx.save();
  inner();
  ctx.fillStyle = MOUTH_INSIDE;
  ctx.fill();
  ctx.clip();
  const openH = bottom - top;
  const upper = UPPER_TEETH[viseme];
  if (upper && viseme !== 'FV') {
    ctx.beginPath();
    ctx.roundRect(cx - w * 0.36, top - openH * 0.2, w * 0.72, openH * (upper + 0.2), 4);
    ctx.fillStyle = TEETH;
    ctx.fill();
  }
  const lower = LOWER_TEETH[viseme];
  if (lower) {
    ctx.beginPath();
    ctx.roundRect(cx - w * 0.3, bottom - openH * lower, w * 0.6, openH * (lower + 0.2), 4);
    ctx.fillStyle = shade(TEETH, -0.06);
    ctx.fill();
  }
  if (viseme === 'L') {
    // Tongue tip raised to the teeth.
    ellipse(ctx, cx, top + openH * 0.45, w * 0.2, openH * 0.32, TONGUE);
  } else if (viseme === 'AI' || viseme === 'O' || viseme === 'U') {
    ellipse(ctx, cx, bottom + openH * 0.05, w * 0.3, openH * 0.3, TONGUE);
  }
  ctx.restore();

  if (viseme === 'FV') {
    // Upper teeth resting on the tucked-in lower lip.
    ctx.beginPath();
    ctx.roundRect(cx - w * 0.3, top - 2, w * 0.6, Math.max(8, openH + 6), 4);
    ctx.fillStyle = TEETH;
    ctx.fill();
  }
  // A highlight on the lower lip gives it volume.
  ctx.beginPath();
  ctx.ellipse(cx, bottom + lowerLip * 0.55, w * 0.16, lowerLip * 0.22, 0, 0, Math.PI * 2);
  ctx.fillStyle = withAlpha('#ffffff', 0.16);
  ctx.fill();
}

/** Relaxed, closed, a slight friendly smile. */
function drawRest(ctx: Ctx, f: Figure): void {
  const cx = f.cx;
  const y = f.mouthY;
  const w = f.mouthW;
  drawClosedLips(ctx, f, w, 0.1 * w, 0.15 * w);
  ctx.beginPath();
  ctx.moveTo(cx - w * 0.5, y - w * 0.02);
  ctx.bezierCurveTo(cx - w * 0.25, y + w * 0.08, cx + w * 0.25, y + w * 0.08, cx + w * 0.5, y - w * 0.02);
  stroke(ctx, f.colors.lipLine, Math.max(3, w * 0.045));
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(cx + side * w * 0.5, y - w * 0.02);
    ctx.quadraticCurveTo(cx + side * w * 0.58, y - w * 0.04, cx + side * w * 0.6, y - w * 0.09);
    stroke(ctx, withAlpha(f.colors.lipLine, 0.6), Math.max(2, w * 0.03));
  }
}

/** M, B, P: lips pressed together, a little narrower and fuller. */
function drawPressed(ctx: Ctx, f: Figure): void {
  const cx = f.cx;
  const y = f.mouthY;
  const w = f.mouthW * 0.9;
  drawClosedLips(ctx, f, w, 0.12 * w, 0.13 * w);
  ctx.beginPath();
  ctx.moveTo(cx - w * 0.5, y);
  ctx.bezierCurveTo(cx - w * 0.2, y + w * 0.02, cx + w * 0.2, y + w * 0.02, cx + w * 0.5, y);
  stroke(ctx, f.colors.lipLine, Math.max(4, w * 0.06));
}

function drawClosedLips(ctx: Ctx, f: Figure, w: number, upper: number, lower: number): void {
  const cx = f.cx;
  const y = f.mouthY;
  ctx.beginPath();
  ctx.moveTo(cx - w * 0.52, y);
  ctx.bezierCurveTo(cx - w * 0.3, y - upper * 1.3, cx - w * 0.1, y - upper * 1.5, cx, y - upper * 0.9);
  ctx.bezierCurveTo(cx + w * 0.1, y - upper * 1.5, cx + w * 0.3, y - upper * 1.3, cx + w * 0.52, y);
  ctx.bezierCurveTo(cx + w * 0.3, y + lower * 1.7, cx - w * 0.3, y + lower * 1.7, cx - w * 0.52, y);
  ctx.closePath();
  ctx.fillStyle = f.colors.lip;
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(cx, y + lower * 0.8, w * 0.15, lower * 0.25, 0, 0, Math.PI * 2);
  ctx.fillStyle = withAlpha('#ffffff', 0.14);
  ctx.fill();
}
