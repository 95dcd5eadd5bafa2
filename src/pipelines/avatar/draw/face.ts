import type { AvatarLook } from '../../../domain/catalog/avatars-look.js';
import type { Figure } from './figure.js';
import { hashString, seededRandom } from '../../../core/random.js';
import { ellipse, shade, stroke, withAlpha, type Ctx } from './paint.js';

export type EyeState = 'open' | 'half' | 'closed';

/** The face outline: a rounded skull over a jaw that narrows to the chin by the look's jaw width. */
export function facePath(ctx: Ctx, f: Figure, grow = 0): void {
  const { cx, cy, jaw } = f;
  const rx = f.rx + grow;
  const ry = f.ry + grow;
  ctx.beginPath();
  ctx.moveTo(cx - rx, cy - ry * 0.05);
  ctx.ellipse(cx, cy - ry * 0.05, rx, ry * 0.95, 0, Math.PI, Math.PI * 2);
  ctx.bezierCurveTo(cx + rx, cy + ry * 0.35, cx + rx * jaw * 1.08, cy + ry * 0.62, cx + rx * jaw * 0.78, cy + ry * 0.84);
  ctx.bezierCurveTo(cx + rx * jaw * 0.48, cy + ry * 1.02, cx + rx * 0.16, cy + ry * 1.02, cx, cy + ry * 1.02);
  ctx.bezierCurveTo(cx - rx * 0.16, cy + ry * 1.02, cx - rx * jaw * 0.48, cy + ry * 1.02, cx - rx * jaw * 0.78, cy + ry * 0.84);
  ctx.bezierCurveTo(cx - rx * jaw * 1.08, cy + ry * 0.62, cx - rx, cy + ry * 0.35, cx - rx, cy - ry * 0.05);
  ctx.closePath();
}

export function drawEars(ctx: Ctx, f: Figure): void {
  const y = f.eyeY + f.ry * 0.14;
  for (const side of [-1, 1]) {
    const x = f.cx + side * f.rx * 0.96;
    ellipse(ctx, x, y, f.rx * 0.16, f.ry * 0.26, f.colors.skin);
    ellipse(ctx, x + side * f.rx * 0.02, y, f.rx * 0.08, f.ry * 0.16, f.colors.skinShade);
  }
}

/** Face fill with soft light from the upper left and shade along the jaw. */
export function drawFaceShape(ctx: Ctx, f: Figure): void {
  facePath(ctx, f);
  ctx.fillStyle = f.colors.skin;
  ctx.fill();
  ctx.save();
  facePath(ctx, f);
  ctx.clip();
  const light = ctx.createRadialGradient(f.cx - f.rx * 0.35, f.cy - f.ry * 0.35, f.rx * 0.1, f.cx, f.cy, f.rx * 1.5);
  light.addColorStop(0, withAlpha(f.colors.skinLight, 0.55));
  light.addColorStop(0.6, withAlpha(f.colors.skin, 0));
  light.addColorStop(1, withAlpha(f.colors.skinShade, 0.55));
  ctx.fillStyle = light;
  ctx.fillRect(f.cx - f.rx * 1.2, f.cy - f.ry * 1.2, f.rx * 2.4, f.ry * 2.4);
  ctx.restore();
}

function eyeOutline(ctx: Ctx, x: number, y: number, rx: number, ry: number): void {
  ctx.beginPath();
  ctx.moveTo(x - rx, y + ry * 0.1);
  ctx.bezierCurveTo(x - rx * 0.5, y - ry * 1.35, x + rx * 0.5, y - ry * 1.35, x + rx, y);
  ctx.bezierCurveTo(x + rx * 0.5, y + ry * 1.15, x - rx * 0.5, y + ry * 1.15, x - rx, y + ry * 0.1);
  ctx.closePath();
}

export function drawEyes(ctx: Ctx, f: Figure, look: AvatarLook, state: EyeState): void {
  const lash = shade(f.colors.outline, -0.3);
  const lashWidth = f.eyeRy * (look.age === 'child' ? 0.3 : 0.34);
  for (const side of [-1, 1]) {
    const x = f.cx + side * f.eyeDx;
    const y = f.eyeY;
    const rx = f.eyeRx;
    const ry = f.eyeRy;
    if (state === 'closed') {
      ctx.beginPath();
      ctx.moveTo(x - rx, y + ry * 0.1);
      ctx.quadraticCurveTo(x, y + ry * 1.0, x + rx, y + ry * 0.05);
      stroke(ctx, lash, lashWidth);
      continue;
    }
    // Socket shadow, white, iris, pupil, catch-light.
    ellipse(ctx, x, y - ry * 0.15, rx * 1.25, ry * 1.45, withAlpha(f.colors.skinShade, 0.35));
    ctx.save();
    eyeOutline(ctx, x, y, rx, ry);
    ctx.fillStyle = '#fbfaf6';
    ctx.fill();
    ctx.clip();
    const irisR = ry * 0.98;
    ellipse(ctx, x + side * rx * 0.04, y + ry * 0.05, irisR, irisR, look.eyes.iris);
    ellipse(ctx, x + side * rx * 0.04, y + ry * 0.05, irisR * 0.5, irisR * 0.5, '#120c0a');
    ellipse(ctx, x + side * rx * 0.04 - irisR * 0.35, y - irisR * 0.3, irisR * 0.22, irisR * 0.22, '#ffffff');
    if (state === 'half') {
      // The upper lid comes down to the middle of the eye.
      ctx.beginPath();
      ctx.rect(x - rx * 1.3, y - ry * 2, rx * 2.6, ry * 2.05);
      ctx.fillStyle = f.colors.skin;
      ctx.fill();
    }
    ctx.restore();
    ctx.beginPath();
    if (state === 'half') {
      ctx.moveTo(x - rx, y + ry * 0.1);
      ctx.quadraticCurveTo(x, y + ry * 0.25, x + rx, y);
    } else {
      ctx.moveTo(x - rx, y + ry * 0.1);
      ctx.bezierCurveTo(x - rx * 0.5, y - ry * 1.35, x + rx * 0.5, y - ry * 1.35, x + rx, y);
    }
    stroke(ctx, lash, lashWidth);
    // Outer lash flick; a lid crease above.
    ctx.beginPath();
    ctx.moveTo(x + side * rx * 0.95, y - ry * (state === 'half' ? -0.05 : 0.05));
    ctx.lineTo(x + side * rx * 1.18, y - ry * (state === 'half' ? 0.1 : 0.35));
    stroke(ctx, lash, lashWidth * 0.8);
    if (state === 'open') {
      ctx.beginPath();
      ctx.moveTo(x - rx * 0.8, y - ry * 1.2);
      ctx.quadraticCurveTo(x, y - ry * 1.85, x + rx * 0.85, y - ry * 1.15);
      stroke(ctx, withAlpha(f.colors.skinDeep, 0.45), 2.5);
    }
  }
}

export function drawBrows(ctx: Ctx, f: Figure, look: AvatarLook, lift = 0): void {
  const thick = look.age === 'child' ? 9 : f.jaw > 0.78 ? 15 : 11;
  for (const side of [-1, 1]) {
    const x = f.cx + side * f.eyeDx;
    const y = f.browY - lift;
    ctx.beginPath();
    ctx.moveTo(x - side * f.eyeRx * 1.05, y + 8);
    ctx.quadraticCurveTo(x + side * f.eyeRx * 0.1, y - 12, x + side * f.eyeRx * 1.25, y + 6);
    stroke(ctx, f.colors.brow, thick);
  }
}

export function drawNose(ctx: Ctx, f: Figure, look: AvatarLook): void {
  const { cx, noseY } = f;
  const w = f.rx * (look.age === 'child' ? 0.1 : 0.14);
  ellipse(ctx, cx, noseY + 4, w * 1.3, w * 0.55, withAlpha(f.colors.skinShade, 0.45));
  ctx.beginPath();
  ctx.moveTo(cx + f.rx * 0.05, f.eyeY + f.ry * 0.08);
  ctx.quadraticCurveTo(cx + f.rx * 0.11, noseY - f.ry * 0.1, cx + w * 0.75, noseY - 4);
  stroke(ctx, withAlpha(f.colors.skinDeep, 0.35), 4);
  ctx.beginPath();
  ctx.moveTo(cx - w, noseY - 2);
  ctx.quadraticCurveTo(cx, noseY + w * 0.7, cx + w, noseY - 2);
  stroke(ctx, withAlpha(f.colors.skinDeep, 0.7), 4.5);
  ellipse(ctx, cx - w * 0.45, noseY + 1, w * 0.2, w * 0.12, withAlpha(f.colors.outline, 0.5));
  ellipse(ctx, cx + w * 0.45, noseY + 1, w * 0.2, w * 0.12, withAlpha(f.colors.outline, 0.5));
}

export function drawCheeks(ctx: Ctx, f: Figure, look: AvatarLook): void {
  const extras = look.extras ?? {};
  if (extras.blush) {
    for (const side of [-1, 1]) {
      const x = f.cx + side * f.rx * 0.56;
      const y = f.mouthY - f.ry * 0.24;
      const g = ctx.createRadialGradient(x, y, 0, x, y, f.rx * 0.26);
      g.addColorStop(0, withAlpha('#ff6f7d', 0.28));
      g.addColorStop(1, withAlpha('#ff6f7d', 0));
      ctx.fillStyle = g;
      ctx.fillRect(x - f.rx * 0.3, y - f.rx * 0.3, f.rx * 0.6, f.rx * 0.6);
    }
  }
  if (extras.freckles) {
    const rnd = seededRandom(hashString(look.skin + look.hair.color));
    for (let i = 0; i < 26; i++) {
      const side = i % 2 === 0 ? -1 : 1;
      const x = f.cx + side * f.rx * (0.12 + rnd() * 0.5);
      const y = f.noseY - f.ry * (0.12 - rnd() * 0.16);
      ellipse(ctx, x, y, 2.6, 2.6, withAlpha(shade(f.colors.skin, -0.35), 0.6));
    }
  }
  if (extras.lines || look.age === 'senior') {
    const line = withAlpha(f.colors.skinDeep, 0.45);
    for (const side of [-1, 1]) {
      // Smile folds, crow's feet, under-eye line.
      ctx.beginPath();
      ctx.moveTo(f.cx + side * f.rx * 0.2, f.noseY - 2);
      ctx.quadraticCurveTo(f.cx + side * f.rx * 0.42, f.mouthY - f.ry * 0.1, f.cx + side * f.rx * 0.36, f.mouthY + f.ry * 0.08);
      stroke(ctx, line, 3.5);
      const ex = f.cx + side * (f.eyeDx + f.eyeRx * 1.35);
      for (const k of [-1, 0, 1]) {
        ctx.beginPath();
        ctx.moveTo(ex, f.eyeY + k * 8);
        ctx.lineTo(ex + side * 16, f.eyeY + k * 13);
        stroke(ctx, line, 2.5);
      }
      ctx.beginPath();
      ctx.moveTo(f.cx + side * (f.eyeDx - f.eyeRx * 0.7), f.eyeY + f.eyeRy * 1.7);
      ctx.quadraticCurveTo(f.cx + side * f.eyeDx, f.eyeY + f.eyeRy * 2.3, f.cx + side * (f.eyeDx + f.eyeRx * 0.7), f.eyeY + f.eyeRy * 1.6);
      stroke(ctx, line, 2.5);
    }
    for (const k of [0, 1]) {
      ctx.beginPath();
      ctx.moveTo(f.cx - f.rx * 0.45, f.cy - f.ry * (0.5 + k * 0.1));
      ctx.quadraticCurveTo(f.cx, f.cy - f.ry * (0.56 + k * 0.1), f.cx + f.rx * 0.45, f.cy - f.ry * (0.5 + k * 0.1));
      stroke(ctx, line, 2.5);
    }
  }
}

/** Beard and stubble sit on the jaw; the mouth is drawn over them afterwards. */
export function drawFacialHair(ctx: Ctx, f: Figure, look: AvatarLook): void {
  const extras = look.extras ?? {};
  const color = f.colors.facialHair;
  const { cx, rx, ry, cy } = f;
  if (extras.beard === 'full' || extras.beard === 'stubble') {
    ctx.save();
    facePath(ctx, f, 4);
    ctx.clip();
    ctx.beginPath();
    ctx.moveTo(cx - rx * 1.05, f.eyeY + ry * 0.05);
    ctx.quadraticCurveTo(cx - rx * 0.7, f.noseY + ry * 0.02, cx - rx * 0.42, f.noseY + ry * 0.05);
    ctx.quadraticCurveTo(cx, f.noseY + ry * 0.02, cx + rx * 0.42, f.noseY + ry * 0.05);
    ctx.quadraticCurveTo(cx + rx * 0.7, f.noseY + ry * 0.02, cx + rx * 1.05, f.eyeY + ry * 0.05);
    ctx.lineTo(cx + rx * 1.2, cy + ry * 1.3);
    ctx.lineTo(cx - rx * 1.2, cy + ry * 1.3);
    ctx.closePath();
    if (extras.beard === 'full') {
      ctx.fillStyle = color;
      ctx.fill();
      const rnd = seededRandom(hashString(color));
      for (let i = 0; i < 70; i++) {
        const x = cx + (rnd() * 2 - 1) * rx * 0.95;
        const y = f.noseY + ry * 0.15 + rnd() * ry * 0.8;
        ctx.beginPath();
        ctx.moveTo(x, y);
        ctx.lineTo(x + (rnd() - 0.5) * 6, y + 12);
        stroke(ctx, withAlpha(shade(color, 0.25), 0.35), 2);
      }
    } else {
      ctx.fillStyle = withAlpha(color, 0.14);
      ctx.fill();
    }
    ctx.restore();
    if (extras.beard === 'full') {
      // The beard's own outline below the chin, for volume.
      ctx.beginPath();
      ctx.moveTo(cx - rx * f.jaw * 0.95, cy + ry * 0.7);
      ctx.quadraticCurveTo(cx, cy + ry * 1.32, cx + rx * f.jaw * 0.95, cy + ry * 0.7);
      ctx.lineTo(cx + rx * 0.6, cy + ry * 0.7);
      ctx.lineTo(cx - rx * 0.6, cy + ry * 0.7);
      ctx.closePath();
      ctx.fillStyle = color;
      ctx.fill();
    }
  }
  if (extras.beard === 'goatee') {
    ctx.beginPath();
    ctx.ellipse(cx, cy + ry * 0.86, rx * 0.24, ry * 0.16, 0, 0, Math.PI * 2);
    ctx.fillStyle = color;
    ctx.fill();
  }
  if (extras.mustache || extras.beard === 'full') {
    const y = f.mouthY - f.mouthW * 0.2;
    ctx.beginPath();
    ctx.moveTo(cx, y - f.mouthW * 0.12);
    ctx.bezierCurveTo(cx - f.mouthW * 0.35, y - f.mouthW * 0.25, cx - f.mouthW * 0.7, y - f.mouthW * 0.05, cx - f.mouthW * 0.66, y + f.mouthW * 0.16);
    ctx.bezierCurveTo(cx - f.mouthW * 0.4, y + f.mouthW * 0.02, cx - f.mouthW * 0.15, y + f.mouthW * 0.06, cx, y + f.mouthW * 0.02);
    ctx.bezierCurveTo(cx + f.mouthW * 0.15, y + f.mouthW * 0.06, cx + f.mouthW * 0.4, y + f.mouthW * 0.02, cx + f.mouthW * 0.66, y + f.mouthW * 0.16);
    ctx.bezierCurveTo(cx + f.mouthW * 0.7, y - f.mouthW * 0.05, cx + f.mouthW * 0.35, y - f.mouthW * 0.25, cx, y - f.mouthW * 0.12);
    ctx.fillStyle = color;
    ctx.fill();
  }
}

export function drawEarrings(ctx: Ctx, f: Figure, look: AvatarLook): void {
  const color = look.extras?.earrings;
  if (!color) return;
  for (const side of [-1, 1]) {
    const x = f.cx + side * f.rx * 0.97;
    const y = f.eyeY + f.ry * 0.42;
    ellipse(ctx, x, y, 7, 7, color);
    ellipse(ctx, x, y + 16, 9, 12, color);
    ellipse(ctx, x - 2, y + 12, 3, 4, withAlpha('#ffffff', 0.6));
  }
}

export function drawGlasses(ctx: Ctx, f: Figure, look: AvatarLook): void {
  const kind = look.extras?.glasses;
  if (!kind) return;
  const color = look.extras?.glassesColor ?? '#2a2a2a';
  const w = f.eyeRx * 1.55;
  const h = f.eyeRy * 2.3;
  for (const side of [-1, 1]) {
    const x = f.cx + side * f.eyeDx;
    const y = f.eyeY;
    ctx.beginPath();
    if (kind === 'round') ctx.ellipse(x, y, w, h, 0, 0, Math.PI * 2);
    else ctx.roundRect(x - w, y - h, w * 2, h * 2, 14);
    ctx.fillStyle = withAlpha('#dfefff', 0.12);
    ctx.fill();
    stroke(ctx, color, 6);
    // Temple arm to the ear.
    ctx.beginPath();
    ctx.moveTo(x + side * w, y - h * 0.3);
    ctx.lineTo(f.cx + side * f.rx * 0.98, y - h * 0.1);
    stroke(ctx, color, 5);
  }
  ctx.beginPath();
  ctx.moveTo(f.cx - f.eyeDx + w, f.eyeY - h * 0.2);
  ctx.quadraticCurveTo(f.cx, f.eyeY - h * 0.6, f.cx + f.eyeDx - w, f.eyeY - h * 0.2);
  stroke(ctx, color, 5);
}
