import { paintSoftField } from '../../canvas-paint.js';
import { fromOklch, hexToRgb, mixHex, rgba } from '../../backgrounds/colour.js';
import { fbm, finish, lightColour, mixRgb, paintFloorTexture, smoothstep, type Painting } from './painting.js';

/**
 * Outdoor light: a sky that warms toward the horizon, the sun's glow, foliage far behind and out of
 * focus (noise-shaped blobs, blurred), bokeh discs, and a sunlit stone or sand ledge under the product.
 */
export function paintOutdoor(p: Painting): void {
  const { ctx, W, H, layout, choice, rng, noise, noise2 } = p;
  const warm = choice.warmth > 0.3 || choice.mood.includes('warm');
  const dark = choice.mood.includes('dark');
  const skyTop = choice.colourWord ? fromOklch({ l: 0.72, c: choice.chroma + 0.03, h: choice.hue }) : dark ? '#2b3a5a' : warm ? '#8fb3d9' : '#6fa8dc';
  const skyLow = dark ? '#d9825b' : warm ? '#ffd9a0' : '#e3f0fa';
  const sky = ctx.createLinearGradient(0, 0, 0, layout.horizonY);
  sky.addColorStop(0, skyTop);
  sky.addColorStop(1, skyLow);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, W, layout.horizonY);

  const sunX = choice.lightX * W,
    sunY = layout.horizonY * (0.15 + rng.next() * 0.25);
  const sun = ctx.createRadialGradient(sunX, sunY, 0, sunX, sunY, Math.max(W, H) * 0.6);
  sun.addColorStop(0, rgba('#fffbe8', 0.95));
  sun.addColorStop(0.08, rgba(warm ? '#ffe2a8' : '#fff6dc', 0.7));
  sun.addColorStop(1, 'rgba(255,240,210,0)');
  ctx.fillStyle = sun;
  ctx.fillRect(0, 0, W, H);

  // Foliage: drawn small, blurred hard (it is far behind the focus plane), scaled up.
  const leafDark = hexToRgb(choice.variant === 'beach' ? '#6c8f6a' : '#3f6b3a');
  const leafLight = hexToRgb(choice.variant === 'beach' ? '#a8c49a' : '#8fb86a');
  const top = choice.variant === 'beach' ? 0.75 : 0.45;
  paintSoftField(ctx, { width: W, height: layout.horizonY, scale: 6, blurPx: Math.max(2, Math.round(H * 0.012)) }, (x, y, sw, sh) => {
    const n = fbm(noise, (x / sw) * 4, (y / sh) * 3, 4);
    const edge = (y / sh - top) * 2.2 + n;
    const a = smoothstep(0, 0.35, edge) * (choice.variant === 'beach' ? 0.5 : 0.95);
    const c = mixRgb(leafDark, leafLight, smoothstep(-0.6, 0.6, fbm(noise2, (x / sw) * 8, (y / sh) * 6, 2)));
    return [c[0], c[1], c[2], a * 255];
  });

  // Bokeh: sunlight through leaves, soft discs of varied size, brighter toward the sun.
  ctx.globalCompositeOperation = 'screen';
  const discs = 26 + rng.int(0, 14);
  for (let i = 0; i < discs; i++) {
    const x = rng.next() * W,
      y = rng.next() * layout.horizonY * 0.95;
    const r = Math.min(W, H) * (0.012 + rng.next() ** 2 * 0.05);
    const near = 1 - Math.min(1, Math.hypot(x - sunX, y - sunY) / (W * 0.6));
    const g = ctx.createRadialGradient(x, y, r * 0.6, x, y, r);
    const c = warm ? '#ffe0a0' : '#fff3d6';
    g.addColorStop(0, rgba(c, 0.12 + near * 0.35));
    g.addColorStop(1, rgba(c, 0));
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.globalCompositeOperation = 'source-over';

  // The ledge: pale stone (or sand) with pores and dappled leaf shadow.
  const stone = hexToRgb(choice.variant === 'beach' ? '#e4cfa7' : '#ddd3c4');
  const pore = hexToRgb(choice.variant === 'beach' ? '#c9ad80' : '#b8ab98');
  const sunTint = hexToRgb(lightColour(choice));
  paintFloorTexture(p, (X, Z, ppu) => {
    const grainAmp = smoothstep(40, 200, ppu);
    const speck = noise2(X * 60, Z * 60) * grainAmp;
    const cloud = fbm(noise, X * 2, Z * 2, 3);
    let c = mixRgb(stone, pore, Math.max(0, speck) * 0.5 + smoothstep(0.2, 0.9, cloud) * 0.35);
    const dapple = smoothstep(-0.45, 0.45, fbm(noise2, X * 1.1 + 40, Z * 1.1, 2));
    c = mixRgb(c, [c[0] * 0.8, c[1] * 0.82, c[2] * 0.88], 1 - dapple);
    return mixRgb(c, [((c[0] * sunTint[0]) / 255) * 1.08, ((c[1] * sunTint[1]) / 255) * 1.08, ((c[2] * sunTint[2]) / 255) * 1.08], dapple * 0.5);
  });
  const edge = ctx.createLinearGradient(0, layout.horizonY, 0, layout.horizonY + H * 0.02);
  edge.addColorStop(0, rgba(mixHex('#ffffff', lightColour(choice), 0.5), 0.55));
  edge.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = edge;
  ctx.fillRect(0, layout.horizonY, W, H * 0.02);
  finish(p, dark ? 0.4 : 0.18, 2);
}
