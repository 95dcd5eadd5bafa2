import { hexToRgb, mixHex, rgba, type Rgb } from '../backgrounds/colour.js';
import { withStops } from '../canvas-paint.js';
import { fbm, hash01, lightFloor, mixRgb, paintFloorTexture, paintJunction, smoothstep, type Painting } from '../staging/scenes/painting.js';
import type { Surface } from './prompt-look.js';
import { keyAt } from './skies.js';
import type { SettingPlan } from './setting-plan.js';

type Sampler = (X: number, Z: number, pxPerUnit: number) => Rgb;

/**
 * The ground the product stands on, from `fromY` to the bottom, in perspective: granite (salt and
 * pepper grains over a cloudy base), sand (ripples and grains), concrete (mottled, pores), moss
 * (clumps and fallen leaves), marble (soft veins), wood (planks), or paper (the studio sweep).
 * Night darkens it and pools a lamp's light under the product.
 */
export function paintGround(p: Painting, plan: SettingPlan, surface: Surface, fromY = p.layout.horizonY): void {
  const { ctx, W, H } = p;
  if (surface === 'paper') {
    const base = keyAt(plan, plan.key.l - 0.03);
    ctx.fillStyle = withStops(ctx.createLinearGradient(0, fromY, 0, H), [
      [0, mixHex(base, '#000000', 0.08)],
      [0.35, base],
      [1, mixHex(base, '#000000', 0.12)],
    ]);
    ctx.fillRect(0, fromY, W, H - fromY);
  } else {
    paintFloorTexture(p, sampler(p, plan, surface), fromY);
  }
  lightFloor(p, surface === 'paper' ? 0.5 : 0.9);
  if (plan.time === 'night') {
    ctx.fillStyle = 'rgba(6,10,28,0.45)';
    ctx.fillRect(0, fromY, W, H - fromY);
    const lx = W * 0.5,
      ly = p.layout.baseY;
    ctx.fillStyle = withStops(ctx.createRadialGradient(lx, ly, 0, lx, ly, W * 0.45), [
      [0, rgba('#ffd9a0', 0.28)],
      [1, rgba('#ffd9a0', 0)],
    ]);
    ctx.fillRect(0, fromY, W, H - fromY);
  }
  if (surface !== 'paper') paintJunction(p, 0.18);
}

const STONES: Record<Exclude<Surface, 'paper' | 'wood' | 'marble'>, { base: string; cloud: string; grains: string[] }> = {
  granite: { base: '#8d8b88', cloud: '#6f6c69', grains: ['#2b2927', '#c9c4bd', '#5a4f4a', '#e8e4de'] },
  sand: { base: '#e2c99a', cloud: '#d3b47f', grains: ['#c19d66', '#f3e3c0'] },
  concrete: { base: '#a9a8a4', cloud: '#94938f', grains: ['#7d7c78', '#c2c1bc'] },
  moss: { base: '#56703a', cloud: '#3f5a2c', grains: ['#7b8f3f', '#8a5a2b', '#2f4522'] },
};

function sampler(p: Painting, plan: SettingPlan, surface: Surface): Sampler {
  const { noise, noise2 } = p;
  const seed = plan.textureSeed;
  if (surface === 'wood') {
    const dark = plan.moods.includes('luxury') || plan.moods.includes('dark');
    const light = hexToRgb(dark ? '#7a5034' : '#c89f70'),
      deep = hexToRgb(dark ? '#3a2214' : '#8c5c34');
    return (X, Z, ppu) => {
      const plankW = 0.2;
      const plank = Math.floor(Z / plankW);
      const t = Z / plankW - plank;
      const u = X + hash01(plank, seed) * 40;
      const ring = 0.5 + 0.5 * Math.sin((Z * 30 + fbm(noise, u * 0.9, Z * 5, 2) * 3) * Math.PI * 2);
      const v = 0.35 + 0.45 * ring ** 1.6 + noise2(u * 3, Z * 160) * 0.1 * smoothstep(60, 180, ppu);
      let shade = 0.86 + hash01(plank + 31, seed) * 0.22;
      if (t * plankW * ppu < 1.6) shade *= 0.6;
      const c = mixRgb(deep, light, Math.max(0, Math.min(1, v)));
      return [c[0] * shade, c[1] * shade, c[2] * shade];
    };
  }
  if (surface === 'marble') {
    const dark = plan.moods.includes('luxury') || plan.moods.includes('dark');
    const base = hexToRgb(dark ? '#25252a' : '#eeebe6'),
      vein = hexToRgb(dark ? '#8d8a84' : '#a9a49d');
    return (X, Z, ppu) => {
      const u = X * 1.6 + Z * 0.6 + fbm(noise, X * 0.35, Z * 0.35, 3) * 2;
      const d = Math.abs(u - Math.round(u)) * ppu;
      const w = Math.max(1.3, Math.min(3, ppu * 0.01));
      const v = (Math.exp(-((d / w) ** 2)) * 0.7 + Math.exp(-((d / (w * 6)) ** 2)) * 0.2) * smoothstep(-0.4, 0.6, noise2(X * 0.5, Z * 0.5));
      const cloud = smoothstep(-0.5, 0.6, fbm(noise2, X + 9, Z, 3)) * 0.06;
      const c = mixRgb(base, vein, Math.min(1, v * 0.6));
      return [c[0] * (1 - cloud), c[1] * (1 - cloud), c[2] * (1 - cloud)];
    };
  }
  const stone = STONES[surface === 'paper' ? 'concrete' : surface];
  const base = hexToRgb(stone.base),
    cloud = hexToRgb(stone.cloud);
  const grains = stone.grains.map(hexToRgb);
  return (X, Z, ppu) => {
    let c = mixRgb(base, cloud, smoothstep(-0.5, 0.6, fbm(noise, X * 1.3, Z * 1.3, 4)));
    if (surface === 'sand') {
      // Wind ripples running across, fading before they alias.
      const ripple = Math.sin((Z * 22 + fbm(noise2, X * 0.8, Z * 0.8, 2) * 2.5) * Math.PI * 2);
      c = mixRgb(c, [c[0] * 0.86, c[1] * 0.84, c[2] * 0.8], (0.5 + 0.5 * ripple) * 0.5 * smoothstep(3, 8, ppu / 22));
    }
    if (surface === 'moss') {
      const clump = smoothstep(-0.2, 0.5, fbm(noise2, X * 4, Z * 4, 3));
      c = mixRgb(c, [c[0] * 0.7, c[1] * 0.8, c[2] * 0.6], clump * 0.5);
    }
    // Grains: a cell grid in ground units; a cell may hold one round grain of one of the stone's
    // colours, off its centre, so close up they read as flecks rather than squares.
    const cell = surface === 'granite' ? 0.02 : surface === 'moss' ? 0.03 : 0.01;
    const visible = smoothstep(0.8, 2.5, ppu * cell);
    if (visible > 0) {
      const gx = Math.floor(X / cell),
        gz = Math.floor(Z / cell);
      const h = hash01(gx * 73856093 + gz * 19349663, seed);
      const density = surface === 'granite' ? 0.7 : surface === 'moss' ? 0.35 : 0.3;
      if (h < density) {
        const ox = 0.3 + hash01(gx * 31 + gz * 17, seed + 1) * 0.4,
          oz = 0.3 + hash01(gx * 13 + gz * 29, seed + 2) * 0.4;
        const d = Math.hypot(X / cell - gx - ox, Z / cell - gz - oz);
        const radius = 0.25 + hash01(gx + gz * 7, seed + 3) * 0.25;
        const inGrain = 1 - smoothstep(radius - 1 / (ppu * cell), radius, d);
        const g = grains[Math.floor((h / density) * grains.length) % grains.length]!;
        c = mixRgb(c, g, inGrain * visible * (surface === 'granite' ? 0.8 : 0.5));
      }
    }
    return c;
  };
}
