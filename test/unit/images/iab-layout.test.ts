import { describe, expect, it } from 'vitest';
import { IAB_BANNERS } from '../../../src/domain/iab-images/iab-banners.js';
import { slideToKeep } from '../../../src/engines/image/smartcrop-cropper.js';
import { chooseLayout, shapeDistance } from '../../../src/pipelines/iab-images/banner-layout.js';
import { subjectPlacement } from '../../../src/pipelines/iab-images/compose-banner.js';
import { subjectBoxOf } from '../../../src/pipelines/iab-images/subject-box.js';

const size = (s: string) => {
  const [width, height] = s.split('x').map(Number) as [number, number];
  return { width, height };
};

describe('crop or compose', () => {
  const composedFor = (photo: { width: number; height: number }, subject: { x: number; y: number; width: number; height: number } | null, canCompose = true) =>
    [...new Set(IAB_BANNERS.filter((b) => chooseLayout({ photo, banner: size(b.size), subject, canCompose }) === 'compose').map((b) => b.size))].sort();

  it('composes the thin shapes of a 4:3 photo and crops the near ones', () => {
    expect(composedFor({ width: 1600, height: 1200 }, { x: 600, y: 300, width: 300, height: 300 })).toEqual(
      ['160x600', '320x50', '468x60', '728x90', '970x90'].sort(),
    );
  });

  it("decides by distance to the photo's shape, not by a list: a panorama crops the leaderboard, and composes the skyscraper", () => {
    const panorama = { width: 3000, height: 400 };
    expect(chooseLayout({ photo: panorama, banner: size('728x90'), subject: null, canCompose: true })).toBe('crop');
    expect(chooseLayout({ photo: panorama, banner: size('160x600'), subject: null, canCompose: true })).toBe('compose');
    expect(shapeDistance(panorama, size('970x90'))).toBeLessThan(Math.log(1.5));
  });

  it('composes a middling shape when the crop would cut the subject, and crops it when the subject fits', () => {
    const photo = { width: 480, height: 600 };
    // 160x600 of a 4:5 photo: a window 160 px wide.
    expect(chooseLayout({ photo, banner: size('160x600'), subject: { x: 150, y: 100, width: 170, height: 380 }, canCompose: true })).toBe('compose');
    expect(chooseLayout({ photo, banner: size('160x600'), subject: { x: 200, y: 100, width: 90, height: 380 }, canCompose: true })).toBe('crop');
    // A group too wide for a tall crop: composed, unless one whole face fits the crop (a portrait of one of them).
    const group = { x: 20, y: 100, width: 440, height: 200 };
    expect(chooseLayout({ photo, banner: size('160x600'), subject: group, canCompose: true })).toBe('compose');
    expect(chooseLayout({ photo, banner: size('160x600'), subject: group, canCompose: true, largestFace: { width: 120, height: 150 } })).toBe('crop');
    // Same shape as the photo: always a crop.
    expect(chooseLayout({ photo, banner: { width: 240, height: 300 }, subject: { x: 0, y: 0, width: 480, height: 600 }, canCompose: true })).toBe('crop');
  });

  it('crops everything when nothing was cut out', () => {
    expect(composedFor({ width: 1600, height: 1200 }, null, false)).toEqual([]);
  });
});

describe('placing the subject of a composed banner', () => {
  it("fills the short side less a margin, on the first third, with the subject's own shape", () => {
    const p = subjectPlacement({ width: 728, height: 90 }, { width: 100, height: 250 });
    expect(p.height).toBe(90 - 2 * 7);
    expect(Math.abs(p.width / p.height - 100 / 250)).toBeLessThan(0.02);
    expect(Math.abs(p.x + p.width / 2 - 728 / 3)).toBeLessThanOrEqual(1);
    expect(p.y).toBe(7);
    const tall = subjectPlacement({ width: 160, height: 600 }, { width: 300, height: 200 });
    expect(tall.width).toBe(160 - 2 * 13);
    expect(Math.abs(tall.y + tall.height / 2 - 200)).toBeLessThanOrEqual(1);
    // A long subject in a near-square banner: bounded by the long side too, inside the margins.
    const wide = subjectPlacement({ width: 300, height: 250 }, { width: 1000, height: 100 });
    expect(wide.x).toBeGreaterThanOrEqual(20);
    expect(wide.x + wide.width).toBeLessThanOrEqual(280);
  });
});

describe('keeping boxes in a crop window', () => {
  const photo = { width: 1000, height: 600 };
  it('slides the window the least to hold every box that fits, and the most boxes when not all do', () => {
    const w = slideToKeep({ x: 0, y: 0, width: 400, height: 600 }, photo, [{ x: 500, y: 100, width: 100, height: 100 }]);
    expect(w).toEqual({ x: 200, y: 0, width: 400, height: 600 });
    // Three faces; a 250-wide window holds two of them (the right pair), not the lone one on the left.
    const faces = [
      { x: 50, y: 100, width: 80, height: 80 },
      { x: 600, y: 100, width: 80, height: 80 },
      { x: 760, y: 120, width: 80, height: 80 },
    ];
    const pair = slideToKeep({ x: 0, y: 0, width: 250, height: 600 }, photo, faces);
    expect(pair.x).toBeLessThanOrEqual(600);
    expect(pair.x + pair.width).toBeGreaterThanOrEqual(840);
  });

  it('keeps at least the middle of boxes too tall for a thin window', () => {
    const w = slideToKeep({ x: 0, y: 0, width: 1000, height: 60 }, photo, [{ x: 100, y: 300, width: 100, height: 120 }]);
    expect(w.y).toBeLessThanOrEqual(300 + 120 * 0.35);
    expect(w.y + w.height).toBeGreaterThanOrEqual(300 + 120 * 0.65);
  });
});

describe('the subject box of a cut-out', () => {
  it('bounds the opaque pixels, ignoring stray specks, and is null for an empty or full cut-out', () => {
    const width = 100,
      height = 80;
    const img = { width, height, data: new Uint8Array(width * height * 4) };
    for (let y = 20; y < 60; y++) for (let x = 30; x < 50; x++) img.data[(y * width + x) * 4 + 3] = 255;
    img.data[(2 * width + 95) * 4 + 3] = 255; // a speck
    expect(subjectBoxOf(img)).toEqual({ x: 30, y: 20, width: 20, height: 40 });
    expect(subjectBoxOf({ width, height, data: new Uint8Array(width * height * 4) })).toBeNull();
    expect(subjectBoxOf({ width, height, data: new Uint8Array(width * height * 4).fill(255) })).toBeNull();
  });
});
