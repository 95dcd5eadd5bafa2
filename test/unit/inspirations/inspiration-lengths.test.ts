import { describe, expect, it } from 'vitest';
import { INSPIRATIONS } from '../../../src/domain/inspirations/inspiration-catalog.js';
import { planDisplayShots } from '../../../src/pipelines/images/motion/plan-display-shots.js';
import { INSPIRATION_VIDEO_SECONDS } from '../../../src/pipelines/inspirations/inspiration-recipes.js';

/**
 * An inspiration's length is its recipe's, and its catalog entry tells the client what it is
 * ("A 6 s vertical …"); a video look keeps its source's length. The API test probes real renders.
 */
describe('video inspirations last what their catalog entries say', () => {
  it('every video inspiration names its length, the one its recipe renders', () => {
    const videos = INSPIRATIONS.filter((i) => i.genType === 'video');
    expect(videos.length).toBeGreaterThanOrEqual(5);
    for (const i of videos) {
      const seconds = (INSPIRATION_VIDEO_SECONDS as Record<string, number>)[i.slug];
      if (seconds === undefined) expect(i.description, i.slug).toMatch(/same size and length/);
      else expect(i.description, i.slug).toContain(`${seconds} s`);
    }
  });

  it('the display ones cut their shots to exactly that many 30 fps frames, for any seed', () => {
    for (const [slug, seconds] of Object.entries(INSPIRATION_VIDEO_SECONDS))
      for (const seed of [1, 2, 99]) {
        const plan = planDisplayShots(['orbit-parallax', 'push-in'], seconds, 30, seed);
        const frames =
          plan.shots.reduce((sum, s) => sum + Math.round(s.durationSeconds * 30), 0) - (plan.shots.length - 1) * Math.round(plan.crossfadeSeconds * 30);
        expect(frames, slug).toBe(seconds * 30);
      }
  });
});
