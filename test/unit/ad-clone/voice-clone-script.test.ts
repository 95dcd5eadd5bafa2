import { describe, expect, it } from 'vitest';
import type { SpeechSynthesizer } from '../../../src/domain/speech/voice-directory.js';
import { factsFrom } from '../../../src/domain/links/link-facts.js';
import { createFakeFfmpegEngine } from '../../../src/engines/ffmpeg/fake-engine.js';
import { scriptPatternOf } from '../../../src/pipelines/ad-clone/analysis/script-pattern.js';
import { END_MARGIN_SECONDS, MAX_HOLD_SECONDS, MAX_TEMPO, voiceCloneScript } from '../../../src/pipelines/ad-clone/voice-clone-script.js';
import { writeAdScript } from '../../../src/pipelines/text/write-ad-script.js';

const facts = factsFrom(
  {
    title: 'Northpeak TrailFlask 32 oz',
    description: 'Keeps drinks cold for 24 hours and hot for 12. Leak-proof lid, fits every cup holder.',
    imageUrls: ['https://cdn.test/a.jpg'],
    videoUrls: [],
    logoUrl: null,
    price: { amount: 34.99, currency: 'USD' },
    reviews: null,
  },
  'inner',
);
const w = (word: string, startSeconds: number, endSeconds: number) => ({ word, startSeconds, endSeconds });
// Four sentences, the last a call to action, spoken to the reference's very end.
const pattern = scriptPatternOf(
  'Tired of cold coffee by nine? Meet the bottle that fixes it. It keeps drinks hot all day long. Shop now and save today.'
    .split(' ')
    .map((word, i) => w(word, i * 0.4, i * 0.4 + 0.35)),
);

/** A voice of `secondsPerWord`, its words timed one after another (what the real engines report). */
function voice(secondsPerWord: number): SpeechSynthesizer & { texts: string[] } {
  const texts: string[] = [];
  return {
    texts,
    async synthesize(req) {
      texts.push(req.text);
      const words = req.text.split(/\s+/).filter(Boolean);
      return {
        mp3Path: `${req.workDir}/speech.mp3`,
        durationSeconds: words.length * secondsPerWord + 0.2,
        words: words.map((word, i) => w(word, 0.1 + i * secondsPerWord, 0.1 + (i + 1) * secondsPerWord - 0.05)),
      };
    },
  };
}

const request = (videoSeconds: number) => ({
  facts,
  pattern,
  speakingSeconds: videoSeconds - 0.3,
  language: 'en',
  wordsPerSecond: 2.5,
  seed: 3,
  videoSeconds,
  accountId: 'acc',
  voiceId: 'v',
  workDir: '/tmp/w',
});

describe("the clone's voice ends before the clone does", () => {
  const write = async (r: Parameters<typeof writeAdScript>[0]) => writeAdScript(r);

  it('keeps the first script when its voice ends in time', async () => {
    const speech = voice(0.3);
    const voiced = await voiceCloneScript({ write, speech, ffmpeg: createFakeFfmpegEngine() }, request(15));
    expect(speech.texts).toHaveLength(1);
    expect(voiced.tempo).toBe(1);
    expect(voiced.videoSeconds).toBe(15);
    expect(voiced.speechEndSeconds).toBeLessThanOrEqual(15 - END_MARGIN_SECONDS);
    expect(voiced.script.callToAction).toBe(voiced.script.sentences.at(-1));
  });

  it('writes again to the time left, at the rate the voice spoke, when a reference talks to its last frame', async () => {
    // A slow voice: the first script, sized at 2.5 words a second, runs past the end of a 20 s clone.
    const speech = voice(0.5);
    const voiced = await voiceCloneScript({ write, speech, ffmpeg: createFakeFfmpegEngine() }, request(20));
    expect(speech.texts.length).toBe(2);
    expect(speech.texts[1]!.split(/\s+/).length).toBeLessThan(speech.texts[0]!.split(/\s+/).length);
    expect(voiced.tempo).toBe(1);
    expect(voiced.videoSeconds).toBe(20);
    expect(voiced.speechEndSeconds).toBeLessThanOrEqual(20 - END_MARGIN_SECONDS);
    // An opener and the call to action, the call to action last and whole.
    expect(voiced.script.sentences.length).toBeGreaterThanOrEqual(2);
    expect(voiced.script.text.endsWith(voiced.script.callToAction!)).toBe(true);
  });

  it('keeps an opener before the call to action, the clone within half a second of the reference, when a short clone has no room', async () => {
    const ffmpeg = createFakeFfmpegEngine();
    const speech = voice(0.5);
    const voiced = await voiceCloneScript({ write, speech, ffmpeg }, request(12));
    // The fuller scripts run past the end; the hook and the call to action alone fit.
    expect(speech.texts.length).toBe(3);
    expect(voiced.script.sentences.length).toBeGreaterThanOrEqual(2);
    expect(voiced.script.text.endsWith(voiced.script.callToAction!)).toBe(true);
    expect(voiced.tempo).toBeLessThanOrEqual(MAX_TEMPO);
    if (voiced.tempo > 1) expect(ffmpeg.runs[0]!.args.join(' ')).toContain(`atempo=${voiced.tempo.toFixed(4)}`);
    expect(voiced.speech.words.at(-1)!.endSeconds).toBe(voiced.speechEndSeconds);
    expect(voiced.videoSeconds).toBeLessThanOrEqual(12 + MAX_HOLD_SECONDS);
    expect(voiced.speechEndSeconds + END_MARGIN_SECONDS).toBeLessThanOrEqual(voiced.videoSeconds);
  });

  it("keeps the reference's length over a fuller script: at every length from 6 to 60 s, with slow and fast voices, the clone ends within half a second of it", async () => {
    for (const seconds of [6, 9, 12, 15, 20, 30, 45, 60])
      for (const secondsPerWord of [0.3, 0.45, 0.6]) {
        const voiced = await voiceCloneScript({ write, speech: voice(secondsPerWord), ffmpeg: createFakeFfmpegEngine() }, request(seconds));
        const label = `${seconds} s at ${secondsPerWord} s a word: ${voiced.script.text}`;
        expect(voiced.videoSeconds - seconds, label).toBeLessThanOrEqual(MAX_HOLD_SECONDS);
        expect(voiced.videoSeconds, label).toBeGreaterThanOrEqual(seconds);
        expect(voiced.speechEndSeconds + END_MARGIN_SECONDS, label).toBeLessThanOrEqual(voiced.videoSeconds + 1e-9);
        expect(voiced.script.text.endsWith(voiced.script.callToAction!), label).toBe(true);
      }
  });

  it('past every other way, holds the last shot until the voice has finished: the call to action is never cut', async () => {
    const voiced = await voiceCloneScript({ write, speech: voice(0.9), ffmpeg: createFakeFfmpegEngine() }, request(5));
    expect(voiced.videoSeconds).toBeGreaterThan(5);
    expect(voiced.speechEndSeconds + END_MARGIN_SECONDS).toBeLessThanOrEqual(voiced.videoSeconds);
    expect(voiced.script.text.endsWith(voiced.script.callToAction!)).toBe(true);
  });
});
