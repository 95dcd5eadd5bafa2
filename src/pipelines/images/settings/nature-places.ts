import { createCanvas } from '@napi-rs/canvas';
import { fromOklch, hexToRgb, mixHex, rgba } from '../backgrounds/colour.js';
import { paintSoftField, withStops } from '../canvas-paint.js';
import { fbm, type Painting } from '../staging/scenes/painting.js';
import { paintGround } from './floors.js';
import { hazed, keyAt, paintSky, skyColours } from './skies.js';
import type { SettingPlan } from './setting-plan.js';

/**
 * Outdoor places: the beach (sky, sea to a far horizon, sand), the forest (trunks in layers of haze,
 * a canopy, shafts of light, a mossy floor) and the mountains (ridges fading into the distance with
 * snow on the far peaks, a rock ledge in front). The backgrounds are kept soft, as a lens focused on
 * the product would render them; night swaps the sun for a moon and stars and darkens everything.
 */

export function paintBeach(p: Painting, plan: SettingPlan): void {
  const { ctx, W, H, layout, rng } = p;
  const seaTop = Math.round(layout.horizonY - H * 0.16);
  paintSky(p, plan, seaTop);
  const night = plan.time === 'night';
  // The sea: the key colour (turquoise unless named), deeper toward the horizon, lighter in the shallows.
  const far = night ? fromOklch({ l: 0.2, c: 0.04, h: plan.key.h }) : keyAt(plan, Math.min(0.5, plan.key.l - 0.1), 1.1);
  const near = night ? fromOklch({ l: 0.32, c: 0.05, h: plan.key.h }) : keyAt(plan, Math.max(0.7, plan.key.l + 0.1), 0.9);
  ctx.fillStyle = withStops(ctx.createLinearGradient(0, seaTop, 0, layout.horizonY), [
    [0, far],
    [1, near],
  ]);
  ctx.fillRect(0, seaTop, W, layout.horizonY - seaTop);
  // Glints: short bright dashes, denser under the sun (or the moon), thinning away from it.
  const glints = Math.round((W / 6) * (0.4 + plan.detail * 0.6));
  for (let i = 0; i < glints; i++) {
    const y = seaTop + (layout.horizonY - seaTop) * rng.next() ** 1.5;
    const x = plan.lightX * W + (rng.next() - 0.5) * W * (0.2 + ((y - seaTop) / (layout.horizonY - seaTop)) * 0.9);
    const len = W * (0.006 + rng.next() * 0.02);
    ctx.fillStyle = rgba(night ? '#e8eeff' : '#ffffff', 0.25 + rng.next() * 0.45);
    ctx.fillRect(x, y, len, Math.max(1, H * 0.0016));
  }
  // A far headland on one side, hazed into the sky.
  if (plan.detail > 0) {
    const side = rng.next() < 0.5 ? 0 : 1;
    ctx.fillStyle = hazed(night ? '#141c2e' : '#3f6b52', plan, night ? 0.2 : 0.55);
    ctx.beginPath();
    const x0 = side === 0 ? -W * 0.05 : W * 0.72,
      x1 = side === 0 ? W * 0.3 : W * 1.05;
    ctx.moveTo(x0, seaTop + 1);
    for (let i = 0; i <= 20; i++) {
      const x = x0 + ((x1 - x0) * i) / 20;
      const t = i / 20;
      const rise = Math.sin(Math.PI * (side === 0 ? 1 - t * 0.9 : 0.1 + t * 0.9)) * H * 0.05;
      ctx.lineTo(x, seaTop - rise * (0.7 + 0.3 * p.noise(i * 0.4, 3)));
    }
    ctx.lineTo(x1, seaTop + 1);
    ctx.fill();
  }
  // The foam line where the water meets the sand.
  ctx.fillStyle = withStops(ctx.createLinearGradient(0, layout.horizonY - H * 0.012, 0, layout.horizonY + H * 0.01), [
    [0, rgba('#ffffff', 0)],
    [0.5, rgba('#ffffff', night ? 0.3 : 0.7)],
    [1, rgba('#ffffff', 0)],
  ]);
  ctx.fillRect(0, layout.horizonY - H * 0.012, W, H * 0.022);
  softenAbove(p, layout.horizonY, 0.002);
  paintGround(p, plan, plan.surface === 'moss' ? 'sand' : plan.surface);
}

export function paintForest(p: Painting, plan: SettingPlan): void {
  const { ctx, W, H, layout, rng } = p;
  const night = plan.time === 'night';
  // The air between the trees: a green-grey haze (the key colour when named), dark blue at night.
  const air = night ? fromOklch({ l: 0.2, c: 0.04, h: plan.keyNamed ? plan.key.h : 230 }) : keyAt(plan, Math.max(0.66, plan.key.l + 0.14), 0.75);
  const deep = night ? fromOklch({ l: 0.08, c: 0.02, h: 230 }) : mixHex(keyAt(plan, Math.min(0.28, plan.key.l - 0.22), 0.8), '#3a2c20', 0.45);
  ctx.fillStyle = withStops(ctx.createLinearGradient(0, 0, 0, layout.horizonY), [
    [0, mixHex(air, '#ffffff', night ? 0 : 0.25)],
    [1, air],
  ]);
  ctx.fillRect(0, 0, W, layout.horizonY);
  // Trunks in four layers, far to near: thinner, paler and blurrier far away.
  const layers = plan.detail > 0 ? 4 : 2;
  for (let layer = 0; layer < layers; layer++) {
    const depth = 1 - layer / layers;
    const colour = mixHex(deep, air, depth * 0.7);
    const count = Math.round(5 + depth * 9);
    const width = W * (0.012 + (1 - depth) * 0.035);
    const layerCanvas = createCanvas(W, layout.horizonY);
    const lc = layerCanvas.getContext('2d');
    lc.fillStyle = colour;
    for (let i = 0; i < count; i++) {
      const x = rng.next() * W;
      // Near trunks stay out of the middle third, where the product stands.
      if (layer === layers - 1 && Math.abs(x - W / 2) < W * 0.2) continue;
      const w = width * (0.6 + rng.next() * 0.8);
      lc.beginPath();
      lc.moveTo(x - w * 0.4, 0);
      lc.lineTo(x + w * 0.4, 0);
      lc.lineTo(x + w * 0.55, layout.horizonY);
      lc.lineTo(x - w * 0.55, layout.horizonY);
      lc.fill();
    }
    ctx.save();
    ctx.filter = `blur(${Math.max(1, Math.round(H * (0.002 + depth * 0.008)))}px)`;
    ctx.drawImage(layerCanvas, 0, 0);
    ctx.restore();
  }
  // The canopy: leaf masses across the top, holes where the sky shows through.
  paintCanopy(p, plan, deep);
  // Shafts of light through the leaves (none at night: fireflies instead).
  if (!night && plan.detail > 0) {
    ctx.save();
    ctx.globalCompositeOperation = 'screen';
    const sx = plan.lightX * W;
    for (let i = 0; i < 5; i++) {
      const x = sx + (rng.next() - 0.3) * W * 0.5;
      const w = W * (0.02 + rng.next() * 0.05);
      ctx.fillStyle = withStops(ctx.createLinearGradient(0, 0, 0, layout.horizonY), [
        [0, rgba(plan.time === 'golden' ? '#ffd58a' : '#fff8dc', 0.32)],
        [1, rgba('#fff8dc', 0)],
      ]);
      ctx.beginPath();
      ctx.moveTo(x, 0);
      ctx.lineTo(x + w, 0);
      ctx.lineTo(x + w + W * 0.25, layout.horizonY);
      ctx.lineTo(x + W * 0.2, layout.horizonY);
      ctx.fill();
    }
    ctx.restore();
  }
  if (night) {
    for (let i = 0; i < 40 * plan.detail + 8; i++) {
      const x = rng.next() * W,
        y = layout.horizonY * (0.3 + rng.next() * 0.7);
      const r = H * (0.004 + rng.next() * 0.004);
      ctx.fillStyle = withStops(ctx.createRadialGradient(x, y, 0, x, y, r * 3), [
        [0, rgba('#fff3a0', 0.9)],
        [1, rgba('#fff3a0', 0)],
      ]);
      ctx.fillRect(x - r * 3, y - r * 3, r * 6, r * 6);
    }
  }
  paintGround(p, plan, plan.surface === 'sand' ? 'moss' : plan.surface);
}

function paintCanopy(p: Painting, plan: SettingPlan, deep: string): void {
  const { ctx, W, layout, noise2 } = p;
  const leaf = plan.time === 'night' ? [12, 20, 24] : hexToRgb(mixHex(deep, '#3c6b32', plan.keyNamed ? 0.3 : 0.7));
  paintSoftField(ctx, { width: W, height: layout.horizonY, scale: 8, blurPx: Math.max(1, Math.round(W * 0.004)) }, (x, y, sw, sh) => {
    const n = fbm(noise2, (x / sw) * 5, (y / sh) * 4, 4);
    const cover = Math.max(0, Math.min(1, (0.3 - y / sh) * 3 + n * 1.2));
    return [leaf[0]!, leaf[1]!, leaf[2]!, cover * 235];
  });
}

export function paintMountain(p: Painting, plan: SettingPlan): void {
  const { ctx, W, H, layout, noise } = p;
  const night = plan.time === 'night';
  paintSky(p, plan, layout.horizonY);
  // Ridges: far ones high and pale (hazed into the sky), near ones low and dark; snow on the far peaks.
  const rock = night ? '#0d1322' : plan.time === 'golden' ? '#5a4650' : '#3d4a5c';
  const ridges = plan.detail > 0 ? 4 : 2;
  for (let r = 0; r < ridges; r++) {
    const depth = 1 - r / ridges;
    const baseY = layout.horizonY - H * (0.03 + depth * 0.34);
    const amp = H * (0.1 + depth * 0.1);
    const colour = night ? mixHex(rock, skyColours(plan).low, depth * 0.45) : hazed(rock, plan, depth * 0.75);
    const pts: [number, number][] = [];
    // Ridged noise (1 − |n|) makes sharp peaks and rounded valleys; two or three peaks across the
    // frame at the first octave, smaller shoulders from the second, a little grit from fbm.
    const span = W * (0.45 + (1 - depth) * 0.25);
    for (let i = 0; i <= 96; i++) {
      const x = (W * i) / 96;
      const ridged = (1 - Math.abs(noise(x / span + r * 7.1, r * 3.3))) * 0.75 + (1 - Math.abs(noise((x * 2.3) / span + r * 2.9, r * 5.1))) * 0.25;
      const y = baseY - amp * (0.2 + 0.8 * ridged ** 2.2) + fbm(noise, x / (W * 0.03), r * 11, 2) * amp * 0.04;
      pts.push([x, y]);
    }
    ctx.fillStyle = withStops(ctx.createLinearGradient(0, baseY - amp, 0, layout.horizonY), [
      [0, colour],
      [1, mixHex(colour, '#000000', night ? 0.2 : 0.12)],
    ]);
    ctx.beginPath();
    ctx.moveTo(0, layout.horizonY);
    for (const [x, y] of pts) ctx.lineTo(x, y);
    ctx.lineTo(W, layout.horizonY);
    ctx.fill();
    if (r === 0 && !night) {
      // Snow caps: the ridge line shifted down a little, filled white above it inside the ridge.
      ctx.save();
      ctx.clip();
      ctx.fillStyle = rgba(plan.time === 'golden' ? '#ffe6d0' : '#f5f8fc', 0.9);
      ctx.beginPath();
      ctx.moveTo(0, 0);
      for (const [x, y] of pts) ctx.lineTo(x, Math.min(baseY - amp * 0.72 + noise(x / (W * 0.04), 9) * amp * 0.05, y + amp * 0.3));
      ctx.lineTo(W, 0);
      ctx.fill();
      ctx.restore();
    }
    // Mist pooling in the valley in front of this ridge.
    ctx.fillStyle = withStops(ctx.createLinearGradient(0, baseY - amp * 0.2, 0, baseY + H * 0.05), [
      [0, rgba(skyColours(plan).low, 0)],
      [1, rgba(skyColours(plan).low, night ? 0.15 : 0.35)],
    ]);
    ctx.fillRect(0, baseY - amp * 0.2, W, amp * 0.2 + H * 0.05);
  }
  softenAbove(p, layout.horizonY, 0.0025);
  paintGround(p, plan, plan.surface === 'moss' || plan.surface === 'sand' ? 'granite' : plan.surface);
}

/** A light blur over everything above `y`: the background is out of the lens's focus, the product is not. */
export function softenAbove(p: Painting, y: number, share: number): void {
  const { ctx, W, H } = p;
  const px = Math.round(H * share);
  if (px < 1 || y <= 0) return;
  ctx.save();
  ctx.filter = `blur(${px}px)`;
  ctx.drawImage(ctx.canvas, 0, 0, W, y, 0, 0, W, y);
  ctx.restore();
}
