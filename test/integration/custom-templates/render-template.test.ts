import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildVoiceCatalog, DEFAULT_VOICE_ID, findVoice } from '../../../src/domain/catalog/voices.js';
import type { SpeechSynthesizer } from '../../../src/domain/speech/voice-directory.js';
import { avatarIdFor } from '../../../src/domain/catalog/avatars.js';
import { TemplateCatalog } from '../../../src/domain/custom-templates/template-catalog.js';
import type { UrlFetcher } from '../../../src/engines/fetch/port.js';
import { createFfmpegEngine, extractFrameRgb, meanAbsDifference, meanColor, probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { createSpeechEngines } from '../../../src/engines/speech/index.js';
import { drawnAvatarClips } from '../../../src/pipelines/avatar/clips/drawn-avatar-clips.js';
import { synthesizeSpeech } from '../../../src/pipelines/speech/synthesize-speech.js';
import { renderTemplate } from '../../../src/pipelines/custom-templates/render-template.js';
import { loadTemplateCatalog } from '../../../src/pipelines/custom-templates/template-files.js';
import { makeClip, makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';

const exec = promisify(execFile);

/**
 * The renderer on its own, with real speech and a drawn avatar: a DYOA talking-avatar template
 * (9:16) filled with a local picture and a script. Small frames keep it quick.
 */
const ffmpeg = createFfmpegEngine();
const engines = createSpeechEngines();
let fx: FixtureDir;
let speech: SpeechSynthesizer;
/** Voices the synthesizer was asked for, in order. */
const asked: string[] = [];
let catalog: TemplateCatalog;

beforeAll(async () => {
  fx = await makeFixtureDir('clipwright-render-template-');
  const voices = buildVoiceCatalog((await Promise.all(Object.values(engines).map((e) => e!.listVoices()))).flat());
  speech = {
    synthesize: async (req) => {
      asked.push(req.voiceId);
      return synthesizeSpeech({ text: req.text, voice: findVoice(voices, req.voiceId)! }, { engines, ffmpeg }, { workDir: req.workDir, signal: req.signal });
    },
  };
  AVATAR_VOICE = voices.voices.find((v) => v.id !== DEFAULT_VOICE_ID && v.language === 'en' && v.kind === 'builtin')!.id;
  catalog = new TemplateCatalog(await loadTemplateCatalog('/nonexistent', () => {}));
}, 60_000);
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

const noFetch = {} as UrlFetcher;
/** Another English voice than the default, set once the catalog is read. */
let AVATAR_VOICE = '';

describe('renderTemplate (real ffmpeg, speech and avatar)', () => {
  it("a talking avatar over the client's background: 9:16, as long as the voice plus the tail, the avatar in its box", async () => {
    const entry = catalog.list('dyoa').find((e) => e.template.name === 'DYOA: Talking Avatar')!;
    const background = fx.path('blue.png');
    await exec('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x1E1EDC:s=90x160', '-frames:v', '1', background]);
    const progress: number[] = [];
    const result = await renderTemplate(
      entry.template,
      {
        Background: { type: 'image', path: background },
        Script: { type: 'voiceover', text: 'Hello, this is my own video.' },
      },
      {
        accountId: 'a',
        quality: 'render',
        frame: { width: 180, height: 320 },
        videoPath: fx.path('avatar.mp4'),
        thumbnailPath: fx.path('avatar.jpg'),
        workDir: fx.path('work'),
        onProgress: (f) => progress.push(f),
      },
      {
        ffmpeg,
        speech,
        avatars: drawnAvatarClips(ffmpeg),
        fetcher: noFetch,
        musicCacheDir: fx.path('music'),
        defaultVoiceId: DEFAULT_VOICE_ID,
        voiceOfAvatar: (id) => (id === avatarIdFor('daniel') ? AVATAR_VOICE : null),
      },
    );
    // The script names no voice: the avatar that speaks it (the slot's default, Daniel) lends his.
    expect(asked).toEqual([AVATAR_VOICE]);

    const probe = await probeMedia(result.videoPath);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 180, height: 320 });
    expect(probe.audio).toBeDefined();
    const spoken = result.voiceovers.Script!.durationSeconds;
    expect(spoken).toBeGreaterThan(1);
    expect(Math.abs(probe.durationSeconds - Math.max(3, spoken + 0.8))).toBeLessThan(0.15);
    expect(progress.at(-1)).toBe(1);

    const frame = await extractFrameRgb(result.videoPath, probe.durationSeconds / 2, { width: 180, height: 320 });
    const blue: [number, number, number] = [30, 30, 220];
    const dist = (c: number[]) => Math.hypot(c[0]! - blue[0], c[1]! - blue[1], c[2]! - blue[2]);
    // Above the avatar's box (top 20 %): the client's background; inside it: the drawn avatar and its scene.
    expect(dist(meanColor(frame, { x: 0, y: 0, width: 180, height: 50 }))).toBeLessThan(40);
    expect(dist(meanColor(frame, { x: 40, y: 100, width: 100, height: 120 }))).toBeGreaterThan(80);
    expect((await probeMedia(fx.path('avatar.jpg'))).video).toMatchObject({ width: 180, height: 320 });
  }, 120_000);

  it("a client's clip in a video slot plays (looped) under the texts; the fixed length holds", async () => {
    const entry = catalog.list('custom').find((e) => e.template.name === 'Flash Deal')!;
    const clip = await makeClip(fx.path('clip.mp4'), 1.5, { width: 160, height: 284 });
    const result = await renderTemplate(
      entry.template,
      {
        Clip: { type: 'video', path: clip },
        'Product Name': { type: 'text', text: 'Trail Runner' },
        'New Price': { type: 'text', text: '$49' },
      },
      {
        accountId: 'a',
        quality: 'render',
        frame: { width: 180, height: 320 },
        videoPath: fx.path('clip-job.mp4'),
        workDir: fx.path('work-clip'),
      },
      { ffmpeg, speech, avatars: null, fetcher: noFetch, musicCacheDir: fx.path('music'), defaultVoiceId: DEFAULT_VOICE_ID },
    );
    expect(Math.abs(result.durationSeconds - 6)).toBeLessThan(0.1);
    // The test pattern moves: the upper middle (between the name and the price tag) changes over time, also after the clip's first loop.
    const area = { x: 20, y: 80, width: 140, height: 80 };
    const [a, b, c] = await Promise.all([0.5, 1.0, 4.2].map((t) => extractFrameRgb(result.videoPath, t, { width: 180, height: 320 })));
    expect(meanAbsDifference(a!, b!, area)).toBeGreaterThan(3);
    expect(meanAbsDifference(b!, c!, area)).toBeGreaterThan(3);
  }, 120_000);

  it('refuses a value of the wrong type for its slot with a reason naming the slot', async () => {
    const entry = catalog.list('dyoa').find((e) => e.template.name === 'DYOA: Text on Image')!;
    await expect(
      renderTemplate(
        entry.template,
        { Image: { type: 'text', text: 'oops' } },
        {
          accountId: 'a',
          quality: 'preview',
          videoPath: fx.path('x.mp4'),
          workDir: fx.path('work-x'),
        },
        { ffmpeg, speech, avatars: null, fetcher: noFetch, musicCacheDir: fx.path('music'), defaultVoiceId: DEFAULT_VOICE_ID },
      ),
    ).rejects.toThrow(/slot "Image" takes image, not text/);
  });
});
