import { describe, expect, it } from 'vitest';
import { NothingToCutOut } from '../../../src/core/errors.js';
import { alphaBox, cropImage, resizeImage } from '../../../src/pipelines/images/raster-io.js';
import { stageProduct } from '../../../src/pipelines/images/staging/stage-product.js';
import { SCENE_KINDS } from '../../../src/pipelines/images/staging/staged-scene.js';
import { toOklch } from '../../../src/pipelines/images/backgrounds/colour.js';
import { bottleCutout, boxesOverlap, bustCutout, inside, luminance, meanAbsDiff, meanRgb, sameBytes, textureEnergy } from './staging-helpers.js';

const W = 320,
  H = 180;

describe('stageProduct', () => {
  it('places the product pixels unchanged inside its box, with the cut-out shape', async () => {
    const { cutout, productRgb } = await bottleCutout();
    const scene = await stageProduct({ product: cutout, width: W, height: H, seed: 5, scene: 'studio-gradient' });
    const { box } = scene.product;
    expect(inside(box, W, H)).toBe(true);
    expect(box.height / H).toBeGreaterThan(0.5);
    expect(box.height / H).toBeLessThan(0.7);
    // The composite inside the box equals the scaled cut-out wherever the cut-out is opaque.
    const scaled = await resizeImage(cropImage(cutout, alphaBox(cutout, 24)!), box.width, box.height);
    let opaque = 0,
      matching = 0,
      bodyLike = 0;
    for (let y = 0; y < box.height; y++)
      for (let x = 0; x < box.width; x++) {
        const s = (y * box.width + x) * 4;
        if (scaled.data[s + 3]! < 255) continue;
        opaque++;
        const c = ((box.y + y) * W + box.x + x) * 4;
        const d =
          Math.abs(scene.composite.data[c]! - scaled.data[s]!) +
          Math.abs(scene.composite.data[c + 1]! - scaled.data[s + 1]!) +
          Math.abs(scene.composite.data[c + 2]! - scaled.data[s + 2]!);
        if (d <= 3) matching++;
        if (
          Math.abs(scene.composite.data[c]! - productRgb[0]) +
            Math.abs(scene.composite.data[c + 1]! - productRgb[1]) +
            Math.abs(scene.composite.data[c + 2]! - productRgb[2]) <
          30
        )
          bodyLike++;
      }
    expect(opaque).toBeGreaterThan(box.width * box.height * 0.5);
    expect(matching / opaque).toBeGreaterThan(0.99);
    expect(bodyLike / opaque).toBeGreaterThan(0.4);
    // Outside the cut-out's shape (the box corners beside the neck) the scene shows, not the product.
    const corner = meanRgb(scene.composite, { x: box.x, y: box.y, width: Math.max(1, Math.round(box.width * 0.15)), height: Math.round(box.height * 0.15) });
    expect(Math.abs(corner[0] - productRgb[0]) + Math.abs(corner[1] - productRgb[1]) + Math.abs(corner[2] - productRgb[2])).toBeGreaterThan(60);
    expect(scene.palette[0]).toMatch(/^#[0-9a-f]{6}$/);
    expect(Math.abs(toOklch(scene.palette[0]!).h - toOklch('#c0392b').h)).toBeLessThan(10);
  });

  it('darkens the floor right under the product (contact shadow)', async () => {
    const { cutout } = await bottleCutout();
    for (const kind of ['studio-gradient', 'wood-surface', 'palette-backdrop'] as const) {
      const scene = await stageProduct({ product: cutout, width: W, height: H, seed: 2, scene: kind });
      const { box } = scene.product;
      const base = box.y + box.height;
      const under = { x: box.x + Math.round(box.width * 0.2), y: base, width: Math.round(box.width * 0.6), height: 3 };
      const away = { ...under, x: under.x + (under.x > W / 2 ? -Math.round(W * 0.35) : Math.round(W * 0.35)) };
      // Darkened under the base, untouched away from it (wood planks differ in tone, so each place is
      // compared with the same place in the scene alone).
      const darkening = (b: typeof under) => luminance(scene.background, b) - luminance(scene.composite, b);
      expect(darkening(under), kind).toBeGreaterThan(8);
      expect(darkening(away), kind).toBeLessThan(1);
      if (kind === 'studio-gradient') expect(luminance(scene.composite, under)).toBeLessThan(luminance(scene.composite, away) - 8);
      // The same darkening lives in the shadow layer, for the motion renderers.
      expect(scene.shadow!.data[((base + 1) * W + box.x + Math.round(box.width / 2)) * 4 + 3]!).toBeGreaterThan(60);
      expect(luminance(scene.background, under)).toBeGreaterThan(luminance(scene.composite, under));
    }
  });

  it('draws a faded mirror of the product on the reflection floor', async () => {
    const { cutout, productRgb } = await bottleCutout();
    const scene = await stageProduct({ product: cutout, width: W, height: H, seed: 4, scene: 'reflection-floor' });
    const { box } = scene.product;
    const below = { x: box.x + Math.round(box.width * 0.3), y: box.y + box.height + 3, width: Math.round(box.width * 0.4), height: 6 };
    const [r, g] = meanRgb(scene.composite, below);
    const [br, bg] = meanRgb(scene.background, below);
    // Redder than the floor alone: the red bottle shows in it.
    expect(r - g).toBeGreaterThan(br - bg + 10);
    expect(productRgb[0]).toBeGreaterThan(productRgb[1]);
  });

  it('renders every scene kind, each different from the others', async () => {
    const { cutout } = await bottleCutout();
    const scenes: Awaited<ReturnType<typeof stageProduct>>[] = [];
    for (const kind of SCENE_KINDS) {
      const s = await stageProduct({ product: cutout, width: W, height: H, seed: 9, scene: kind });
      expect(s.kind).toBe(kind);
      expect(s.description.length).toBeGreaterThan(5);
      scenes.push(s);
    }
    for (let i = 0; i < scenes.length; i++)
      for (let j = i + 1; j < scenes.length; j++) {
        expect(meanAbsDiff(scenes[i]!.background, scenes[j]!.background), `${SCENE_KINDS[i]} vs ${SCENE_KINDS[j]}`).toBeGreaterThan(6);
      }
    // Material scenes have texture on the floor; the studio sweep is smooth.
    const floor = { x: 0, y: Math.round(H * 0.9), width: W, height: Math.round(H * 0.08) };
    const energy = (k: string) => textureEnergy(scenes[SCENE_KINDS.indexOf(k as never)]!.background, floor);
    expect(energy('wood-surface')).toBeGreaterThan(energy('studio-gradient') * 1.5);
    expect(energy('marble-surface')).toBeGreaterThan(energy('studio-gradient'));
  });

  it('picks the scene from prompt words and moves the backdrop hue with colour words', async () => {
    const { cutout } = await bottleCutout();
    const cases: [string, string][] = [
      ['on a rustic oak table', 'wood-surface'],
      ['walnut desk, moody', 'wood-surface'],
      ['white marble counter', 'marble-surface'],
      ['soft linen', 'fabric-surface'],
      ['sunny garden', 'outdoor-light'],
      ['on a pedestal', 'podium'],
      ['glossy mirror floor', 'reflection-floor'],
      ['clean studio shot', 'studio-gradient'],
    ];
    for (const [prompt, kind] of cases) {
      const s = await stageProduct({ product: cutout, width: 160, height: 90, seed: 1, prompt });
      expect(s.kind, prompt).toBe(kind);
    }
    const hueOfWall = async (prompt: string) => {
      const s = await stageProduct({ product: cutout, width: W, height: H, seed: 3, prompt, scene: 'studio-gradient' });
      const [r, g, b] = meanRgb(s.background, { x: 0, y: 0, width: W, height: Math.round(H * 0.3) });
      return { r, g, b };
    };
    const blue = await hueOfWall('blue backdrop'),
      yellow = await hueOfWall('yellow backdrop');
    expect(blue.b).toBeGreaterThan(blue.r + 10);
    expect(yellow.r + yellow.g).toBeGreaterThan(2 * yellow.b + 20);
    const dark = await hueOfWall('dark moody'),
      bright = await hueOfWall('bright airy');
    expect(dark.r + dark.g + dark.b).toBeLessThan(bright.r + bright.g + bright.b - 150);
  });

  it('is deterministic for a seed and different for another seed', async () => {
    const { cutout } = await bottleCutout();
    for (const kind of ['wood-surface', 'outdoor-light'] as const) {
      const a = await stageProduct({ product: cutout, width: W, height: H, seed: 11, scene: kind, prompt: 'warm' });
      const b = await stageProduct({ product: cutout, width: W, height: H, seed: 11, scene: kind, prompt: 'warm' });
      const c = await stageProduct({ product: cutout, width: W, height: H, seed: 12, scene: kind, prompt: 'warm' });
      expect(sameBytes(a.composite, b.composite)).toBe(true);
      expect(meanAbsDiff(a.composite, c.composite)).toBeGreaterThan(3);
    }
    // Without words the seed also picks the kind: several seeds give several kinds.
    const kinds = new Set<string>();
    for (let seed = 0; seed < 10; seed++) kinds.add((await stageProduct({ product: cutout, width: 96, height: 54, seed })).kind);
    expect(kinds.size).toBeGreaterThanOrEqual(4);
  });

  it('stands a presenter beside the product and a showcase view, none overlapping, in 16:9 and 9:16', async () => {
    const { cutout } = await bottleCutout();
    const showcase = (await bottleCutout({ body: '#2e86c1' })).cutout;
    for (const [w, h] of [
      [320, 180],
      [180, 320],
      [240, 240],
      [240, 300],
    ] as const) {
      const s = await stageProduct({ product: cutout, presenter: bustCutout(), showcase, width: w, height: h, seed: 3, scene: 'podium' });
      expect(s.composite.width).toBe(w);
      expect(s.composite.height).toBe(h);
      for (const layer of [s.product, s.presenter!, s.showcase!]) {
        expect(inside(layer.box, w, h), `${w}x${h}`).toBe(true);
        expect(layer.image.width).toBe(layer.box.width);
        expect(layer.image.height).toBe(layer.box.height);
      }
      expect(boxesOverlap(s.product.box, s.presenter!.box)).toBe(false);
      expect(boxesOverlap(s.product.box, s.showcase!.box)).toBe(false);
      expect(s.presenter!.box.height).toBeGreaterThan(s.product.box.height);
      // The bust is cut at the frame's bottom edge, as a half-figure would be.
      expect(s.presenter!.box.y + s.presenter!.box.height).toBe(h);
      // The presenter's shirt colour is where the presenter stands.
      const p = s.presenter!.box;
      const [r, , b] = meanRgb(s.composite, {
        x: p.x + Math.round(p.width * 0.4),
        y: p.y + Math.round(p.height * 0.8),
        width: Math.round(p.width * 0.2),
        height: Math.round(p.height * 0.1),
      });
      expect(b).toBeGreaterThan(r + 60);
    }
  });

  it('uses a given background (cover-fit) with the same contact shadow', async () => {
    const { cutout } = await bottleCutout();
    const bg = { width: 100, height: 100, data: new Uint8Array(100 * 100 * 4).fill(255) };
    for (let i = 0; i < bg.data.length; i += 4) {
      bg.data[i] = 40;
      bg.data[i + 1] = 160;
      bg.data[i + 2] = 90;
    }
    const s = await stageProduct({ product: cutout, width: W, height: H, seed: 1, background: bg });
    expect(s.kind).toBe('remote');
    const [r, g] = meanRgb(s.background, { x: 0, y: 0, width: 20, height: 20 });
    expect(g).toBeGreaterThan(r + 80);
    const { box } = s.product;
    const under = { x: box.x + Math.round(box.width * 0.3), y: box.y + box.height, width: Math.round(box.width * 0.4), height: 2 };
    expect(luminance(s.composite, under)).toBeLessThan(luminance(s.background, under) - 10);
  });

  it('fails with a reason when the cut-out is empty, and stops when aborted', async () => {
    const empty = { width: 50, height: 50, data: new Uint8Array(50 * 50 * 4) };
    await expect(stageProduct({ product: empty, width: 100, height: 100, seed: 1 })).rejects.toBeInstanceOf(NothingToCutOut);
    const { cutout } = await bottleCutout();
    const ac = new AbortController();
    ac.abort();
    await expect(stageProduct({ product: cutout, width: 100, height: 100, seed: 1, signal: ac.signal })).rejects.toThrow();
    const seen: number[] = [];
    await stageProduct({ product: cutout, width: 100, height: 100, seed: 1, onProgress: (f) => seen.push(f) });
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });
});
