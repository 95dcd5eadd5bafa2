import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceApiEngine } from '../../../src/engines/face/index.js';
import { FakeUrlFetcher } from '../../../src/engines/fetch/fake-url-fetcher.js';
import { extractFrameRgb, parseSilences, probeMedia, silenceDetectArgs } from '../../../src/engines/ffmpeg/index.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/real-engine.js';
import { createTranscriber } from '../../../src/engines/transcribe/index.js';
import type { Transcriber } from '../../../src/engines/transcribe/port.js';
import { readInstructions } from '../../../src/domain/editing/edit-instructions.js';
import type { EditInput } from '../../../src/pipelines/editing/prepare-edit.js';
import { prepareEdit } from '../../../src/pipelines/editing/prepare-edit.js';
import { renderEdit } from '../../../src/pipelines/editing/render-edit.js';
import type { EditPlan } from '../../../src/pipelines/editing/edit-plan.js';
import { scanPicture } from '../../../src/pipelines/editing/analyse-source.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { makeTalkingVideo, type TalkingVideo } from '../../helpers/editing-fixtures.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';

/**
 * The edit itself, on real engines (ffmpeg, the face engine, the deployment's transcriber):
 * a talking video with three known silences, reframed to 9:16 while the speaker's face moves.
 */
describe('AI edit pipeline', () => {
  const ffmpeg = createFfmpegEngine();
  const faces = createFaceApiEngine();
  let transcriber: Transcriber & { stop?: () => void };
  let fx: FixtureDir;
  let talk: TalkingVideo;
  let plan: EditPlan;
  let preview: string;
  const fetcher = new FakeUrlFetcher();

  const input = (over: Partial<EditInput>): EditInput => {
    const read = readInstructions(over.instructions ?? null);
    return {
      echo: {},
      videoUrl: 'https://example.test/talk.mp4',
      sourceSeconds: talk.durationSeconds,
      aspectRatio: '9:16',
      editingStyle: null,
      instructions: null,
      operations: read.operations,
      understood: read.understood,
      notUnderstood: read.notUnderstood,
      caption: null,
      musicUrl: null,
      musicVolume: null,
      voiceVolume: null,
      seed: 7,
      ...over,
    };
  };

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-edit-');
    talk = await makeTalkingVideo(fx, 'talk');
    fetcher.set('https://example.test/talk.mp4', { body: await readFile(talk.path), contentType: 'video/mp4' });
    transcriber = createTranscriber(ffmpeg, { choice: 'auto' });
    const work = fx.path('work');
    await mkdir(join(work, 'render'), { recursive: true });
    const instructions = 'Remove silences, faster pace, add captions, no music';
    plan = await prepareEdit(
      input({ instructions, operations: readInstructions(instructions).operations }),
      { fetcher, ffmpeg, faces, transcriber, musicCacheDir: fx.path('music') },
      {
        planDir: join(work, 'plan'),
        workDir: work,
        signal: new AbortController().signal,
        onProgress: () => {},
      },
    );
    const out = await renderEdit(
      plan,
      { planDir: join(work, 'plan'), quality: 'preview', outputDir: join(work, 'render') },
      { ffmpeg },
      {
        workDir: work,
        signal: new AbortController().signal,
        onProgress: () => {},
      },
    );
    preview = out.videoPath;
  }, 240_000);
  afterAll(async () => {
    transcriber?.stop?.();
    await fx?.cleanup();
  });

  it('cuts the three silences down to a breath each, and keeps every spoken phrase whole', async () => {
    const probe = await probeMedia(preview);
    expect(probe.video).toMatchObject({ width: 360, height: 640 });
    expect(probe.audio).toBeDefined();
    // Shorter by the silences' total, ±0.5 s ("faster pace" keeps a 0.12 s breath at each of the three).
    const knownSilences = talk.gapSeconds.reduce((a, b) => a + b, 0);
    expect(Math.abs(talk.durationSeconds - probe.durationSeconds - knownSilences)).toBeLessThan(0.5);
    // Every phrase's sound is still there: the voiced time (all that is not silence) is unchanged.
    const voiced = async (path: string, duration: number) => {
      const silent = parseSilences((await ffmpeg.capture(silenceDetectArgs({ input: path, noiseDb: -45, minSilenceSeconds: 0.05 }))).toString(), duration);
      return {
        voicedSeconds: duration - silent.reduce((s, x) => s + x.endSeconds - x.startSeconds, 0),
        longest: Math.max(0, ...silent.map((x) => x.endSeconds - x.startSeconds)),
      };
    };
    const before = await voiced(talk.path, talk.durationSeconds);
    const after = await voiced(preview, probe.durationSeconds);
    expect(Math.abs(after.voicedSeconds - before.voicedSeconds)).toBeLessThan(0.25);
    // No dead air left: the longest quiet stretch is a breath, not one of the gaps.
    expect(after.longest).toBeLessThan(0.6);
    expect(plan.notes.join(' ')).toMatch(/pauses cut down/);
  });

  it('keeps the moving face inside the middle third of the 9:16 frame, on a path without jitter', async () => {
    const duration = (await probeMedia(preview)).durationSeconds;
    const dir = fx.path('frames');
    await mkdir(dir, { recursive: true });
    const centres: number[] = [];
    for (const f of [0.1, 0.3, 0.5, 0.7, 0.9]) {
      const frame = await extractFrameRgb(preview, duration * f, { width: 360, height: 640 });
      const rgba = new Uint8Array(360 * 640 * 4);
      for (let i = 0; i < 360 * 640; i++) rgba.set([frame.data[i * 3]!, frame.data[i * 3 + 1]!, frame.data[i * 3 + 2]!, 255], i * 4);
      const found = await faces.detect({ width: 360, height: 640, data: rgba }, { detector: 'tiny', minScore: 0.4 });
      expect(found.length).toBeGreaterThan(0);
      centres.push(found[0]!.box.x + found[0]!.box.width / 2);
    }
    for (const cx of centres) {
      expect(cx).toBeGreaterThan(360 / 3);
      expect(cx).toBeLessThan((2 * 360) / 3);
    }
    // The face walks right at a steady pace: the window only ever moves right, by small steps.
    const xs = plan.cuts.flatMap((c) => c.crop.path.map((k) => k.x));
    for (let i = 1; i < xs.length; i++) expect(xs[i]!).toBeGreaterThanOrEqual(xs[i - 1]! - 2);
    expect(plan.faceSeenShare).toBeGreaterThan(0.8);
  });

  it("captions the speech: words heard, on the edit's time line, drawn while they are spoken", async () => {
    expect(plan.captioned).toBe(true);
    const heard = plan.transcript.toLowerCase();
    for (const word of ['kitchen', 'pasta', 'water', 'basil']) expect(heard).toContain(word);
    const words = plan.captions!.words;
    const duration = (await probeMedia(preview)).durationSeconds;
    expect(words.at(-1)!.endSeconds).toBeLessThanOrEqual(duration + 0.05);
    // Caption text (white with a dark outline) in the lower band while a word is spoken; the band is plain grey otherwise.
    const band = async (t: number) => {
      const frame = await extractFrameRgb(preview, t, { width: 360, height: 640 });
      let light = 0;
      for (let y = 480; y < 640; y++)
        for (let x = 0; x < 360; x++) {
          const i = (y * 360 + x) * 3;
          if (frame.data[i]! > 220 && frame.data[i + 1]! > 220 && frame.data[i + 2]! > 220) light++;
        }
      return light;
    };
    const mid = words[Math.floor(words.length / 2)]!;
    expect(await band((mid.startSeconds + mid.endSeconds) / 2)).toBeGreaterThan(150);
  });

  it('finds a shot change and samples the frames in the same read of the picture', async () => {
    const clip = fx.path('two-shots.mp4');
    await promisify(execFile)('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=320x180:r=15:d=1.5',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=320x180:r=15:d=1.5',
      '-filter_complex',
      '[0:v][1:v]concat=n=2:v=1:a=0[v]',
      '-map',
      '[v]',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      clip,
    ]);
    const work = fx.path('scan');
    await mkdir(work, { recursive: true });
    const scan = await scanPicture(
      { ffmpeg, faces },
      clip,
      { width: 320, height: 180, durationSeconds: 3 },
      { workDir: work, signal: new AbortController().signal, onProgress: () => {} },
    );
    expect(scan.shotChanges).toHaveLength(1);
    expect(scan.shotChanges[0]).toBeCloseTo(1.5, 1);
    expect(scan.samples.map((s) => s.atSeconds)).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
    expect(scan.samples.slice(0, 3).every((s) => s.face === null)).toBe(true);
  });
});
