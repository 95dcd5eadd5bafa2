import { createCanvas } from '@napi-rs/canvas';
import { fromOklch, mixHex, rgba } from '../backgrounds/colour.js';
import { withStops } from '../canvas-paint.js';
import { paintWall, type Painting } from '../staging/scenes/painting.js';
import { paintStudio } from '../staging/scenes/studio-scenes.js';
import { paintMarble, paintWood } from '../staging/scenes/surfaces.js';
import { paintGround } from './floors.js';
import { softenAbove } from './nature-places.js';
import { keyAt, paintSky } from './skies.js';
import type { SettingPlan } from './setting-plan.js';

/**
 * Built places: the studio (a wall in the key colour over the named surface; marble, wood and the
 * paper sweep are the staging scenes' own painters), the kitchen (tiled wall in the key colour, a
 * window, a shelf of jars, a stone counter) and the city (a skyline in layers with its windows lit
 * at night and street lights out of focus, a concrete ledge in front).
 */

/** The studio; true when the staging painter it used has already laid its own finish (grain and vignette). */
export function paintStudioPlace(p: Painting, plan: SettingPlan): boolean {
  const staged = { paper: paintStudio, marble: paintMarble, wood: paintWood }[plan.surface as 'paper' | 'marble' | 'wood'];
  if (staged) {
    staged(p);
    return true;
  }
  paintWall(p, keyAt(plan, plan.key.l));
  paintGround(p, plan, plan.surface);
  return false;
}

export function paintKitchen(p: Painting, plan: SettingPlan): void {
  const { ctx, W, H, layout, rng } = p;
  const night = plan.time === 'night';
  const tile = keyAt(plan, night ? Math.min(plan.key.l, 0.42) : plan.key.l);
  const grout = mixHex(tile, plan.key.l > 0.5 ? '#ffffff' : '#000000', 0.35);
  ctx.fillStyle = grout;
  ctx.fillRect(0, 0, W, layout.horizonY);
  // Subway tiles: offset rows, each glazed (lighter at its top edge) with a touch of tone variation.
  const tw = Math.max(12, W * 0.075),
    th = tw / 2,
    gap = Math.max(1, tw * 0.04);
  for (let row = 0, y = layout.horizonY - th; y > -th; row++, y -= th) {
    for (let x = row % 2 ? -tw / 2 : 0; x < W; x += tw) {
      const tone = (rng.next() - 0.5) * 0.03;
      const c = keyAt(plan, Math.max(0.05, Math.min(0.98, (night ? Math.min(plan.key.l, 0.42) : plan.key.l) + tone)));
      ctx.fillStyle = withStops(ctx.createLinearGradient(0, y, 0, y + th), [
        [0, mixHex(c, '#ffffff', 0.18)],
        [0.3, c],
        [1, mixHex(c, '#000000', 0.06)],
      ]);
      ctx.fillRect(x + gap / 2, y + gap / 2, tw - gap, th - gap);
    }
  }
  // A window on the light's side: daylight (or the night) outside, its glow on the tiles.
  const wx = plan.lightX * W - W * 0.22,
    wy = layout.horizonY * 0.12,
    ww = W * 0.24,
    wh = layout.horizonY * 0.55;
  if (plan.detail > 0) {
    const outside = night ? ['#0b1230', '#1d2a55'] : plan.time === 'golden' ? ['#f2a46a', '#ffd9a0'] : ['#bfe0f5', '#f4fbff'];
    ctx.fillStyle = '#f3f1ec';
    ctx.fillRect(wx - ww * 0.05, wy - ww * 0.05, ww * 1.1, wh + ww * 0.1);
    ctx.fillStyle = withStops(ctx.createLinearGradient(0, wy, 0, wy + wh), [
      [0, outside[0]!],
      [1, outside[1]!],
    ]);
    ctx.fillRect(wx, wy, ww, wh);
    ctx.fillStyle = '#f3f1ec';
    ctx.fillRect(wx + ww / 2 - ww * 0.02, wy, ww * 0.04, wh);
    ctx.fillRect(wx, wy + wh / 2 - ww * 0.02, ww, ww * 0.04);
  }
  if (!night) {
    const gx = wx + ww / 2,
      gy = wy + wh / 2;
    ctx.fillStyle = withStops(ctx.createRadialGradient(gx, gy, 0, gx, gy, W * 0.6), [
      [0, rgba(plan.time === 'golden' ? '#ffd9a0' : '#fffaf0', 0.45)],
      [1, rgba('#fffaf0', 0)],
    ]);
    ctx.fillRect(0, 0, W, layout.horizonY);
  }
  // A shelf on the far side with jars and a plant in the accent and the place's colours.
  if (plan.detail > 0.5) {
    const sy = layout.horizonY * 0.42,
      sx0 = W * 0.62,
      sx1 = W * 0.98;
    ctx.fillStyle = '#8a6446';
    ctx.fillRect(sx0, sy, sx1 - sx0, Math.max(3, H * 0.012));
    const jar = fromOklch({ l: 0.7, c: plan.accent.c, h: plan.accent.h });
    let x = sx0 + W * 0.02;
    while (x < sx1 - W * 0.06) {
      const jw = W * (0.04 + rng.next() * 0.03),
        jh = jw * (1.1 + rng.next() * 0.8);
      ctx.fillStyle = rng.next() < 0.5 ? jar : mixHex(jar, '#f4efe6', 0.6);
      roundRect(ctx, x, sy - jh, jw, jh, jw * 0.2);
      ctx.fillStyle = '#6b5a4a';
      ctx.fillRect(x + jw * 0.1, sy - jh - jw * 0.18, jw * 0.8, jw * 0.2);
      x += jw + W * 0.015;
    }
    const px = sx0 - W * 0.04;
    ctx.fillStyle = '#c06b45';
    ctx.fillRect(px - W * 0.025, sy - W * 0.04, W * 0.05, W * 0.04);
    ctx.fillStyle = '#4d7a3a';
    for (let i = 0; i < 7; i++) {
      ctx.beginPath();
      ctx.ellipse(px + (rng.next() - 0.5) * W * 0.06, sy - W * (0.06 + rng.next() * 0.05), W * 0.02, W * 0.008, rng.next() * Math.PI, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  if (night) {
    ctx.fillStyle = 'rgba(4,6,18,0.35)';
    ctx.fillRect(0, 0, W, layout.horizonY);
    // Under-cabinet light: a warm strip washing down the tiles to the counter.
    ctx.fillStyle = withStops(ctx.createLinearGradient(0, layout.horizonY * 0.45, 0, layout.horizonY), [
      [0, rgba('#ffcf8a', 0)],
      [1, rgba('#ffcf8a', 0.35)],
    ]);
    ctx.fillRect(0, layout.horizonY * 0.45, W, layout.horizonY * 0.55);
  }
  softenAbove(p, layout.horizonY, 0.003);
  paintGround(p, plan, plan.surface === 'sand' || plan.surface === 'moss' || plan.surface === 'paper' ? 'granite' : plan.surface);
}

export function paintCity(p: Painting, plan: SettingPlan): void {
  const { ctx, W, H, layout, rng } = p;
  const night = plan.time === 'night';
  paintSky(p, plan, layout.horizonY);
  const layers = plan.detail > 0 ? 3 : 2;
  const skyline = createCanvas(W, layout.horizonY);
  const sc = skyline.getContext('2d');
  const lit = [mixHex('#ffd58a', '#ffffff', 0.2), '#ffe7b0', fromOklch({ l: 0.78, c: Math.max(0.08, plan.key.c), h: plan.key.h })];
  for (let layer = 0; layer < layers; layer++) {
    const depth = 1 - layer / layers;
    const body = night
      ? fromOklch({ l: 0.12 + depth * 0.1, c: 0.03, h: plan.keyNamed ? plan.key.h : 260 })
      : mixHex(fromOklch({ l: 0.42 + depth * 0.25, c: 0.03 + plan.key.c * 0.3, h: plan.key.h }), '#dfe8f0', depth * 0.4);
    let x = -rng.next() * W * 0.05;
    while (x < W) {
      const bw = W * (0.05 + rng.next() * 0.09) * (1 - depth * 0.3);
      const bh = layout.horizonY * (0.25 + rng.next() * (0.35 + depth * 0.25));
      const top = layout.horizonY - bh;
      sc.fillStyle = body;
      sc.fillRect(x, top, bw, bh);
      if (rng.next() < 0.2) sc.fillRect(x + bw * 0.45, top - bh * 0.08, bw * 0.1, bh * 0.08);
      // Windows: a grid, lit at random at night, a faint sky reflection by day.
      const cw = Math.max(2, bw / 7),
        ch = Math.max(2, cw * 1.4);
      for (let wy = top + ch; wy < layout.horizonY - ch; wy += ch * 1.8) {
        for (let wx = x + cw; wx < x + bw - cw; wx += cw * 1.8) {
          if (night) {
            if (rng.next() < 0.4) {
              sc.fillStyle = rgba(rng.pick(lit), 0.55 + rng.next() * 0.4);
              sc.fillRect(wx, wy, cw, ch);
            }
          } else if (plan.detail > 0) {
            sc.fillStyle = rgba(rng.next() < 0.5 ? '#ffffff' : '#000000', 0.08 + depth * 0.05);
            sc.fillRect(wx, wy, cw, ch);
          }
        }
      }
      x += bw + W * 0.004;
    }
  }
  ctx.save();
  ctx.filter = `blur(${Math.max(1, Math.round(H * 0.005))}px)`;
  ctx.drawImage(skyline, 0, 0);
  ctx.restore();
  if (night) {
    // Street lights and signs far behind: out-of-focus discs in warm white, the key and the accent colour.
    ctx.save();
    ctx.globalCompositeOperation = 'screen';
    const colours = [fromOklch({ l: 0.72, c: Math.max(0.12, plan.key.c), h: plan.key.h }), fromOklch({ l: 0.72, c: 0.15, h: plan.accent.h }), '#ffd9a0'];
    const discs = Math.round(18 + 30 * plan.detail);
    for (let i = 0; i < discs; i++) {
      const x = rng.next() * W,
        y = layout.horizonY * (0.55 + rng.next() * 0.45);
      const r = Math.min(W, H) * (0.01 + rng.next() ** 2 * 0.04);
      const c = rng.pick(colours);
      ctx.fillStyle = withStops(ctx.createRadialGradient(x, y, r * 0.5, x, y, r), [
        [0, rgba(c, 0.55)],
        [1, rgba(c, 0)],
      ]);
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.restore();
  }
  paintGround(p, plan, plan.surface === 'sand' || plan.surface === 'moss' || plan.surface === 'paper' ? 'concrete' : plan.surface);
}

function roundRect(ctx: Painting['ctx'], x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}
