import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TRUE_PEAK_DBTP, VIDEO_LOUDNESS_LUFS } from '../../../src/core/loudness.js';
import type { SpeechSynthesizer } from '../../../src/domain/speech/voice-directory.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { renderTimeline, type Timeline } from '../../../src/media/index.js';
import type { AvatarClipMaker } from '../../../src/pipelines/avatar/clips/avatar-clip-maker.js';
import { blankImage } from '../../../src/pipelines/images/raster-io.js';
import { saveStagedLayers } from '../../../src/pipelines/images/staging/save-layers.js';
import { stageProduct } from '../../../src/pipelines/images/staging/stage-product.js';
import type { StagedLayerFiles } from '../../../src/pipelines/images/staging/staged-scene.js';
import { defaultTrackId } from '../../../src/pipelines/music/background-music.js';
import { ensureTrackFile } from '../../../src/pipelines/music/render-track.js';
import { renderProductDisplay, renderTalkingProduct } from '../../../src/pipelines/product-video/render-product-video.js';
import { truePeakAndLoudness } from '../../helpers/loudness-measure.js';
import { makeFixtureDir, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';

/**
 * Every group's audio-bearing output sits at the video loudness: −14 LUFS ±1 (a mono file counted
 * as dual mono, as it plays on two speakers), true peak ≤ −1 dBTP. One short output per way a
 * group's sound is made:
 * - Product Video: display (library music under the motion shots) and talking (the presenter's
 *   voice, which comes from the speech pipeline at the −16 LUFS of speech files);
 * - the groups mixed by media/audio-mix (URL to Video, AI Avatar v1 and v2, AI Shorts, Custom
 *   Templates, Ad Clone, AI Editing) for the tracks they can have besides voice + music (measured in
 *   audio-levels.test.ts): voice alone (music turned off) and music alone (a template whose
 *   voiceover is left empty, an edit of footage without speech), render and preview.
 * Aurora is measured in api/aurora.test.ts. Inspirations and the asset models' videos are silent.
 */
const exec = promisify(execFile);
const ffmpeg = createFfmpegEngine();
let fx: FixtureDir;
let music: string;
let voiceWav: string;
let layers: StagedLayerFiles;

async function expectVideoLoudness(path: string, what: string): Promise<void> {
  const { integratedLufs, truePeakDbtp } = await truePeakAndLoudness(path);
  console.info(`${what}: ${integratedLufs} LUFS, true peak ${truePeakDbtp} dBTP`);
  expect.soft(Math.abs(integratedLufs - VIDEO_LOUDNESS_LUFS), `${what}: ${integratedLufs} LUFS`).toBeLessThanOrEqual(1);
  expect.soft(truePeakDbtp, `${what}: true peak`).toBeLessThanOrEqual(MAX_TRUE_PEAK_DBTP);
}

beforeAll(async () => {
  fx = await makeFixtureDir('clipwright-output-loudness-');
  const [track, voice, staged] = await Promise.all([
    ensureTrackFile(defaultTrackId(5), fx.path('music')),
    makeSpeech(fx.path('voice.wav'), 'This bottle keeps water cold all day long.'),
    stageProduct({ product: blankImage(30, 60, [190, 40, 40, 255]), width: 96, height: 54, seed: 1, scene: 'studio-gradient' }),
  ]);
  music = track;
  voiceWav = voice;
  await mkdir(fx.path('layers'));
  layers = await saveStagedLayers(staged, fx.path('layers'));
}, 60_000);
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

describe('every output at −14 LUFS ±1, true peak ≤ −1 dBTP', () => {
  it('Product Video display: motion shots over library music', async () => {
    const outputPath = fx.path('display.mp4');
    await renderProductDisplay({ layers, seed: 5, prompt: null, durationSeconds: 3, musicPath: music, outputPath, workDir: fx.dir }, ffmpeg);
    await expectVideoLoudness(outputPath, 'Product Video display');
  });

  it('Product Video talking: the presenter speaking at the speech files’ level, set to the video level', async () => {
    // What the speech pipeline hands over: an MP3 at −16 LUFS with its words.
    const mp3Path = fx.path('spoken.mp3');
    await exec('ffmpeg', ['-v', 'error', '-y', '-i', voiceWav, '-af', 'loudnorm=I=-16:TP=-2', '-ar', '24000', '-c:a', 'libmp3lame', '-b:a', '64k', mp3Path]);
    const durationSeconds = (await ffmpeg.probe(mp3Path)).durationSeconds;
    const speech: SpeechSynthesizer = { synthesize: async () => ({ mp3Path, durationSeconds, words: [] }) };
    // A stand-in presenter clip (what the clip maker renders is not what is measured here).
    const avatars: AvatarClipMaker = {
      make: async (req) => {
        const path = `${req.workDir}/presenter.mp4`;
        await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x336699:s=${req.widthPx}x${req.heightPx}:d=${req.durationSeconds}`, path]);
        return { path, hasAlpha: false };
      },
    };
    const dir = fx.path('talking');
    await mkdir(dir);
    const outputPath = fx.path('talking.mp4');
    await renderTalkingProduct(
      { accountId: 'a', layers, script: 'unused', avatarId: 'x', voiceId: 'v', outputPath, workDir: dir },
      { speech, avatars, ffmpeg },
    );
    await expectVideoLoudness(outputPath, 'Product Video talking');
  });

  // Music alone is given 8 s: its fade-out (1 s, as a template's) weighs on a shorter video's average.
  it.each([
    ['voice alone', 4, { voiceover: { clips: [{ path: '{voice}' }] } }],
    ['music alone', 8, { music: { path: '{music}', volume: 0.3, fadeOutSeconds: 1 } }],
    // AI Avatar v2's scenes speak at volume 0.8 by default: the balance, not the output's level.
    ['voice at 0.8 over music', 4, { voiceover: { clips: [{ path: '{voice}', volume: 0.8 }] }, music: { path: '{music}', volume: 0.2 } }],
  ] as const)('the mixed groups, %s: render and preview', async (name, seconds, tracks) => {
    const resolve = (p: string) => (p === '{voice}' ? voiceWav : music);
    const timeline: Timeline = {
      aspectRatio: '9:16',
      scenes: [{ durationSeconds: seconds, background: { kind: 'color', color: '#202020' } }],
      ...('voiceover' in tracks ? { voiceover: { clips: tracks.voiceover.clips.map((c) => ({ ...c, path: resolve(c.path) })) } } : {}),
      ...('music' in tracks ? { music: { ...tracks.music, path: resolve(tracks.music.path) } } : {}),
    };
    for (const quality of ['render', 'preview'] as const) {
      const videoPath = fx.path(`${name.replace(/\W/g, '-')}-${quality}.mp4`);
      await renderTimeline(ffmpeg, timeline, { quality, videoPath, frame: { width: 54, height: 96 }, encoderPreset: 'ultrafast' });
      await expectVideoLoudness(videoPath, `${name}, ${quality}`);
    }
  });
});
