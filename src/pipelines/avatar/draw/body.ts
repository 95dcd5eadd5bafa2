import type { AvatarLook, OutfitKind } from '../../../domain/catalog/avatars-look.js';
import type { Figure } from './figure.js';
import { ellipse, luminance, shade, stroke, withAlpha, type Ctx } from './paint.js';

/** Lowest unit the body is drawn to: below every frame's bottom edge. */
const BODY_BOTTOM = 2200;

function torsoPath(ctx: Ctx, f: Figure, grow = 0): void {
  const { cx } = f;
  const sw = f.shoulderW + grow;
  const sy = f.shoulderY - grow * 0.5;
  const nw = f.neckW / 2 + 8;
  ctx.beginPath();
  ctx.moveTo(cx - nw, sy - 34);
  ctx.bezierCurveTo(cx - sw * 0.55, sy - 22, cx - sw * 0.92, sy - 8, cx - sw, sy + 70);
  ctx.bezierCurveTo(cx - sw * 1.05, sy + 130, cx - sw * 1.07, sy + 220, cx - sw * 1.1, BODY_BOTTOM);
  ctx.lineTo(cx + sw * 1.1, BODY_BOTTOM);
  ctx.bezierCurveTo(cx + sw * 1.07, sy + 220, cx + sw * 1.05, sy + 130, cx + sw, sy + 70);
  ctx.bezierCurveTo(cx + sw * 0.92, sy - 8, cx + sw * 0.55, sy - 22, cx + nw, sy - 34);
  ctx.closePath();
}

/** Neck (reaching up under the jaw, so a moving head never shows a gap) and clothed torso. */
export function drawBody(ctx: Ctx, f: Figure, look: AvatarLook): void {
  const { cx } = f;
  const o = look.outfit;
  if (o.kind === 'hoodie') {
    // The hood lies behind the neck.
    ellipse(ctx, cx, f.shoulderY - 30, f.neckW * 1.05, 70, shade(o.color, -0.2));
  }
  const neckTop = f.cy + f.ry * 0.2;
  ctx.beginPath();
  ctx.roundRect(cx - f.neckW / 2, neckTop, f.neckW, f.shoulderY - neckTop + 40, f.neckW * 0.2);
  ctx.fillStyle = f.colors.skin;
  ctx.fill();
  // Shadow the chin casts on the neck.
  const chin = f.cy + f.ry * 0.95;
  const shadow = ctx.createLinearGradient(0, chin, 0, chin + 70);
  shadow.addColorStop(0, withAlpha(f.colors.skinDeep, 0.45));
  shadow.addColorStop(1, withAlpha(f.colors.skinDeep, 0));
  ctx.fillStyle = shadow;
  ctx.fillRect(cx - f.neckW / 2, chin, f.neckW, 70);

  torsoPath(ctx, f);
  const g = ctx.createLinearGradient(cx - f.shoulderW * 1.1, 0, cx + f.shoulderW * 1.1, 0);
  g.addColorStop(0, shade(o.color, -0.18));
  g.addColorStop(0.3, shade(o.color, 0.04));
  g.addColorStop(0.7, o.color);
  g.addColorStop(1, shade(o.color, -0.22));
  ctx.fillStyle = g;
  ctx.fill();

  OUTFITS[o.kind](ctx, f, look);
}

/** What each outfit draws over the clothed torso (every kind has one: the compiler checks). */
const OUTFITS: Record<OutfitKind, (ctx: Ctx, f: Figure, look: AvatarLook) => void> = {
  suit: (ctx, f, look) => drawJacket(ctx, f, look, { shirt: '#f7f7f5', tie: look.outfit.accent, collar: true }),
  blazer: (ctx, f, look) => drawJacket(ctx, f, look, { shirt: look.outfit.accent, tie: null, collar: false }),
  'lab-coat': (ctx, f, look) => {
    drawJacket(ctx, f, look, { shirt: look.outfit.accent, tie: null, collar: true });
    drawStethoscope(ctx, f);
  },
  cardigan: drawCardigan,
  vest: drawVest,
  hoodie: drawHoodie,
  tshirt: drawCrewNeck,
  sweater: drawCrewNeck,
  'denim-jacket': drawDenim,
  chef: drawChef,
  'track-jacket': drawTrackJacket,
};

/** The V of a shirt under an open jacket, from the neck to `depth` below the shoulders. */
function vNeck(ctx: Ctx, f: Figure, depth: number, width: number, color: string): void {
  ctx.beginPath();
  ctx.moveTo(f.cx - width, f.shoulderY - 40);
  ctx.lineTo(f.cx, f.shoulderY + depth);
  ctx.lineTo(f.cx + width, f.shoulderY - 40);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
}

/** The skin in a round neckline: the lower half of an ellipse under the chin, `halfWidth` wide and `depth` deep. */
function neckSkin(ctx: Ctx, f: Figure, halfWidth: number, depth: number): void {
  ctx.beginPath();
  ctx.ellipse(f.cx, f.shoulderY - 40, halfWidth, depth, 0, 0, Math.PI);
  ctx.fillStyle = f.colors.skin;
  ctx.fill();
}

function drawJacket(ctx: Ctx, f: Figure, look: AvatarLook, opts: { shirt: string; tie: string | null; collar: boolean }): void {
  const { cx } = f;
  const sy = f.shoulderY;
  const nw = f.neckW / 2;
  vNeck(ctx, f, 260, nw + 18, opts.shirt);
  if (!opts.collar) {
    // A round-necked top under the blazer.
    neckSkin(ctx, f, nw + 2, 30);
  }
  if (opts.collar) {
    for (const side of [-1, 1]) {
      ctx.beginPath();
      ctx.moveTo(cx + side * (nw + 4), sy - 52);
      ctx.lineTo(cx + side * 8, sy + 24);
      ctx.lineTo(cx + side * (nw + 34), sy + 4);
      ctx.closePath();
      ctx.fillStyle = shade(opts.shirt, -0.06);
      ctx.fill();
      stroke(ctx, withAlpha('#000000', 0.12), 2);
    }
  }
  if (opts.tie) {
    ctx.beginPath();
    ctx.moveTo(cx - 18, sy + 6);
    ctx.lineTo(cx + 18, sy + 6);
    ctx.lineTo(cx + 12, sy + 34);
    ctx.lineTo(cx - 12, sy + 34);
    ctx.closePath();
    ctx.fillStyle = shade(opts.tie, -0.1);
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(cx - 12, sy + 34);
    ctx.lineTo(cx + 12, sy + 34);
    ctx.lineTo(cx + 26, sy + 250);
    ctx.lineTo(cx, sy + 285);
    ctx.lineTo(cx - 26, sy + 250);
    ctx.closePath();
    ctx.fillStyle = opts.tie;
    ctx.fill();
  }
  // Lapels.
  const lapel = shade(look.outfit.color, -0.14);
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(cx + side * (nw + 18), sy - 42);
    ctx.lineTo(cx + side * 6, sy + 262);
    ctx.lineTo(cx + side * 70, sy + 150);
    ctx.lineTo(cx + side * (nw + 70), sy + 60);
    ctx.lineTo(cx + side * (nw + 40), sy + 40);
    ctx.lineTo(cx + side * (nw + 48), sy - 20);
    ctx.closePath();
    ctx.fillStyle = lapel;
    ctx.fill();
    stroke(ctx, withAlpha('#000000', 0.18), 2.5);
  }
  // Breast pocket square on the left of the picture.
  ctx.beginPath();
  ctx.moveTo(cx + f.shoulderW * 0.5, sy + 200);
  ctx.lineTo(cx + f.shoulderW * 0.78, sy + 196);
  stroke(ctx, withAlpha('#000000', 0.2), 3);
}

function drawCardigan(ctx: Ctx, f: Figure, look: AvatarLook): void {
  const { cx } = f;
  const sy = f.shoulderY;
  vNeck(ctx, f, 300, f.neckW / 2 + 30, look.outfit.accent);
  neckSkin(ctx, f, f.neckW / 2 + 4, 32);
  // Collar of the shirt beneath.
  ctx.beginPath();
  ctx.ellipse(cx, sy - 34, f.neckW / 2 + 6, 34, 0, 0.1, Math.PI - 0.1);
  stroke(ctx, shade(look.outfit.accent, -0.15), 8);
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(cx + side * (f.neckW / 2 + 30), sy - 40);
    ctx.lineTo(cx + side * 4, sy + 300);
    stroke(ctx, shade(look.outfit.color, -0.2), 16);
  }
  for (let i = 0; i < 3; i++) ellipse(ctx, cx - 20, sy + 330 + i * 90, 9, 9, shade(look.outfit.color, 0.35));
  knit(ctx, f, look.outfit.color);
}

function drawVest(ctx: Ctx, f: Figure, look: AvatarLook): void {
  const { cx } = f;
  const sy = f.shoulderY;
  // The shirt is the body colour of the sleeves; the vest is a V over it.
  const shirt = look.outfit.accent;
  torsoPath(ctx, f);
  ctx.fillStyle = shirt;
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(cx - f.shoulderW * 0.62, sy - 10);
  ctx.lineTo(cx - 4, sy + 280);
  ctx.lineTo(cx + 4, sy + 280);
  ctx.lineTo(cx + f.shoulderW * 0.62, sy - 10);
  ctx.lineTo(cx + f.shoulderW * 0.8, 2200);
  ctx.lineTo(cx - f.shoulderW * 0.8, 2200);
  ctx.closePath();
  ctx.fillStyle = look.outfit.color;
  ctx.fill();
  for (let i = 0; i < 3; i++) ellipse(ctx, cx, sy + 320 + i * 70, 8, 8, shade(look.outfit.color, 0.3));
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(cx + side * (f.neckW / 2 + 4), sy - 52);
    ctx.lineTo(cx + side * 10, sy + 22);
    ctx.lineTo(cx + side * (f.neckW / 2 + 36), sy + 4);
    ctx.closePath();
    ctx.fillStyle = shade(shirt, -0.05);
    ctx.fill();
    stroke(ctx, withAlpha('#000000', 0.15), 2);
  }
}

function drawHoodie(ctx: Ctx, f: Figure, look: AvatarLook): void {
  const { cx } = f;
  const sy = f.shoulderY;
  ctx.beginPath();
  ctx.ellipse(cx, sy - 30, f.neckW / 2 + 22, 46, 0, 0, Math.PI);
  stroke(ctx, shade(look.outfit.color, -0.25), 16);
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(cx + side * 34, sy + 12);
    ctx.quadraticCurveTo(cx + side * 40, sy + 120, cx + side * 30, sy + 200);
    stroke(ctx, look.outfit.accent, 7);
    ellipse(ctx, cx + side * 30, sy + 208, 7, 12, shade(look.outfit.accent, -0.2));
  }
  ctx.beginPath();
  ctx.moveTo(cx - f.shoulderW * 0.55, sy + 420);
  ctx.quadraticCurveTo(cx, sy + 390, cx + f.shoulderW * 0.55, sy + 420);
  stroke(ctx, withAlpha('#000000', 0.15), 4);
}

function drawCrewNeck(ctx: Ctx, f: Figure, look: AvatarLook): void {
  const { cx } = f;
  const sy = f.shoulderY;
  const sweater = look.outfit.kind === 'sweater';
  ctx.beginPath();
  ctx.ellipse(cx, sy - 36, f.neckW / 2 + 8, 34, 0, 0, Math.PI);
  ctx.fillStyle = f.colors.skin;
  ctx.fill();
  stroke(ctx, shade(look.outfit.color, -0.2), sweater ? 16 : 10);
  if (sweater) {
    knit(ctx, f, look.outfit.color);
    return;
  }
  // A simple star on the chest.
  const x = cx - f.shoulderW * 0.4;
  const y = sy + 200;
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? 44 : 19;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    ctx.lineTo(x + Math.cos(a) * r, y + Math.sin(a) * r);
  }
  ctx.closePath();
  ctx.fillStyle = look.outfit.accent;
  ctx.fill();
}

function knit(ctx: Ctx, f: Figure, color: string): void {
  for (let i = -6; i <= 6; i++) {
    const x = f.cx + i * 42;
    ctx.beginPath();
    ctx.moveTo(x, f.shoulderY + 40);
    ctx.lineTo(x + i * 3, 2200);
    stroke(ctx, withAlpha(shade(color, -0.3), 0.12), 6);
  }
}

function drawDenim(ctx: Ctx, f: Figure, look: AvatarLook): void {
  const { cx } = f;
  const sy = f.shoulderY;
  vNeck(ctx, f, 300, f.neckW / 2 + 26, look.outfit.accent);
  neckSkin(ctx, f, f.neckW / 2 + 4, 30);
  const dark = shade(look.outfit.color, -0.2);
  for (const side of [-1, 1]) {
    // Collar points.
    ctx.beginPath();
    ctx.moveTo(cx + side * (f.neckW / 2 + 26), sy - 48);
    ctx.lineTo(cx + side * (f.neckW / 2 + 10), sy + 70);
    ctx.lineTo(cx + side * (f.neckW / 2 + 90), sy + 30);
    ctx.closePath();
    ctx.fillStyle = dark;
    ctx.fill();
    // Chest pocket with a flap and stitches.
    const px = cx + side * f.shoulderW * 0.55;
    ctx.beginPath();
    ctx.roundRect(px - 55, sy + 160, 110, 120, 10);
    ctx.setLineDash([8, 7]);
    stroke(ctx, withAlpha('#f3d9a0', 0.8), 3);
    ctx.beginPath();
    ctx.moveTo(px - 58, sy + 160);
    ctx.lineTo(px + 58, sy + 160);
    ctx.lineTo(px, sy + 210);
    ctx.closePath();
    ctx.setLineDash([]);
    ctx.fillStyle = dark;
    ctx.fill();
    ellipse(ctx, px, sy + 196, 7, 7, '#c9a24a');
    ctx.beginPath();
    ctx.moveTo(cx + side * (f.neckW / 2 + 26), sy - 40);
    ctx.lineTo(cx + side * 4, sy + 300);
    ctx.lineTo(cx + side * 4, 2200);
    ctx.setLineDash([8, 7]);
    stroke(ctx, withAlpha('#f3d9a0', 0.7), 3);
    ctx.setLineDash([]);
  }
}

/** A collar standing round the neck, `growPx` wider than the neck on each side, from `topPx` above the shoulders down `heightPx`. */
function standingCollar(ctx: Ctx, f: Figure, c: { growPx: number; topPx: number; heightPx: number; radiusPx: number }, colour: string): void {
  ctx.beginPath();
  ctx.roundRect(f.cx - f.neckW / 2 - c.growPx, f.shoulderY - c.topPx, f.neckW + 2 * c.growPx, c.heightPx, c.radiusPx);
  ctx.fillStyle = colour;
  ctx.fill();
}

function drawChef(ctx: Ctx, f: Figure, look: AvatarLook): void {
  const { cx } = f;
  const sy = f.shoulderY;
  // Mandarin collar, neckerchief, double row of buttons.
  standingCollar(ctx, f, { growPx: 16, topPx: 64, heightPx: 46, radiusPx: 16 }, shade(look.outfit.color, -0.06));
  stroke(ctx, withAlpha('#000000', 0.12), 2);
  ctx.beginPath();
  ctx.moveTo(cx - 46, sy - 22);
  ctx.lineTo(cx + 46, sy - 22);
  ctx.lineTo(cx, sy + 80);
  ctx.closePath();
  ctx.fillStyle = look.outfit.accent;
  ctx.fill();
  ellipse(ctx, cx, sy - 16, 24, 18, shade(look.outfit.accent, -0.15));
  const button = luminance(look.outfit.color) > 0.6 ? '#3a3a3a' : '#f0f0f0';
  for (let i = 0; i < 4; i++) for (const side of [-1, 1]) ellipse(ctx, cx + side * 80, sy + 140 + i * 80, 10, 10, button);
  ctx.beginPath();
  ctx.moveTo(cx + 120, sy - 20);
  ctx.quadraticCurveTo(cx + 40, sy + 200, cx + 120, 2200);
  stroke(ctx, withAlpha('#000000', 0.1), 4);
}

function drawTrackJacket(ctx: Ctx, f: Figure, look: AvatarLook): void {
  const { cx } = f;
  const sy = f.shoulderY;
  standingCollar(ctx, f, { growPx: 20, topPx: 78, heightPx: 70, radiusPx: 24 }, shade(look.outfit.color, -0.12));
  ctx.beginPath();
  ctx.moveTo(cx, sy - 78);
  ctx.lineTo(cx, 2200);
  stroke(ctx, shade(look.outfit.color, -0.35), 6);
  roundZip(ctx, cx, sy + 60);
  for (const side of [-1, 1]) {
    for (const k of [0, 1]) {
      ctx.beginPath();
      ctx.moveTo(cx + side * (f.neckW / 2 + 40 + k * 26), sy - 20);
      ctx.quadraticCurveTo(cx + side * (f.shoulderW * 0.9 + k * 20), sy + 10, cx + side * (f.shoulderW * 1.06 + k * 8), sy + 260);
      stroke(ctx, look.outfit.accent, 12);
    }
  }
}

function roundZip(ctx: Ctx, x: number, y: number): void {
  ctx.beginPath();
  ctx.roundRect(x - 9, y - 20, 18, 40, 6);
  ctx.fillStyle = '#d9d9d9';
  ctx.fill();
}

function drawStethoscope(ctx: Ctx, f: Figure): void {
  const { cx } = f;
  const sy = f.shoulderY;
  ctx.beginPath();
  ctx.moveTo(cx - f.neckW / 2 - 30, sy - 50);
  ctx.bezierCurveTo(cx - f.neckW / 2 - 60, sy + 120, cx - 70, sy + 230, cx - 40, sy + 260);
  stroke(ctx, '#3b4a56', 10);
  ctx.beginPath();
  ctx.moveTo(cx + f.neckW / 2 + 30, sy - 50);
  ctx.bezierCurveTo(cx + f.neckW / 2 + 60, sy + 120, cx + 110, sy + 260, cx + 150, sy + 330);
  stroke(ctx, '#3b4a56', 10);
  ellipse(ctx, cx + 155, sy + 345, 26, 26, '#b8c2ca');
  ellipse(ctx, cx + 155, sy + 345, 14, 14, '#8d99a3');
}
