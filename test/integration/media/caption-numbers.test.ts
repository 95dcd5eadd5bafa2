import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WordTiming } from '../../../src/core/timing.js';
import { tokenizeWords } from '../../../src/engines/speech/word-tokens.js';
import { buildOverlayAss } from '../../../src/media/index.js';
import { prepareSpeech } from '../../../src/pipelines/speech/text/prepare-text.js';
import { attachShownWords } from '../../../src/pipelines/speech/text/shown-words.js';

/**
 * What a viewer reads in a burnt-in caption while a price is being said (issue 27 point 5): the
 * caption track of a script with numbers, drawn by libass the way every render draws it, one
 * frame taken while "thirty-four dollars and ninety-five cents" is spoken, read back by tesseract.
 */
const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caption-numbers-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The engine's words for the chunks, 0.3 s each (the timings' source does not matter to the screen). */
function timedWords(text: string): WordTiming[] {
  const prepared = prepareSpeech(text, { language: 'en' });
  const words = prepared.chunks.flatMap((c) => tokenizeWords(c)).map((t, i) => ({ word: t.word, startSeconds: i * 0.3, endSeconds: i * 0.3 + 0.25 }));
  return attachShownWords(words, prepared.units);
}

async function readCaptionAt(words: WordTiming[], style: string, atSeconds: number): Promise<string> {
  const frame = { width: 1280, height: 720 };
  const ass = buildOverlayAss({
    timeline: { aspectRatio: '16:9', scenes: [], captions: { words, setting: { style, offset: { x: 0, y: 0 }, font_size: 64 } } },
    frame,
    durationSeconds: 5,
    textLayers: [],
    ctaLayers: [],
    watermark: false,
    installedFontFamilies: ['DejaVu Sans'],
  })!;
  const assPath = join(dir, `${style}.ass`);
  const png = join(dir, `${style}.png`);
  await writeFile(assPath, ass);
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x334455:s=${frame.width}x${frame.height}:d=5`,
    '-ss',
    String(atSeconds),
    '-vf',
    `ass=${assPath}`,
    '-frames:v',
    '1',
    png,
  ]);
  const { stdout } = await run('tesseract', [png, 'stdout', '--psm', '6']);
  return stdout.replace(/\s+/g, ' ').trim();
}

describe('numbers in burnt-in captions', () => {
  it('show "$34.95" and "32 oz" while the voice says them in words, in a plain and an all-capitals look', async () => {
    const words = timedWords('Only $34.95 for 32 oz today.');
    // 0.9 s: "and" of "thirty-four dollars and ninety-five cents".
    for (const style of ['normal-black', 'mustard']) {
      const read = await readCaptionAt(words, style, 0.9);
      expect(read, style).toMatch(/\$34\.95/);
      expect(read, style).toMatch(/32 ?oz/);
      expect(read, style).not.toMatch(/thirty|dollars|ounces/i);
    }
  }, 30_000);
});
