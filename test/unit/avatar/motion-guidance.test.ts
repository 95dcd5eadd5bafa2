import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticFace } from '../../../src/engines/face/index.js';
import { createFakeFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { planHeadMotion } from '../../../src/pipelines/avatar/photo/head-motion.js';
import {
  GUIDANCE_BOUNDS,
  guidanceFromPrompt,
  guidedHeadMotionKind,
  NEUTRAL_GUIDANCE,
  withMouthGain,
  type AnimatorGuidance,
} from '../../../src/domain/avatars/motion-guidance.js';
import { planBlinks, quantiseFrame } from '../../../src/pipelines/avatar/photo/mouth-track.js';
import { animatePhoto, type PhotoMouthFrame } from '../../../src/pipelines/avatar/photo/index.js';
import { makeGradient } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';

const knobs = (g: AnimatorGuidance) => ({ headMotion: g.headMotion, nod: g.nod, blinkRate: g.blinkRate, mouthGain: g.mouthGain });

describe('motion guidance from a text prompt', () => {
  it('reads each cue of the vocabulary into its knob', () => {
    expect(guidanceFromPrompt('Calm and relaxed delivery')).toMatchObject({ matched: ['calm'], headMotion: 0.5, nod: 1, blinkRate: 1, mouthGain: 1 });
    expect(guidanceFromPrompt('Stay still, please')).toMatchObject({ matched: ['still'], headMotion: 0 });
    expect(guidanceFromPrompt('no movement at all').matched).toEqual(['still']);
    expect(guidanceFromPrompt("Don't move").matched).toEqual(['still']);
    expect(guidanceFromPrompt('An ENERGETIC, lively presenter')).toMatchObject({ matched: ['energetic'], headMotion: 1.6 });
    expect(guidanceFromPrompt('nodding along')).toMatchObject({ matched: ['nodding'], nod: 2, headMotion: 1 });
    expect(guidanceFromPrompt('serious and focused')).toMatchObject({ matched: ['serious'], blinkRate: 0.5 });
    expect(guidanceFromPrompt('blinking a lot')).toMatchObject({ matched: ['blinking'], blinkRate: 1.8 });
    expect(guidanceFromPrompt('expressive, with a wide mouth')).toMatchObject({ matched: ['expressive'], mouthGain: 1.3 });
    expect(guidanceFromPrompt('whispering softly')).toMatchObject({ matched: ['quiet'], mouthGain: 0.7 });
  });

  it("combines cues by multiplying, and lists them in the vocabulary's order", () => {
    const g = guidanceFromPrompt('Nodding gently, serious, whisper');
    expect(g.matched).toEqual(['calm', 'nodding', 'serious', 'quiet']);
    expect(knobs(g)).toEqual({ headMotion: 0.5, nod: 2, blinkRate: 0.5, mouthGain: 0.7 });
    // Opposite cues meet in the middle: 0.5 × 1.6.
    expect(guidanceFromPrompt('calm but energetic').headMotion).toBe(0.8);
    // "still" wins over anything that would move the head.
    expect(guidanceFromPrompt('still yet energetic').headMotion).toBe(0);
  });

  it("an unknown prompt, or none, gives no cues and the animator's defaults", () => {
    for (const prompt of ['A friendly woman in a studio', '', null, undefined, 'stillness? instill!']) {
      const g = guidanceFromPrompt(prompt);
      expect(g.matched).toEqual([]);
      expect(knobs(g)).toEqual(NEUTRAL_GUIDANCE);
    }
  });

  it('a negated cue changes nothing and is reported as negated; a new clause ends the negation', () => {
    expect(guidanceFromPrompt('not energetic')).toMatchObject({ matched: [], negated: ['energetic'], headMotion: 1 });
    expect(guidanceFromPrompt("don't be too serious")).toMatchObject({ matched: [], negated: ['serious'], blinkRate: 1 });
    expect(guidanceFromPrompt('never still')).toMatchObject({ matched: [], negated: ['still'], headMotion: 1 });
    expect(guidanceFromPrompt('not calm but energetic')).toMatchObject({ matched: ['energetic'], negated: ['calm'], headMotion: 1.6 });
    expect(guidanceFromPrompt('no shouting. Calm.')).toMatchObject({ matched: ['calm'], headMotion: 0.5 });
    // A cue both negated and asked for elsewhere counts as asked for.
    expect(guidanceFromPrompt('not calm at first; calm later').matched).toEqual(['calm']);
  });

  it('scales: 0 ignores the prompt, 2 squares the effect, and the result stays within bounds', () => {
    const prompt = 'calm, nodding, serious, expressive';
    expect(knobs(guidanceFromPrompt(prompt, 0))).toEqual(NEUTRAL_GUIDANCE);
    expect(guidanceFromPrompt(prompt, 0).matched).toEqual(['calm', 'nodding', 'serious', 'expressive']);
    expect(knobs(guidanceFromPrompt(prompt, 2))).toEqual({ headMotion: 0.25, nod: 2.5, blinkRate: 0.4, mouthGain: 1.5 });
    // Half the scale is the square root of the effect, kept to three decimals like every knob.
    const round3 = (x: number) => Math.round(x * 1000) / 1000;
    expect(knobs(guidanceFromPrompt(prompt, 0.5))).toEqual({
      headMotion: round3(Math.sqrt(0.5)),
      nod: round3(Math.sqrt(2)),
      blinkRate: round3(Math.sqrt(0.5)),
      mouthGain: 1.14,
    });
    expect(guidanceFromPrompt('stay still', 0.1).headMotion).toBe(0);
    // Above 3 is treated as 3 (the API refuses it before this); a missing scale is 1.
    expect(knobs(guidanceFromPrompt(prompt, 30))).toEqual(knobs(guidanceFromPrompt(prompt, 3)));
    expect(knobs(guidanceFromPrompt(prompt, null))).toEqual(knobs(guidanceFromPrompt(prompt, 1)));
    for (const scale of [0, 0.5, 1, 2, 3]) {
      for (const prompt of ['energetic lively animated excited', 'blink blinking', 'serious focused', 'whisper quiet', 'expressive loud', 'nod']) {
        const g = guidanceFromPrompt(prompt, scale);
        for (const [knob, { min, max }] of Object.entries(GUIDANCE_BOUNDS)) {
          const value = g[knob as keyof AnimatorGuidance];
          expect(value).toBeGreaterThanOrEqual(min);
          expect(value).toBeLessThanOrEqual(max);
        }
      }
    }
    // Synonyms of one cue count once: four energetic words are 1.6, not 1.6⁴.
    expect(guidanceFromPrompt('energetic lively animated excited').headMotion).toBe(1.6);
  });
});

describe('the animator plan under guidance', () => {
  const face = { faceWidth: 300, faceHeight: 330 };
  const amplitudes = (m: ReturnType<typeof planHeadMotion>) => ({
    angle: m.angle.map((w) => w.amplitude),
    x: m.shiftX.map((w) => w.amplitude),
    y: m.shiftY.map((w) => w.amplitude),
  });

  it('scales the head-motion amplitudes and only them; the nod scales the vertical drift', () => {
    const base = planHeadMotion(face, 42);
    expect(planHeadMotion(face, 42, 'natural', { headMotion: 1, nod: 1 })).toEqual(base);
    const calm = planHeadMotion(face, 42, 'natural', { headMotion: 0.5, nod: 1 });
    const nodding = planHeadMotion(face, 42, 'natural', { headMotion: 1, nod: 2 });
    const a = amplitudes(base);
    expect(amplitudes(calm)).toEqual({ angle: a.angle.map((v) => v * 0.5), x: a.x.map((v) => v * 0.5), y: a.y.map((v) => v * 0.5) });
    expect(amplitudes(nodding)).toEqual({ angle: a.angle, x: a.x, y: a.y.map((v) => v * 2) });
    // Same periods and phases: a scaled plan is the same motion, larger or smaller.
    expect(calm.shiftY.map((w) => [w.periodSeconds, w.phase])).toEqual(base.shiftY.map((w) => [w.periodSeconds, w.phase]));
  });

  it('"still" turns any model\'s motion off', () => {
    const still = guidanceFromPrompt('still');
    expect(guidedHeadMotionKind('natural', still)).toBe('still');
    expect(guidedHeadMotionKind('drift', still)).toBe('still');
    expect(guidedHeadMotionKind('drift', guidanceFromPrompt('calm'))).toBe('drift');
  });

  it("the blink count follows the rate; rate 1 is today's plan exactly", () => {
    const count = (b: number[]) => b.filter((v, i) => v > 0 && (i === 0 || b[i - 1] === 0)).length;
    const minute = 30 * 60;
    expect(planBlinks(minute, 7, 30, 1)).toEqual(planBlinks(minute, 7));
    const normal = count(planBlinks(minute, 7));
    const serious = count(planBlinks(minute, 7, 30, 0.5));
    const blinky = count(planBlinks(minute, 7, 30, 1.8));
    expect(serious).toBeGreaterThanOrEqual(Math.floor(normal * 0.5) - 1);
    expect(serious).toBeLessThanOrEqual(Math.ceil(normal * 0.5) + 1);
    expect(blinky).toBeGreaterThanOrEqual(Math.floor(normal * 1.8) - 2);
    expect(blinky).toBeLessThanOrEqual(Math.ceil(normal * 1.8) + 2);
    // Even at the highest rate the eyes open between blinks.
    const fastest = planBlinks(minute, 7, 30, GUIDANCE_BOUNDS.blinkRate.max);
    expect(fastest.some((v, i) => i > 0 && v > 0 && fastest[i - 1] === 0.3)).toBe(false);
  });

  it('the mouth gain rescales openings and never opens past fully open', () => {
    const frames = [0, 0.2, 0.5, 0.8, 1].map((openness) => ({ openness, width: 1.1 }));
    expect(withMouthGain(frames, 1)).toEqual(frames);
    withMouthGain(frames, 0.7).forEach((f, i) => {
      expect(f.openness).toBeCloseTo([0, 0.14, 0.35, 0.56, 0.7][i]!, 9);
    });
    const loud = withMouthGain(frames, GUIDANCE_BOUNDS.mouthGain.max);
    loud.forEach((f, i) => {
      expect(f.openness).toBeCloseTo([0, 0.3, 0.75, 1, 1][i]!, 9);
    });
    expect(loud.every((f) => f.width === 1.1)).toBe(true);
    expect(Math.max(...loud.map((f) => quantiseFrame(f).mouth))).toBe(7);
  });
});

describe('animatePhoto with guidance (fake ffmpeg: the plan, not the pixels)', () => {
  let fx: FixtureDir;
  let photo: string;
  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-guidance-fake-');
    photo = await makeGradient(fx.path('photo.png'), { width: 400, height: 500 });
  });
  afterAll(async () => fx.cleanup());
  const face = syntheticFace({ x: 120, y: 110, width: 160, height: 190 });
  const frames: PhotoMouthFrame[] = [0, 0.3, 0.6, 0.9, 0.6, 0.3].flatMap((openness) => Array.from({ length: 5 }, () => ({ openness, blink: 0 })));

  async function plan(guidance?: AnimatorGuidance) {
    const seen = { filter: '', list: '' };
    const ffmpeg = createFakeFfmpegEngine({
      onRun: async (args) => {
        seen.filter = args[args.indexOf('-filter_complex') + 1] ?? '';
        // The state pictures' folder is a fresh temporary one per render: keep the file names. The face states
        // are the last concat input (a breathing still, when the head moves, is the first).
        seen.list = (await readFile(args[args.lastIndexOf('concat') + 4]!, 'utf8')).replace(/'[^']*\/([^/']+)'/g, "'$1'");
      },
    });
    const result = await animatePhoto(ffmpeg, {
      photoPath: photo,
      face,
      frames,
      outputPath: fx.path('out.mp4'),
      resolution: '480p',
      scratchDir: fx.dir,
      guidance,
    });
    return { ...seen, states: result.stateCount };
  }

  it('neutral guidance is the default render; "still" has no moving head; a quiet mouth opens less', async () => {
    const byDefault = await plan();
    expect(byDefault.filter).toMatch(/sin\(/);
    expect(await plan(NEUTRAL_GUIDANCE)).toEqual(byDefault);
    const still = await plan(guidanceFromPrompt('stay still'));
    expect(still.filter).not.toMatch(/sin\(/);
    expect(still.filter).not.toMatch(/rotate/);
    // The widest opening drawn: level 6 of 7 for 0.9 by default; 0.9 × 0.5 → level 3 when whispering.
    const widest = (list: string) => Math.max(...[...list.matchAll(/'m(\d)-/g)].map((m) => Number(m[1])));
    expect(widest(byDefault.list)).toBe(6);
    expect(widest((await plan(guidanceFromPrompt('whisper', 2))).list)).toBe(3);
    expect(widest((await plan(guidanceFromPrompt('expressive', 3))).list)).toBe(7);
  });
});
