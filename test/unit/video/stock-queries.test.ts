import { describe, expect, it } from 'vitest';
import { pickRendition } from '../../../src/engines/stock-media/renditions.js';
import { orientationFor, stockClipsFor, stockQueries } from '../../../src/pipelines/video/stock-broll.js';

const facts = { title: 'Northpeak TrailFlask 32 oz', aiIndustry: 'Sports & Outdoors', brand: 'Northpeak' };

describe('stock search queries', () => {
  it("take each sentence's first content words and the industry's word, never the product's name or selling words", () => {
    const script = 'Meet the TrailFlask. Ice stays frozen on the hottest hike. Only $34.95 today — get yours now! Steel walls, leakproof lid.';
    expect(stockQueries(script, { language: 'en', facts })).toEqual(['ice frozen outdoors', 'steel walls outdoors']);
  });

  it('a script with nothing to picture still searches its industry; an unknown industry adds nothing', () => {
    expect(stockQueries('Get yours today!', { language: 'en', facts })).toEqual(['outdoors']);
    expect(stockQueries('Crisp apples picked at dawn.', { language: 'en', facts: { ...facts, aiIndustry: 'Others' } })).toEqual(['crisp apples']);
  });

  it("use the script's language's stop words", () => {
    expect(stockQueries('El agua fría en la montaña.', { language: 'es', facts: { ...facts, aiIndustry: 'Travel' } })).toEqual(['agua fría travel']);
  });
});

describe('stock clip choice', () => {
  it('the orientation follows the aspect ratio', () => {
    expect([orientationFor('9:16'), orientationFor('16:9'), orientationFor('1:1')]).toEqual(['portrait', 'landscape', 'square']);
  });

  it('never more clips than the product has pictures, at most two', () => {
    expect(stockClipsFor({ ...facts, imageUrls: ['a'] })).toBe(1);
    expect(stockClipsFor({ ...facts, imageUrls: ['a', 'b', 'c'] })).toBe(2);
    expect(stockClipsFor(facts)).toBe(1);
  });

  it('the smallest rendition sharp enough for the frame, else the largest of the right shape', () => {
    const r = (w: number, h: number) => ({ url: `${w}x${h}`, width: w, height: h });
    expect(pickRendition([r(2160, 3840), r(1080, 1920), r(720, 1280), r(1280, 720)], 'portrait')?.url).toBe('720x1280');
    expect(pickRendition([r(360, 640), r(540, 960), r(1920, 1080)], 'portrait')?.url).toBe('540x960');
    expect(pickRendition([r(720, 1280)], 'landscape')).toBeNull();
    expect(pickRendition([{ url: '', width: 1920, height: 1080 }, r(1280, 720)], 'landscape')?.url).toBe('1280x720');
  });
});
