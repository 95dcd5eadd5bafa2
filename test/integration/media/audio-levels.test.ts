import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { renderTimeline, type Timeline } from '../../../src/media/index.js';
import { MAX_TRUE_PEAK_DBTP, VIDEO_LOUDNESS_LUFS } from '../../../src/core/loudness.js';
import { momentaryLoudness, truePeakAndLoudness } from '../../helpers/loudness-measure.js';
import { makeFixtureDir, makeSpeech, makeTone, type FixtureDir } from '../../helpers/media-fixtures.js';

const exec = promisify(execFile);
const engine = createFfmpegEngine();
let fx: FixtureDir;
beforeAll(async () => {
  fx = await makeFixtureDir();
});
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * A short ad's sound: speech below 2.5 kHz (espeak, low-passed) and "music" as a 5 kHz tone, so
 * each can be followed in its own band of the one rendered mix.
 */
describe('music under speech (real ffmpeg)', () => {
  it('sits 10–14 dB under the voice, rises in the pause, and the mix is −14 LUFS with true peak ≤ −1 dBTP', async () => {
    const raw = await makeSpeech(fx.path('raw.wav'), 'This bottle keeps water cold all day long.');
    const voice = fx.path('voice.wav');
    await exec('ffmpeg', ['-v', 'error', '-y', '-i', raw, '-af', 'lowpass=f=2200,lowpass=f=2200', voice]);
    const music = await makeTone(fx.path('music.wav'), 12, 5000, 0.5);
    const timeline: Timeline = {
      aspectRatio: '1:1',
      scenes: [{ durationSeconds: 8, background: { kind: 'color', color: '#202020' } }],
      // Two sentences with a 1.3 s pause between them, as between an ad's scenes.
      voiceover: {
        clips: [
          { path: voice, startSeconds: 0.5 },
          { path: voice, startSeconds: 4.7 },
        ],
      },
      music: { path: music, fadeOutSeconds: 0 },
    };
    for (const quality of ['render', 'preview'] as const) {
      const videoPath = fx.path(`mix-${quality}.mp4`);
      await renderTimeline(engine, timeline, { quality, videoPath });
      // Loudness (K-weighted, as heard; a mono preview counts as dual mono, as it plays), band by band, every 100 ms over 400 ms.
      const voiceBand = await momentaryLoudness(videoPath, 'lowpass=f=2000,lowpass=f=2000');
      const musicBand = await momentaryLoudness(videoPath, 'bandpass=f=5000:width_type=q:w=8');
      const loudest = Math.max(...voiceBand.map((m) => m.lufs));
      const speaking = voiceBand.map((m, i) => (m.lufs > loudest - 8 ? i : -1)).filter((i) => i >= 0 && i < musicBand.length);
      const under = mean(speaking.map((i) => voiceBand[i]!.lufs - musicBand[i]!.lufs));
      expect(under, `${quality}: voice − music while speaking`).toBeGreaterThanOrEqual(10);
      expect(under, `${quality}: voice − music while speaking`).toBeLessThanOrEqual(14);
      // The end of the pause (voice ends ~3.4 s, returns at 4.7 s): the music has come back up.
      const pause = mean(musicBand.filter((m) => m.t >= 4.2 && m.t <= 4.7).map((m) => m.lufs));
      const rise = pause - mean(speaking.map((i) => musicBand[i]!.lufs));
      expect(rise, `${quality}: music rise in the pause`).toBeGreaterThan(3);

      const { integratedLufs, truePeakDbtp } = await truePeakAndLoudness(videoPath);
      expect(Math.abs(integratedLufs - VIDEO_LOUDNESS_LUFS), `${quality}: ${integratedLufs} LUFS`).toBeLessThanOrEqual(1.5);
      expect(truePeakDbtp, `${quality}: true peak`).toBeLessThanOrEqual(MAX_TRUE_PEAK_DBTP);
      console.info(
        `${quality}: music ${under.toFixed(1)} LU under the voice, +${rise.toFixed(1)} dB in the pause, ${integratedLufs} LUFS, ${truePeakDbtp} dBTP`,
      );
    }
  }, 120_000);
});
