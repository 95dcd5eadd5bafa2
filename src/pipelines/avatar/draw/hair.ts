import type { AvatarLook, HairStyle } from '../../../domain/catalog/avatars-look.js';
import type { Figure } from './figure.js';
import { hashString, seededRandom } from '../../../core/random.js';
import { ellipse, shade, stroke, withAlpha, type Ctx } from './paint.js';

/**
 * Hair in three parts, so the head can move over a still body:
 * - `drawHairLong`: what hangs behind the shoulders (base layer, drawn before the body);
 * - `drawHairBack`: volume around and behind the head (head layer, before the face);
 * - `drawHairFront`: the hairline, fringe and strands over the face (head layer, after it).
 */
const LONG: ReadonlySet<HairStyle> = new Set(['long-straight', 'long-wavy']);

/** The skull outline grown by `grow`, from the left temple over the top to the right temple. */
function skullArc(ctx: Ctx, f: Figure, grow: number, fromY: number): void {
  const rx = f.rx + grow;
  const ry = f.ry * 0.95 + grow;
  const cy = f.cy - f.ry * 0.05;
  // Angles grow clockwise on a canvas: π is the left point, 3π/2 the top, 2π the right.
  const d = Math.asin(Math.min(1, Math.max(-1, (fromY - cy) / ry)));
  ctx.ellipse(f.cx, cy, rx, ry, 0, Math.PI - d, Math.PI * 2 + d, false);
}

/** A cap over the skull down to the temples, with a hairline drawn by `hairline` from right to left. */
function cap(ctx: Ctx, f: Figure, grow: number, templeY: number, hairline: (ctx: Ctx) => void): void {
  ctx.beginPath();
  ctx.moveTo(f.cx - f.rx - grow * 0.5, templeY);
  skullArc(ctx, f, grow, templeY);
  ctx.lineTo(f.cx + f.rx + grow * 0.5, templeY);
  hairline(ctx);
  ctx.closePath();
}

function fillHair(ctx: Ctx, f: Figure, top: number, bottom: number): void {
  const g = ctx.createLinearGradient(0, top, 0, bottom);
  g.addColorStop(0, f.colors.hairLight);
  g.addColorStop(0.35, f.colors.hair);
  g.addColorStop(1, f.colors.hairShade);
  ctx.fillStyle = g;
  ctx.fill();
}

/** Loose strokes along the hair's flow, so a flat shape reads as hair. */
function strands(ctx: Ctx, f: Figure, count: number, from: [number, number], spread: number, length: number, curl: number, seed: string): void {
  const rnd = seededRandom(hashString(seed));
  for (let i = 0; i < count; i++) {
    const x = from[0] + (rnd() * 2 - 1) * spread;
    const y = from[1] + rnd() * 20;
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.quadraticCurveTo(x + curl * (rnd() + 0.5), y + length * 0.5, x + curl * 0.5, y + length * (0.7 + rnd() * 0.4));
    stroke(ctx, withAlpha(i % 3 === 0 ? f.colors.hairLight : f.colors.hairShade, 0.35), 3);
  }
}

function curlCloud(ctx: Ctx, f: Figure, cx: number, cy: number, rx: number, ry: number, bump: number, seed: string): void {
  const rnd = seededRandom(hashString(seed));
  const n = Math.round((2 * Math.PI * Math.max(rx, ry)) / (bump * 1.2));
  ellipse(ctx, cx, cy, rx, ry, f.colors.hair);
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const r = bump * (0.85 + rnd() * 0.3);
    ellipse(ctx, cx + Math.cos(a) * rx, cy + Math.sin(a) * ry, r, r, i % 2 ? f.colors.hair : shade(f.colors.hair, -0.08));
  }
  for (let i = 0; i < n; i++) {
    const a = rnd() * Math.PI * 2;
    const d = rnd() * 0.8;
    ellipse(ctx, cx + Math.cos(a) * rx * d, cy + Math.sin(a) * ry * d, bump * 0.5, bump * 0.5, withAlpha(f.colors.hairLight, 0.25));
  }
}

export function drawHairLong(ctx: Ctx, f: Figure, look: AvatarLook): void {
  if (!LONG.has(look.hair.style)) return;
  const wavy = look.hair.style === 'long-wavy';
  const w = f.rx * 1.28;
  const bottom = f.shoulderY + (wavy ? 120 : 140);
  ctx.beginPath();
  ctx.moveTo(f.cx - w, f.cy - f.ry * 0.2);
  ctx.quadraticCurveTo(f.cx - w * 1.08, f.cy + f.ry * 0.9, f.cx - w * 1.02, bottom);
  const steps = 8;
  for (let i = 1; i <= steps; i++) {
    const x = f.cx - w * 1.02 + (2 * w * 1.02 * i) / steps;
    const y = bottom + (wavy ? (i % 2 ? 26 : 0) : i % 2 ? 10 : 0);
    ctx.lineTo(x, y);
  }
  ctx.quadraticCurveTo(f.cx + w * 1.08, f.cy + f.ry * 0.9, f.cx + w, f.cy - f.ry * 0.2);
  ctx.closePath();
  fillHair(ctx, f, f.cy - f.ry, bottom);
  ctx.fillStyle = withAlpha('#000000', 0.18);
  ctx.fill();
}

export function drawHairBack(ctx: Ctx, f: Figure, look: AvatarLook): void {
  const { cx, cy, rx, ry } = f;
  const seed = look.hair.color + look.hair.style;
  switch (look.hair.style) {
    case 'afro':
      curlCloud(ctx, f, cx, cy - ry * 0.3, rx * 1.5, ry * 1.05, 34, seed);
      return;
    case 'afro-puff':
      curlCloud(ctx, f, cx, cy - ry * 1.12, rx * 0.62, ry * 0.42, 22, seed);
      return;
    case 'bun':
      ellipse(ctx, cx, cy - ry * 1.02, rx * 0.42, ry * 0.3, f.colors.hair);
      ctx.beginPath();
      ctx.ellipse(cx, cy - ry * 1.02, rx * 0.26, ry * 0.17, 0, 0.4, Math.PI * 1.7);
      stroke(ctx, f.colors.hairShade, 5);
      return;
    case 'long-straight':
    case 'long-wavy':
    case 'bob': {
      const bottom = look.hair.style === 'bob' ? cy + ry * 0.92 : cy + ry * 1.25;
      ctx.beginPath();
      ctx.moveTo(cx - rx * 1.2, cy - ry * 0.1);
      ctx.ellipse(cx, cy - ry * 0.1, rx * 1.2, ry * 1.08, 0, Math.PI, Math.PI * 2);
      ctx.lineTo(cx + rx * 1.22, bottom);
      ctx.quadraticCurveTo(cx, bottom + ry * 0.12, cx - rx * 1.22, bottom);
      ctx.closePath();
      fillHair(ctx, f, cy - ry, bottom);
      return;
    }
    case 'ponytail': {
      ctx.beginPath();
      ctx.moveTo(cx + rx * 0.6, cy - ry * 0.85);
      ctx.bezierCurveTo(cx + rx * 1.7, cy - ry * 0.9, cx + rx * 1.55, cy + ry * 0.3, cx + rx * 1.3, cy + ry * 1.05);
      ctx.bezierCurveTo(cx + rx * 1.2, cy + ry * 0.5, cx + rx * 1.1, cy - ry * 0.2, cx + rx * 0.8, cy - ry * 0.45);
      ctx.closePath();
      fillHair(ctx, f, cy - ry, cy + ry);
      strands(ctx, f, 8, [cx + rx * 1.3, cy - ry * 0.5], 14, ry * 0.9, 10, seed);
      return;
    }
    case 'pigtails': {
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(cx + side * rx * 0.95, cy - ry * 0.35);
        ctx.bezierCurveTo(cx + side * rx * 1.6, cy - ry * 0.4, cx + side * rx * 1.65, cy + ry * 0.4, cx + side * rx * 1.45, cy + ry * 0.85);
        ctx.bezierCurveTo(cx + side * rx * 1.3, cy + ry * 0.4, cx + side * rx * 1.2, cy, cx + side * rx * 0.98, cy - ry * 0.05);
        ctx.closePath();
        fillHair(ctx, f, cy - ry * 0.4, cy + ry);
        const bx = cx + side * rx * 1.08;
        const by = cy - ry * 0.3;
        const ribbon = look.outfit.accent;
        ellipse(ctx, bx - 14, by, 16, 11, ribbon, -0.5);
        ellipse(ctx, bx + 14, by, 16, 11, ribbon, 0.5);
        ellipse(ctx, bx, by, 8, 8, shade(ribbon, -0.2));
      }
      return;
    }
    default:
      return;
  }
}

export function drawHairFront(ctx: Ctx, f: Figure, look: AvatarLook): void {
  const { cx, cy, rx, ry } = f;
  const style = look.hair.style;
  const seed = look.hair.color + style;
  const temple = f.eyeY - ry * 0.2;
  const top = cy - ry * 1.1;
  switch (style) {
    case 'bald': {
      for (const side of [-1, 1]) ellipse(ctx, cx + side * rx * 0.97, f.eyeY - ry * 0.02, rx * 0.1, ry * 0.2, withAlpha(f.colors.hair, 0.9));
      ellipse(ctx, cx - rx * 0.25, cy - ry * 0.7, rx * 0.3, ry * 0.1, withAlpha('#ffffff', 0.18), -0.3);
      return;
    }
    case 'buzz': {
      cap(ctx, f, 3, temple, (c) => {
        c.quadraticCurveTo(cx + rx * 0.7, cy - ry * 0.58, cx, cy - ry * 0.64);
        c.quadraticCurveTo(cx - rx * 0.7, cy - ry * 0.58, cx - rx - 1.5, temple);
      });
      ctx.fillStyle = withAlpha(f.colors.hair, 0.82);
      ctx.fill();
      return;
    }
    case 'short': {
      cap(ctx, f, 14, temple, (c) => {
        c.quadraticCurveTo(cx + rx * 0.85, cy - ry * 0.5, cx + rx * 0.3, cy - ry * 0.6);
        c.quadraticCurveTo(cx - rx * 0.1, cy - ry * 0.5, cx - rx * 0.35, cy - ry * 0.62);
        c.quadraticCurveTo(cx - rx * 0.85, cy - ry * 0.52, cx - rx - 7, temple);
      });
      fillHair(ctx, f, top, temple);
      strands(ctx, f, 10, [cx, cy - ry * 0.95], rx * 0.6, ry * 0.25, 14, seed);
      return;
    }
    case 'side-part': {
      cap(ctx, f, 24, temple, (c) => {
        c.quadraticCurveTo(cx + rx * 0.95, cy - ry * 0.45, cx + rx * 0.5, cy - ry * 0.62);
        c.bezierCurveTo(cx + rx * 0.1, cy - ry * 0.78, cx - rx * 0.3, cy - ry * 0.7, cx - rx * 0.42, cy - ry * 0.9);
        c.quadraticCurveTo(cx - rx * 0.75, cy - ry * 0.55, cx - rx - 12, temple);
      });
      fillHair(ctx, f, top, temple);
      ctx.beginPath();
      ctx.moveTo(cx - rx * 0.42, cy - ry * 0.9);
      ctx.quadraticCurveTo(cx - rx * 0.4, cy - ry * 1.0, cx - rx * 0.34, cy - ry * 1.06);
      stroke(ctx, f.colors.hairShade, 5);
      strands(ctx, f, 12, [cx + rx * 0.1, cy - ry * 1.05], rx * 0.5, ry * 0.35, 30, seed);
      return;
    }
    case 'curly-short':
    case 'afro': {
      const grow = style === 'afro' ? 10 : 22;
      cap(ctx, f, grow, temple, (c) => {
        c.quadraticCurveTo(cx + rx * 0.8, cy - ry * 0.55, cx, cy - ry * 0.62);
        c.quadraticCurveTo(cx - rx * 0.8, cy - ry * 0.55, cx - rx - grow / 2, temple);
      });
      ctx.fillStyle = f.colors.hair;
      ctx.fill();
      // Curls along the hairline and over the crown.
      const rnd = seededRandom(hashString(seed));
      const r = style === 'afro' ? 20 : 24;
      for (let i = 0; i <= 10; i++) {
        const t = i / 10;
        const x = cx - rx * 0.95 + t * rx * 1.9;
        const y = cy - ry * 0.6 - Math.sin(t * Math.PI) * ry * 0.06 + (i === 0 || i === 10 ? ry * 0.25 : 0);
        ellipse(ctx, x, y, r * (0.9 + rnd() * 0.3), r * (0.9 + rnd() * 0.3), i % 2 ? f.colors.hair : shade(f.colors.hair, -0.1));
      }
      if (style === 'curly-short') {
        for (let i = 0; i < 14; i++) {
          const a = Math.PI + (i / 13) * Math.PI;
          ellipse(
            ctx,
            cx + Math.cos(a) * (rx + 14),
            cy - ry * 0.08 + Math.sin(a) * (ry * 0.95 + 14),
            26,
            26,
            i % 2 ? f.colors.hair : shade(f.colors.hair, -0.1),
          );
        }
      }
      for (let i = 0; i < 24; i++) {
        const x = cx + (rnd() * 2 - 1) * rx * 0.85;
        const y = cy - ry * (0.7 + rnd() * 0.35);
        ctx.beginPath();
        ctx.arc(x, y, 7, 0, Math.PI * 1.3);
        stroke(ctx, withAlpha(f.colors.hairLight, 0.4), 2.5);
      }
      return;
    }
    case 'afro-puff': {
      cap(ctx, f, 6, temple, (c) => {
        c.quadraticCurveTo(cx + rx * 0.75, cy - ry * 0.6, cx, cy - ry * 0.68);
        c.quadraticCurveTo(cx - rx * 0.75, cy - ry * 0.6, cx - rx - 3, temple);
      });
      fillHair(ctx, f, top, temple);
      for (let i = -3; i <= 3; i++) {
        ctx.beginPath();
        ctx.moveTo(cx + i * rx * 0.22, cy - ry * 0.66);
        ctx.quadraticCurveTo(cx + i * rx * 0.14, cy - ry * 0.9, cx + i * rx * 0.06, cy - ry * 1.0);
        stroke(ctx, withAlpha(f.colors.hairLight, 0.35), 3);
      }
      ctx.beginPath();
      ctx.ellipse(cx, cy - ry * 0.98, rx * 0.3, ry * 0.06, 0, 0, Math.PI * 2);
      ctx.fillStyle = look.outfit.accent;
      ctx.fill();
      return;
    }
    case 'long-straight':
    case 'long-wavy': {
      const wavy = style === 'long-wavy';
      // Middle part, two curtains framing the face down past the jaw.
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(cx, cy - ry * 1.02);
        ctx.bezierCurveTo(cx + side * rx * 0.7, cy - ry * 1.08, cx + side * rx * 1.25, cy - ry * 0.7, cx + side * rx * 1.2, cy + ry * 0.1);
        if (wavy) {
          ctx.bezierCurveTo(cx + side * rx * 1.35, cy + ry * 0.5, cx + side * rx * 1.05, cy + ry * 0.8, cx + side * rx * 1.25, cy + ry * 1.3);
          ctx.bezierCurveTo(cx + side * rx * 0.95, cy + ry * 1.0, cx + side * rx * 1.0, cy + ry * 0.6, cx + side * rx * 0.92, cy + ry * 0.3);
        } else {
          ctx.lineTo(cx + side * rx * 1.22, cy + ry * 1.3);
          ctx.lineTo(cx + side * rx * 0.96, cy + ry * 1.1);
          ctx.lineTo(cx + side * rx * 0.93, cy + ry * 0.3);
        }
        ctx.bezierCurveTo(cx + side * rx * 0.9, cy - ry * 0.3, cx + side * rx * 0.5, cy - ry * 0.7, cx, cy - ry * 0.82);
        ctx.closePath();
        fillHair(ctx, f, top, cy + ry * 1.3);
        strands(ctx, f, 7, [cx + side * rx * 0.9, cy - ry * 0.5], rx * 0.18, ry * 1.2, side * (wavy ? 16 : 5), seed + side);
      }
      return;
    }
    case 'bob': {
      cap(ctx, f, 24, temple, (c) => {
        c.lineTo(cx + rx + 12, cy - ry * 0.38);
        c.lineTo(cx - rx - 12, cy - ry * 0.38);
      });
      fillHair(ctx, f, top, cy - ry * 0.3);
      // Sides down to the chin.
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(cx + side * (rx + 12), cy - ry * 0.5);
        ctx.lineTo(cx + side * (rx * 1.22), cy + ry * 0.92);
        ctx.quadraticCurveTo(cx + side * rx * 1.05, cy + ry * 0.98, cx + side * rx * 0.9, cy + ry * 0.85);
        ctx.quadraticCurveTo(cx + side * rx * 0.95, cy + ry * 0.2, cx + side * rx * 0.78, cy - ry * 0.38);
        ctx.closePath();
        fillHair(ctx, f, top, cy + ry);
      }
      // The fringe's cut line.
      for (let i = 0; i < 9; i++) {
        const x = cx - rx * 0.8 + (i / 8) * rx * 1.6;
        ctx.beginPath();
        ctx.moveTo(x, cy - ry * 0.38);
        ctx.lineTo(x + 4, cy - ry * 0.62);
        stroke(ctx, withAlpha(f.colors.hairShade, 0.5), 3);
      }
      return;
    }
    case 'ponytail':
    case 'bun':
    case 'braid': {
      // Hair pulled back: a smooth cap with combed lines towards the back.
      cap(ctx, f, 10, temple, (c) => {
        c.quadraticCurveTo(cx + rx * 0.8, cy - ry * 0.56, cx + rx * 0.1, cy - ry * 0.66);
        c.quadraticCurveTo(cx - rx * 0.7, cy - ry * 0.62, cx - rx - 5, temple);
      });
      fillHair(ctx, f, top, temple);
      for (let i = -3; i <= 3; i++) {
        ctx.beginPath();
        ctx.moveTo(cx + i * rx * 0.25, cy - ry * 0.66);
        ctx.quadraticCurveTo(cx + i * rx * 0.2 + rx * 0.15, cy - ry * 0.9, cx + rx * 0.4, cy - ry * 0.97);
        stroke(ctx, withAlpha(f.colors.hairLight, 0.3), 3);
      }
      if (style === 'braid') drawBraid(ctx, f, look);
      if (style === 'ponytail') {
        ellipse(ctx, cx + rx * 0.82, cy - ry * 0.62, 14, 18, look.outfit.accent, 0.5);
      }
      return;
    }
    case 'pigtails': {
      cap(ctx, f, 12, temple, (c) => {
        c.quadraticCurveTo(cx + rx * 0.85, cy - ry * 0.45, cx + rx * 0.25, cy - ry * 0.52);
        c.lineTo(cx, cy - ry * 0.75);
        c.lineTo(cx - rx * 0.25, cy - ry * 0.52);
        c.quadraticCurveTo(cx - rx * 0.85, cy - ry * 0.45, cx - rx - 6, temple);
      });
      fillHair(ctx, f, top, temple);
      ctx.beginPath();
      ctx.moveTo(cx, cy - ry * 0.75);
      ctx.lineTo(cx, cy - ry * 1.05);
      stroke(ctx, f.colors.hairShade, 4);
      return;
    }
    case 'undercut': {
      // Short sides, a long swept top.
      cap(ctx, f, 3, temple, (c) => {
        c.quadraticCurveTo(cx + rx * 0.7, cy - ry * 0.6, cx, cy - ry * 0.66);
        c.quadraticCurveTo(cx - rx * 0.7, cy - ry * 0.6, cx - rx - 1.5, temple);
      });
      ctx.fillStyle = withAlpha(shade(f.colors.hair, -0.55), 0.6);
      ctx.fill();
      // A quiff swept up and over to the right, its front lock falling towards the brow.
      ctx.beginPath();
      ctx.moveTo(cx - rx * 0.97, cy - ry * 0.5);
      ctx.bezierCurveTo(cx - rx * 1.05, cy - ry * 1.25, cx - rx * 0.3, cy - ry * 1.52, cx + rx * 0.4, cy - ry * 1.42);
      ctx.bezierCurveTo(cx + rx * 0.95, cy - ry * 1.34, cx + rx * 1.32, cy - ry * 1.0, cx + rx * 1.06, cy - ry * 0.6);
      ctx.quadraticCurveTo(cx + rx * 0.92, cy - ry * 0.82, cx + rx * 0.55, cy - ry * 0.74);
      ctx.quadraticCurveTo(cx, cy - ry * 0.64, cx - rx * 0.97, cy - ry * 0.5);
      ctx.closePath();
      fillHair(ctx, f, cy - ry * 1.5, cy - ry * 0.5);
      for (let i = 0; i < 6; i++) {
        ctx.beginPath();
        ctx.moveTo(cx - rx * (0.8 - i * 0.12), cy - ry * (0.6 + i * 0.02));
        ctx.bezierCurveTo(
          cx - rx * (0.7 - i * 0.1),
          cy - ry * (1.2 + i * 0.03),
          cx + rx * (0.3 + i * 0.08),
          cy - ry * 1.3,
          cx + rx * (0.85 + i * 0.03),
          cy - ry * (0.95 - i * 0.04),
        );
        stroke(ctx, withAlpha(i % 2 ? f.colors.hairLight : f.colors.hairShade, 0.45), 3.5);
      }
      return;
    }
  }
}

/** A braid over one shoulder: crossed links that taper to a tie and a tuft. */
function drawBraid(ctx: Ctx, f: Figure, look: AvatarLook): void {
  const { cx, cy, rx, ry } = f;
  const start = { x: cx + rx * 0.9, y: cy + ry * 0.55 };
  const end = { x: cx + rx * 1.3, y: cy + ry * 2.4 };
  const links = 10;
  for (let i = 0; i < links; i++) {
    const t = i / (links - 1);
    const x = start.x + (end.x - start.x) * t + Math.sin(t * 2.5) * 10;
    const y = start.y + (end.y - start.y) * t;
    const w = 34 * (1 - t * 0.4);
    for (const side of [-1, 1]) {
      ctx.beginPath();
      ctx.ellipse(x + side * w * 0.32, y, w * 0.62, w * 0.42, side * 0.7, 0, Math.PI * 2);
      ctx.fillStyle = side === (i % 2 ? 1 : -1) ? f.colors.hair : shade(f.colors.hair, 0.08);
      ctx.fill();
      stroke(ctx, f.colors.hairShade, 2.5);
    }
  }
  ctx.beginPath();
  ctx.moveTo(end.x - 10, end.y + 26);
  ctx.quadraticCurveTo(end.x - 18, end.y + 60, end.x - 4, end.y + 78);
  ctx.quadraticCurveTo(end.x + 4, end.y + 62, end.x + 14, end.y + 80);
  ctx.quadraticCurveTo(end.x + 20, end.y + 55, end.x + 10, end.y + 26);
  ctx.closePath();
  ctx.fillStyle = f.colors.hair;
  ctx.fill();
  ellipse(ctx, end.x, end.y + 24, 15, 9, look.outfit.accent);
}

/** How far the head layer reaches (units), per hair style. */
export function hairReach(style: HairStyle, f: Figure): { top: number; bottom: number; halfWidth: number } {
  const base = { top: f.cy - f.ry * 1.25, bottom: f.cy + f.ry * 1.45, halfWidth: f.rx * 1.45 };
  switch (style) {
    case 'afro':
      return { top: f.cy - f.ry * 1.5, bottom: base.bottom, halfWidth: f.rx * 1.85 };
    case 'afro-puff':
      return { top: f.cy - f.ry * 1.68, bottom: base.bottom, halfWidth: base.halfWidth };
    case 'undercut':
      return { top: f.cy - f.ry * 1.55, bottom: base.bottom, halfWidth: base.halfWidth };
    case 'braid':
      return { top: base.top, bottom: f.cy + f.ry * 2.95, halfWidth: f.rx * 1.75 };
    case 'ponytail':
    case 'pigtails':
      return { top: base.top, bottom: base.bottom, halfWidth: f.rx * 1.8 };
    default:
      return base;
  }
}
