import { fromOklch, mixHex, rgba } from '../backgrounds/colour.js';
import { withStops } from '../canvas-paint.js';
import type { Painting } from '../staging/scenes/painting.js';
import { hexOf, type SettingPlan } from './setting-plan.js';

/** The sky's colours at the top and at the horizon, by time of day; a named key colour tints it. */
export function skyColours(plan: SettingPlan): { top: string; low: string } {
  const k = plan.key;
  const tinted = plan.keyNamed !== null || plan.place === 'beach' || plan.place === 'mountain';
  if (plan.time === 'night') {
    const hue = plan.keyNamed ? k.h : 262;
    return { top: fromOklch({ l: 0.14, c: 0.04, h: hue }), low: fromOklch({ l: 0.3, c: plan.keyNamed ? Math.min(0.1, k.c) : 0.06, h: hue }) };
  }
  if (plan.time === 'golden') {
    return { top: plan.keyNamed ? fromOklch({ l: 0.55, c: k.c, h: k.h }) : '#4f6aa6', low: '#ffc58a' };
  }
  const top = tinted ? fromOklch({ l: Math.min(0.7, Math.max(0.5, k.l)), c: Math.max(0.06, k.c), h: k.h }) : '#6aa5d8';
  return { top, low: mixHex(top, '#f4f8fb', 0.75) };
}

/** Sky from 0 to `bottomY`: a gradient, the sun's glow (or the moon and stars at night), a few soft clouds. */
export function paintSky(p: Painting, plan: SettingPlan, bottomY: number): void {
  const { ctx, W, H, rng } = p;
  const { top, low } = skyColours(plan);
  ctx.fillStyle = withStops(ctx.createLinearGradient(0, 0, 0, bottomY), [
    [0, top],
    [1, low],
  ]);
  ctx.fillRect(0, 0, W, bottomY);
  const sx = plan.lightX * W,
    sy = bottomY * (plan.time === 'golden' ? 0.78 : 0.25);
  if (plan.time === 'night') {
    // Stars: many tiny points, a few brighter; fewer in a calm or minimal picture.
    const stars = Math.round(((W * bottomY) / 2600) * (0.4 + plan.detail * 0.6));
    for (let i = 0; i < stars; i++) {
      const x = rng.next() * W,
        y = rng.next() ** 1.4 * bottomY * 0.9;
      const r = Math.max(0.5, H * 0.0012 * (rng.next() < 0.08 ? 2.2 : 1));
      ctx.fillStyle = rgba('#ffffff', 0.35 + rng.next() * 0.6);
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fill();
    }
    const mr = Math.min(W, H) * 0.045;
    ctx.fillStyle = withStops(ctx.createRadialGradient(sx, sy, mr, sx, sy, mr * 6), [
      [0, rgba('#dfe8ff', 0.35)],
      [1, rgba('#dfe8ff', 0)],
    ]);
    ctx.fillRect(0, 0, W, bottomY);
    ctx.fillStyle = '#f4f1e6';
    ctx.beginPath();
    ctx.arc(sx, sy, mr, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  const sunColour = plan.time === 'golden' ? '#ffd27a' : '#fffbe8';
  ctx.fillStyle = withStops(ctx.createRadialGradient(sx, sy, 0, sx, sy, Math.max(W, H) * 0.55), [
    [0, rgba(sunColour, 0.95)],
    [0.06, rgba(sunColour, 0.65)],
    [1, rgba(sunColour, 0)],
  ]);
  ctx.fillRect(0, 0, W, bottomY);
  if (plan.detail > 0) paintClouds(p, plan, bottomY);
}

/** Soft clouds: overlapping blurred ellipses in a few horizontal bands, lit from the sun's side. */
function paintClouds(p: Painting, plan: SettingPlan, bottomY: number): void {
  const { ctx, W, H, rng } = p;
  const colour = plan.time === 'golden' ? '#ffe4c4' : '#ffffff';
  ctx.save();
  ctx.filter = `blur(${Math.max(2, Math.round(H * 0.012))}px)`;
  const clouds = 2 + rng.int(0, 3);
  for (let c = 0; c < clouds; c++) {
    const cx = rng.next() * W,
      cy = bottomY * (0.12 + rng.next() * 0.45);
    const w = W * (0.12 + rng.next() * 0.2);
    for (let i = 0; i < 6; i++) {
      ctx.fillStyle = rgba(colour, 0.35 + rng.next() * 0.3);
      ctx.beginPath();
      ctx.ellipse(
        cx + (rng.next() - 0.5) * w,
        cy + (rng.next() - 0.5) * w * 0.12,
        w * (0.2 + rng.next() * 0.2),
        w * (0.07 + rng.next() * 0.05),
        0,
        0,
        Math.PI * 2,
      );
      ctx.fill();
    }
  }
  ctx.restore();
}

/** A colour of the scene seen through distance: mixed toward the sky near the horizon (atmospheric perspective). */
export function hazed(colour: string, plan: SettingPlan, depth: number): string {
  return mixHex(colour, skyColours(plan).low, Math.max(0, Math.min(0.85, depth)));
}

/** The key colour at another lightness and strength, as `#rrggbb`. */
export function keyAt(plan: SettingPlan, l: number, chromaScale = 1): string {
  return hexOf({ l, c: plan.key.c * chromaScale, h: plan.key.h });
}
