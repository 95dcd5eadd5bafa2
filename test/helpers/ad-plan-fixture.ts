import type { AdPlan } from '../../src/pipelines/video/ad-plan.js';

/** Words spoken every 0.42 s, as a plan's timings: enough for the scenes of a 15 s ad. */
export const PLAN_WORDS = Array.from({ length: 30 }, (_, i) => ({ word: `word${i}`, startSeconds: i * 0.42, endSeconds: i * 0.42 + 0.32 }));

/** A saved 15 s URL-to-video plan (three pictures, a logo, music), for testing what the styles draw from it. */
export function adPlanFixture(over: Partial<AdPlan> = {}): AdPlan {
  return {
    script: 'x',
    headline: 'Thermo Bottle Pro keeps drinks hot',
    highlights: ['Hot for 12 hours', 'Never leaks', 'Fits cup holders'],
    priceText: '$24.99',
    cta: { title: 'Shop now', subtitle: '$24.99' },
    palette: { primary: '#1E3A8A', accent: '#F59E0B', text: '#111827' },
    language: 'en',
    voiceId: 'v',
    avatarId: null,
    aspectRatio: '9:16',
    words: PLAN_WORDS,
    speechEndSeconds: 12.6,
    durationSeconds: 15,
    endCardSeconds: 2,
    voiceoverVolume: 1,
    musicVolume: 0.25,
    caption: { hidden: false, override: false, setting: null },
    files: { voice: 'voice.mp3', images: ['image-0', 'image-1', 'image-2'], videos: [], logo: 'logo', music: 'music.wav' },
    ...over,
  };
}
