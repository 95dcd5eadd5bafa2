import { fromOklch, hexToRgb, mixHex, rgba, type Rgb } from '../../backgrounds/colour.js';
import { fbm, finish, hash01, lightFloor, mixRgb, paintFloorTexture, paintJunction, paintWall, smoothstep, wallColour, type Painting } from './painting.js';

/** A plaster wall: the scene's wall colour with a faint mottle, as painted walls have. */
function plasterWall(p: Painting, colour: string): void {
  paintWall(p, colour);
  const { ctx, W, layout, noise2 } = p;
  const step = 6;
  const img = ctx.getImageData(0, 0, W, layout.horizonY);
  const d = img.data;
  const s = 3 / W;
  for (let y = 0; y < layout.horizonY; y += step) {
    for (let x = 0; x < W; x += step) {
      const n = fbm(noise2, x * s, y * s, 3) * 5;
      for (let yy = y; yy < Math.min(layout.horizonY, y + step); yy++) {
        for (let xx = x; xx < Math.min(W, x + step); xx++) {
          const i = (yy * W + xx) * 4;
          d[i] = d[i]! + n;
          d[i + 1] = d[i + 1]! + n;
          d[i + 2] = d[i + 2]! + n;
        }
      }
    }
  }
  ctx.putImageData(img, 0, 0);
  ctx.filter = 'blur(3px)';
  ctx.drawImage(ctx.canvas, 0, 0, W, layout.horizonY, 0, 0, W, layout.horizonY);
  ctx.filter = 'none';
}

const WOODS: Record<string, { light: string; dark: string }> = {
  oak: { light: '#c89f70', dark: '#8c5c34' },
  walnut: { light: '#7a5034', dark: '#3a2214' },
  pale: { light: '#e6cfa8', dark: '#bf9a6e' },
};

/** Planks running across the frame, grain from warped noise, seams and a tone for each plank. */
export function paintWood(p: Painting): void {
  const { choice, noise, noise2, rng } = p;
  const wood = WOODS[choice.variant] ?? WOODS.oak!;
  plasterWall(p, wallColour(choice));
  const light = hexToRgb(wood.light),
    dark = hexToRgb(wood.dark);
  const plankW = 0.16 + rng.next() * 0.08;
  const ringFreq = 26 + rng.next() * 14;
  const seed = choice.textureSeed;
  const jointEvery = 2.2 + rng.next();
  paintFloorTexture(p, (X, Z, ppu) => {
    const plank = Math.floor(Z / plankW);
    const t = Z / plankW - plank;
    const shift = hash01(plank, seed) * 50;
    const tone = 0.86 + hash01(plank + 7919, seed) * 0.24;
    const u = X + shift;
    const warp = fbm(noise, u * 0.9, Z * 5, 2) * 0.9;
    const ring = 0.5 + 0.5 * Math.sin((Z * ringFreq + warp * 3 + noise2(u * 0.35, plank * 1.7) * 2) * Math.PI * 2);
    const fineAmp = smoothstep(ringFreq * 2, ringFreq * 6, ppu);
    const fibre = noise2(u * 3, Z * 180) * 0.12 * fineAmp;
    let v = 0.35 + 0.45 * ring ** 1.6 + fibre + warp * 0.08;
    // Seams: a dark line between planks, and a butt joint now and then along each one.
    const seamPx = t * plankW * ppu;
    const seamUpPx = (1 - t) * plankW * ppu;
    const joint = Math.abs(((((u / jointEvery) % 1) + 1) % 1) - 0.5) * jointEvery * ppu;
    let shade = tone;
    if (seamPx < 1.6 || seamUpPx < 0.6) shade *= 0.55;
    else if (seamPx < 3) shade *= 0.85;
    if (joint < 1) shade *= 0.6;
    v = Math.max(0, Math.min(1, v));
    const c = mixRgb(dark, light, v);
    return [c[0] * shade, c[1] * shade, c[2] * shade];
  });
  lightFloor(p, 1);
  paintJunction(p, 0.3);
  finish(p, 0.24, 2);
}

/**
 * Stone colours. Veins are a small step away from the base (real polished marble is low contrast:
 * grey veins on Carrara, soft white ones on Nero Marquina), never a bright line on a dark ground.
 */
const MARBLES: Record<string, { base: string; cloud: string; vein: string; vein2: string; strength: number }> = {
  white: { base: '#eeebe6', cloud: '#e0dcd6', vein: '#a7a39e', vein2: '#c9c4bd', strength: 0.55 },
  calacatta: { base: '#f1ede6', cloud: '#e4ddd2', vein: '#b49a70', vein2: '#cfc2ab', strength: 0.5 },
  grey: { base: '#c9c6c2', cloud: '#b9b6b2', vein: '#e6e3de', vein2: '#a4a19d', strength: 0.5 },
  black: { base: '#202023', cloud: '#29292d', vein: '#8d8a84', vein2: '#4a4844', strength: 0.5 },
  green: { base: '#1f4a38', cloud: '#285a46', vein: '#9dbdac', vein2: '#4f7d68', strength: 0.45 },
};

/**
 * Polished marble: a cloudy base, long soft veins that fade in and out along their length, a faint
 * second network, a light blur (veins under a polished surface never have hard edges) and a gloss
 * band where the key light reflects.
 */
export function paintMarble(p: Painting): void {
  const { ctx, choice, noise, noise2, rng, W, H, layout } = p;
  const m = MARBLES[choice.variant] ?? MARBLES.white!;
  plasterWall(p, wallColour(choice));
  const base = hexToRgb(m.base),
    cloud = hexToRgb(m.cloud),
    vein = hexToRgb(m.vein),
    vein2 = hexToRgb(m.vein2);
  const angle = rng.next() * Math.PI;
  const ca = Math.cos(angle),
    sa = Math.sin(angle);
  const scale = 0.8 + rng.next() * 0.5;
  paintFloorTexture(p, (X, Z, ppu) => {
    const x = (X * ca - Z * sa) * scale,
      z = (X * sa + Z * ca) * scale;
    const c0 = mixRgb(base, cloud, smoothstep(-0.45, 0.6, fbm(noise2, x * 0.9 + 9, z * 0.9, 4)));
    // Distance to the nearest vein, in pixels: veins are the level lines of a gently warped field,
    // so they run long and smooth instead of zig-zagging like cracks.
    const pxPerField = ppu / scale;
    const u1 = x * 1.8 + z * 0.5 + fbm(noise, x * 0.3, z * 0.3, 3) * 2;
    const d1 = Math.abs(u1 - Math.round(u1)) * pxPerField;
    const w1 = Math.max(1.4, Math.min(3.5, ppu * 0.01));
    const fade1 = smoothstep(-0.4, 0.7, noise(x * 0.5 + 3, z * 0.5 - 7)) * (0.55 + 0.45 * hash01(Math.round(u1), choice.textureSeed));
    const core1 = Math.exp(-((d1 / w1) ** 2));
    const haze1 = Math.exp(-((d1 / (w1 * 6)) ** 2)) * 0.25;
    const v1 = (core1 * 0.75 + haze1) * fade1 * m.strength;
    const u2 = x * 3.2 - z * 2.1 + fbm(noise2, x * 0.8, z * 0.8, 3) * 2;
    const d2 = Math.abs(u2 - Math.round(u2)) * pxPerField * 0.3;
    const v2 = Math.exp(-((d2 / (w1 * 0.8)) ** 2)) * 0.5 * m.strength * smoothstep(0, 0.7, noise(x * 0.7 + 5, z * 0.7));
    let c = mixRgb(c0, vein2, v2);
    c = mixRgb(c, vein, Math.min(1, v1));
    return c;
  });
  // Veins sit under a polished surface: soften them a touch.
  const floorH = H - layout.horizonY;
  ctx.filter = `blur(${Math.max(0.5, H / 720).toFixed(2)}px)`;
  ctx.drawImage(ctx.canvas, 0, layout.horizonY, W, floorH, 0, layout.horizonY, W, floorH);
  ctx.filter = 'none';
  lightFloor(p, 0.7);
  // Polish: a soft reflection of the lit wall just in front of the horizon.
  const gloss = ctx.createLinearGradient(0, layout.horizonY, 0, layout.horizonY + floorH * 0.45);
  gloss.addColorStop(0, rgba(wallColour(choice, 0.05), 0.35));
  gloss.addColorStop(1, rgba(wallColour(choice), 0));
  ctx.fillStyle = gloss;
  ctx.fillRect(0, layout.horizonY, W, floorH * 0.45);
  paintJunction(p, 0.18);
  finish(p, 0.2, 1.2);
}

/** Cloth: linen weave with slubs, silk with soft sheen, velvet dark with a lit nap; drapes as broad light and shade. */
export function paintFabric(p: Painting): void {
  const { choice, noise, noise2, rng, palette } = p;
  const variant = choice.variant;
  const hueSource =
    choice.surfaceColour ??
    (choice.colourWord
      ? fromOklch({ l: variant === 'velvet' ? 0.4 : 0.72, c: choice.chroma * 1.1, h: choice.hue })
      : variant === 'linen'
        ? mixHex('#d9cfbf', palette[1] ?? palette[0] ?? '#d9cfbf', 0.15)
        : fromOklch({ l: variant === 'velvet' ? 0.35 : 0.78, c: 0.06, h: choice.accentHue }));
  const cloth = hexToRgb(hueSource);
  plasterWall(p, wallColour(choice));
  const F = variant === 'linen' ? 55 + rng.next() * 20 : 120;
  const weaveAmp = variant === 'linen' ? 0.2 : variant === 'velvet' ? 0.04 : 0.05;
  const drape = variant === 'silk' ? 0.35 : 0.18;
  const angle = (rng.next() - 0.5) * 0.6;
  const ca = Math.cos(angle),
    sa = Math.sin(angle);
  paintFloorTexture(p, (X, Z, ppu) => {
    const x = X * ca - Z * sa,
      z = X * sa + Z * ca;
    // Drapes: soft folds running toward the camera, bent by low noise.
    const fold = Math.sin((x * 1.1 + fbm(noise, x * 0.35, z * 0.5, 2) * 0.8) * Math.PI * 2) * smoothstep(-0.6, 0.5, noise2(x * 0.4 + 3, z * 0.4));
    let shade = 1 + drape * fold * 0.5;
    if (variant === 'silk') shade += 0.35 * Math.max(0, fold) ** 6;
    if (variant === 'velvet') shade += 0.25 * (1 - Math.abs(fold)) ** 3;
    const detail = smoothstep(2.5, 6, ppu / F);
    let weave = 0;
    if (detail > 0) {
      const a = Math.sin(x * F * Math.PI),
        b = Math.sin(z * F * Math.PI);
      const slub = noise2(x * 4, z * F * 0.5) * 0.5;
      const over = a * b > 0 ? Math.abs(a) : Math.abs(b);
      weave = (over - 0.6 + slub * 0.4) * weaveAmp * detail;
    }
    const mottle = noise2(x * 7, z * 7) * 0.03;
    const v = shade + weave + mottle;
    return [cloth[0] * v, cloth[1] * v, cloth[2] * v] as Rgb;
  });
  lightFloor(p, 0.9);
  paintJunction(p, 0.18);
  finish(p, 0.24, 2.5);
}
