import { fromOklch, mixHex, rgba } from '../backgrounds/colour.js';
import { withStops } from '../canvas-paint.js';
import type { Painting } from '../staging/scenes/painting.js';
import type { LookMood } from './prompt-look.js';
import type { SettingPlan } from './setting-plan.js';

/**
 * What a mood adds to a painted setting, behind the product: playful scatters confetti, energetic
 * throws diagonal streaks and a burst of rays, bold sets a saturated disc (in the studio), luxury
 * draws thin gold arcs and a spotlight, calm lays a soft haze. Minimal adds nothing. Then a grade:
 * contrast and saturation up for bold and energetic, down for calm.
 */
export function paintMoodLayer(p: Painting, plan: SettingPlan): void {
  const has = (m: LookMood) => plan.moods.includes(m);
  if (has('minimal')) return;
  if (has('calm')) haze(p, plan);
  if (has('bold') && plan.place === 'studio') colourBlock(p, plan);
  if (has('luxury')) gold(p, plan);
  if (has('energetic')) streaks(p, plan);
  if (has('playful')) confetti(p, plan);
}

/** Contrast and saturation of the whole painting, by mood (1 = unchanged). */
export function moodGrade(moods: readonly LookMood[]): { contrast: number; saturation: number } {
  let contrast = 1,
    saturation = 1;
  const by: Partial<Record<LookMood, [number, number]>> = {
    calm: [0.86, 0.82],
    bold: [1.14, 1.3],
    energetic: [1.1, 1.22],
    luxury: [1.06, 0.92],
    minimal: [0.96, 0.9],
    playful: [1.02, 1.12],
  };
  for (const m of moods) {
    const g = by[m];
    if (!g) continue;
    contrast *= g[0];
    saturation *= g[1];
  }
  return { contrast, saturation };
}

export function applyGrade(p: Painting, grade: { contrast: number; saturation: number }): void {
  if (grade.contrast === 1 && grade.saturation === 1) return;
  const { ctx, W, H } = p;
  const img = ctx.getImageData(0, 0, W, H);
  const d = img.data;
  const mid = 118;
  for (let i = 0; i < d.length; i += 4) {
    const l = 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;
    for (let c = 0; c < 3; c++) {
      const v = l + (d[i + c]! - l) * grade.saturation;
      d[i + c] = (v - mid) * grade.contrast + mid;
    }
  }
  ctx.putImageData(img, 0, 0);
}

/** Bright colours for decoration: the key, the accent and the two hues a third of the wheel away, all vivid. */
function festive(plan: SettingPlan): string[] {
  const vivid = (h: number) => fromOklch({ l: 0.74, c: 0.16, h: (h + 360) % 360 });
  return [vivid(plan.key.h), vivid(plan.accent.h), vivid(plan.key.h + 120), vivid(plan.key.h + 240), '#ffffff'];
}

function confetti(p: Painting, plan: SettingPlan): void {
  const { ctx, W, H, layout, rng } = p;
  const colours = festive(plan);
  const count = Math.round(30 + 40 * plan.detail);
  const unit = Math.min(W, H);
  for (let i = 0; i < count; i++) {
    const x = rng.next() * W,
      y = rng.next() * layout.horizonY * 0.95;
    const s = unit * (0.015 + rng.next() * 0.025);
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(rng.next() * Math.PI);
    ctx.fillStyle = rgba(rng.pick(colours), 0.9);
    ctx.strokeStyle = ctx.fillStyle;
    const shape = rng.int(0, 3);
    if (shape === 0) {
      ctx.beginPath();
      ctx.arc(0, 0, s / 2, 0, Math.PI * 2);
      ctx.fill();
    } else if (shape === 1) {
      ctx.beginPath();
      ctx.roundRect(-s, -s * 0.22, s * 2, s * 0.44, s * 0.2);
      ctx.fill();
    } else if (shape === 2) {
      ctx.beginPath();
      ctx.moveTo(0, -s * 0.6);
      ctx.lineTo(s * 0.55, s * 0.4);
      ctx.lineTo(-s * 0.55, s * 0.4);
      ctx.closePath();
      ctx.fill();
    } else {
      ctx.lineWidth = Math.max(1, s * 0.22);
      ctx.lineCap = 'round';
      ctx.beginPath();
      for (let k = 0; k <= 12; k++) ctx.lineTo(-s + (k * 2 * s) / 12, Math.sin(k * 1.1) * s * 0.3);
      ctx.stroke();
    }
    ctx.restore();
  }
}

function streaks(p: Painting, plan: SettingPlan): void {
  const { ctx, W, H, layout, rng } = p;
  const cx = W / 2,
    cy = layout.horizonY * 0.62;
  // A burst of rays from behind where the product stands.
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, W, layout.horizonY);
  ctx.clip();
  ctx.globalCompositeOperation = 'screen';
  const rays = 18;
  const reach = Math.hypot(W, H);
  for (let i = 0; i < rays; i += 2) {
    const a0 = (i / rays) * Math.PI * 2,
      a1 = ((i + 1) / rays) * Math.PI * 2;
    ctx.fillStyle = rgba(mixHex(fromOklch({ l: 0.8, c: 0.12, h: plan.accent.h }), '#ffffff', 0.3), 0.08);
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.lineTo(cx + Math.cos(a0) * reach, cy + Math.sin(a0) * reach);
    ctx.lineTo(cx + Math.cos(a1) * reach, cy + Math.sin(a1) * reach);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
  // Speed streaks: long thin bands rising left to right.
  const colours = [fromOklch({ l: 0.72, c: 0.18, h: plan.accent.h }), '#ffffff', fromOklch({ l: 0.7, c: 0.17, h: plan.key.h })];
  for (let i = 0; i < 7; i++) {
    const y = layout.horizonY * (0.1 + rng.next() * 0.85);
    const len = W * (0.25 + rng.next() * 0.4);
    const x = rng.next() * W - len / 2;
    const thick = H * (0.006 + rng.next() * 0.014);
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(-0.35);
    ctx.fillStyle = withStops(ctx.createLinearGradient(0, 0, len, 0), [
      [0, rgba(colours[i % colours.length]!, 0)],
      [0.7, rgba(colours[i % colours.length]!, 0.75)],
      [1, rgba(colours[i % colours.length]!, 0)],
    ]);
    ctx.fillRect(0, 0, len, thick);
    ctx.restore();
  }
}

function colourBlock(p: Painting, plan: SettingPlan): void {
  const { ctx, W, H, layout, rng } = p;
  const r = Math.min(W, H) * 0.3;
  const cx = W / 2 + (rng.next() - 0.5) * W * 0.1,
    cy = layout.horizonY - r * 0.45;
  const c = fromOklch({ l: 0.62, c: Math.max(0.16, plan.accent.c), h: plan.accent.h });
  ctx.fillStyle = withStops(ctx.createLinearGradient(cx - r, cy - r, cx + r, cy + r), [
    [0, mixHex(c, '#ffffff', 0.12)],
    [1, c],
  ]);
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = rgba(mixHex(c, '#000000', 0.35), 0.7);
  ctx.lineWidth = Math.max(2, r * 0.035);
  ctx.beginPath();
  ctx.arc(cx + r * 0.55, cy - r * 0.3, r * 0.8, 0, Math.PI * 2);
  ctx.stroke();
}

function gold(p: Painting, plan: SettingPlan): void {
  const { ctx, W, H, layout } = p;
  const goldColour = fromOklch(plan.accent);
  if (plan.place === 'studio' && plan.detail > 0) {
    ctx.strokeStyle = rgba(goldColour, 0.8);
    ctx.lineWidth = Math.max(1.5, H * 0.004);
    for (const [r, off] of [
      [0.36, 0],
      [0.42, 0.04],
    ] as const) {
      ctx.beginPath();
      ctx.arc(W / 2 + W * off, layout.horizonY, Math.min(W, H) * r, Math.PI, 0);
      ctx.stroke();
    }
  }
  // A warm pool of light where the product stands, the rest falling into shadow (with the vignette).
  ctx.save();
  ctx.globalCompositeOperation = 'screen';
  const cx = W / 2,
    cy = layout.baseY - H * 0.2;
  ctx.fillStyle = withStops(ctx.createRadialGradient(cx, cy, 0, cx, cy, Math.min(W, H) * 0.45), [
    [0, rgba('#ffe2b0', 0.28)],
    [1, rgba('#ffe2b0', 0)],
  ]);
  ctx.fillRect(0, 0, W, H);
  ctx.restore();
}

function haze(p: Painting, plan: SettingPlan): void {
  const { ctx, W, H } = p;
  ctx.fillStyle = rgba(mixHex(fromOklch({ l: 0.95, c: plan.key.c * 0.4, h: plan.key.h }), '#ffffff', 0.4), plan.time === 'night' ? 0.06 : 0.14);
  ctx.fillRect(0, 0, W, H);
}
