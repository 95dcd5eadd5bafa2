import { describe, expect, it } from 'vitest';
import { DISPLAY_SECONDS, displaySecondsFrom } from '../../../src/domain/product-video/product-video-service.js';
import { planDisplayShots } from '../../../src/pipelines/images/motion/plan-display-shots.js';
import { chooseMotions } from '../../../src/pipelines/product-video/choose-motions.js';
import { PRODUCT_VIDEO_FPS } from '../../../src/pipelines/product-video/render-product-video.js';

const PROMPTS = [null, 'a slow turntable spin', 'orbit around it, then push in', 'light sweep, reveal, no music'];

/** The video the shots make: every shot's frames, less the crossfades' overlaps. */
function framesOf(plan: ReturnType<typeof planDisplayShots>, fps: number): number {
  const shots = plan.shots.reduce((sum, s) => sum + Math.round(s.durationSeconds * fps), 0);
  return shots - (plan.shots.length - 1) * Math.round(plan.crossfadeSeconds * fps);
}

/**
 * Product Video's display videos have no length field: the prompt may ask for one ("an 8 second
 * spin"), kept within 5–15 s, else 10 s; a talking one lasts its speech (tested through the API).
 * gen_video and regen_video render one request, so a variation is as long as the video it replaces.
 */
describe('Product Video display lengths', () => {
  it('reads the length the prompt asks for, kept within its bounds', () => {
    expect(displaySecondsFrom(null)).toBe(DISPLAY_SECONDS.default);
    expect(displaySecondsFrom('an 8 second turntable spin')).toBe(8);
    expect(displaySecondsFrom('12s of slow orbit')).toBe(12);
    expect(displaySecondsFrom('a 7.4 sec light sweep')).toBe(7);
    expect(displaySecondsFrom('3 seconds')).toBe(DISPLAY_SECONDS.min);
    expect(displaySecondsFrom('a 40 seconds film')).toBe(DISPLAY_SECONDS.max);
  });

  it('every allowed length × prompt × seed (and its regen) lasts exactly that, on whole frames', () => {
    let checked = 0;
    for (let seconds = DISPLAY_SECONDS.min; seconds <= DISPLAY_SECONDS.max; seconds++)
      for (const prompt of PROMPTS)
        for (const seed of [1, 77, 4242]) {
          const first = chooseMotions(seed, prompt, seconds);
          const again = chooseMotions(seed + 1, prompt, seconds, first);
          for (const motions of [first, again]) {
            const plan = planDisplayShots(motions, seconds, PRODUCT_VIDEO_FPS, seed);
            expect(framesOf(plan, PRODUCT_VIDEO_FPS), `${seconds} s ${prompt} ${motions.join(',')}`).toBe(seconds * PRODUCT_VIDEO_FPS);
            checked++;
          }
        }
    expect(checked).toBe((DISPLAY_SECONDS.max - DISPLAY_SECONDS.min + 1) * PROMPTS.length * 3 * 2);
  });
});
