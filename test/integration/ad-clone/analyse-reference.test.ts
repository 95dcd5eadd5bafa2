import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskFailure } from '../../../src/core/errors.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { FakeOcr } from '../../../src/engines/ocr/fake-ocr.js';
import { OcrError } from '../../../src/engines/ocr/port.js';
import { fakeTranscriber } from '../../../src/engines/transcribe/fake-transcriber.js';
import { TranscriptionError, type Transcriber } from '../../../src/engines/transcribe/port.js';
import { analyseReference } from '../../../src/pipelines/ad-clone/analysis/analyse-reference.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';

const run = promisify(execFile);

/** The analysis on a tiny real video with the OCR and recogniser faked: steps joined, failures worded. */
describe('analyseReference', () => {
  let fx: FixtureDir;
  let video: string;
  const ffmpeg = createFfmpegEngine();

  beforeAll(async () => {
    fx = await makeFixtureDir('cw-analyse-');
    video = fx.path('ref.mp4');
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=#2050a0:s=64x112:d=1.2:r=25',
      '-f',
      'lavfi',
      '-i',
      'color=c=#e0c040:s=64x112:d=1.8:r=25',
      '-f',
      'lavfi',
      '-i',
      'sine=f=300:d=3',
      '-filter_complex',
      '[0][1]concat=n=2:v=1:a=0[v]',
      '-map',
      '[v]',
      '-map',
      '2:a',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      video,
    ]);
  });
  afterAll(() => fx?.cleanup());

  it('joins shots, texts, transcript, pattern and energy, reporting progress to the end', async () => {
    const seen: number[] = [];
    const words = [
      { word: 'Try', startSeconds: 0.2, endSeconds: 0.5 },
      { word: 'it.', startSeconds: 0.5, endSeconds: 0.9 },
      { word: 'Shop', startSeconds: 1.6, endSeconds: 1.9 },
      { word: 'now.', startSeconds: 1.9, endSeconds: 2.3 },
    ];
    // Each shot's caption says what is heard there: the captions' place.
    const ocr = new FakeOcr((path) => [
      { text: /ocr-0/.test(path) ? 'TRY' : 'SHOP', confidence: 95, box: { x: 100, y: 700, width: 200, height: 60 }, line: '1.1.1.1' },
    ]);
    const a = await analyseReference(
      { ffmpeg, ocr, transcriber: fakeTranscriber(words) },
      { videoPath: video, workDir: fx.path('work'), onProgress: (f) => seen.push(f) },
    );
    expect(a.shots.map((s) => s.durationSeconds)).toEqual([1.2, 1.8]);
    // Each shot's middle frame read twice: plain grey and local contrast.
    expect(ocr.requests).toHaveLength(4);
    expect(a.texts.map((t) => [t.shotIndex, t.text, t.role])).toEqual([
      [0, 'TRY', 'caption'],
      [1, 'SHOP', 'caption'],
    ]);
    expect(a.captionLook).toMatchObject({ region: 'bottom', shotShare: 1 });
    expect(a.script).toMatchObject({ sentenceCount: 2, callToAction: 'Shop now.' });
    expect(a.energy.speechShare).toBeGreaterThan(0.4);
    expect(a.energy.level).not.toBe('silent');
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((f, i) => i === 0 || f >= seen[i - 1]!)).toBe(true);
  });

  it("turns the engines' failures into reasons a person can act on", async () => {
    const deaf: Transcriber = {
      id: 'fake',
      transcribe: async () => {
        throw new TranscriptionError('the provider refused the file', true);
      },
    };
    const failed = await analyseReference({ ffmpeg, ocr: new FakeOcr(), transcriber: deaf }, { videoPath: video, workDir: fx.path('w2') }).catch(
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(TaskFailure);
    expect((failed as TaskFailure).reason).toMatch(/speech could not be transcribed: the provider refused/);
    expect((failed as TaskFailure).transient).toBe(false);
    const blind = {
      id: 'fake' as const,
      recognize: async () => {
        throw new OcrError('tesseract is not installed (Debian tesseract-ocr)');
      },
    };
    const noOcr = await analyseReference({ ffmpeg, ocr: blind, transcriber: fakeTranscriber([]) }, { videoPath: video, workDir: fx.path('w3') }).catch(
      (e: unknown) => e,
    );
    expect((noOcr as TaskFailure).reason).toMatch(/on-screen text .* could not be read/);
    expect((noOcr as TaskFailure).transient).toBe(true);
  });
});
