import { describe, expect, it } from 'vitest';
import { ocrFrameArgs, shotFramesArgs } from '../../../src/engines/ffmpeg/args/scene-cuts.js';
import { parseTesseractTsv } from '../../../src/engines/ocr/tesseract-tsv.js';
import { tesseractArgs } from '../../../src/engines/ocr/tesseract-ocr.js';
import { FakeOcr } from '../../../src/engines/ocr/fake-ocr.js';
import { energyOf } from '../../../src/pipelines/ad-clone/analysis/audio-energy.js';
import { scriptPatternOf, sentencesOf } from '../../../src/pipelines/ad-clone/analysis/script-pattern.js';
import { captionLookOf, withRoles } from '../../../src/pipelines/ad-clone/analysis/caption-look.js';
import { agreedReadings, mergeReadings, textBlocks, textLines } from '../../../src/pipelines/ad-clone/analysis/screen-text.js';
import { pacingOf, shotsFromBoundaries } from '../../../src/pipelines/ad-clone/analysis/shot-cuts.js';
import { textColourIn } from '../../../src/pipelines/ad-clone/analysis/text-colour.js';
import type { ScreenText } from '../../../src/domain/ad-clone/ad-analysis.js';

const w = (word: string, startSeconds: number, endSeconds: number) => ({ word, startSeconds, endSeconds });

describe('shot frames', () => {
  it('turns shots into pacing', () => {
    const shots = shotsFromBoundaries(
      [1.52, 4.04, 6.04].map((t) => ({ timeSeconds: t, kind: 'cut' as const, seconds: 0 })),
      9,
    );
    expect(shots.map((s) => s.durationSeconds)).toEqual([1.52, 2.52, 2, 2.96]);
    expect(pacingOf(shots, 9)).toEqual({ shotCount: 4, averageShotSeconds: 2.25, shortestShotSeconds: 1.52, longestShotSeconds: 2.96, cutsPerMinute: 20 });
  });

  it('builds the ffmpeg arguments: blurred 32 px thumbnails of every frame on stdout, their times in a file; a scaled-up frame for OCR', () => {
    const args = shotFramesArgs('/in.mp4');
    expect(args.slice(0, 4)).toEqual(['-skip_loop_filter', 'all', '-i', '/in.mp4']);
    expect(args[args.indexOf('-filter_complex') + 1]).toBe(
      '[0:v]scale=128:128:flags=area,gblur=sigma=1.5,scale=32:32:flags=area,format=rgb24,split[frames][timed];[timed]scdet=threshold=100,metadata=mode=print:file=shot-times.txt[times]',
    );
    expect(args.slice(-10)).toEqual(['-map', '[frames]', '-f', 'rawvideo', 'pipe:1', '-map', '[times]', '-f', 'null', '-']);
    expect(shotFramesArgs('/in.mp4', { maxSeconds: 60 })).toContain('60.000');
    const ocr = ocrFrameArgs({ input: 'in.mp4', atSeconds: 1.5, heightPx: 960, output: 'f.png', grayOutput: 'g.png', contrastOutput: 'c.png' });
    expect(ocr.slice(0, 5)).toEqual(['-y', '-ss', '1.500', '-i', 'in.mp4']);
    expect(ocr[6]).toBe(
      '[0:v]scale=-2:960:flags=lanczos,format=rgb24,split=3[colour][g][l];[g]format=gray[gray];[l]format=gray,split[a][b];[b]gblur=sigma=25[around];[a][around]blend=all_mode=grainextract,normalize=smoothing=0,gblur=sigma=0.8[contrast]',
    );
    expect(ocr.slice(7)).toEqual([
      '-map',
      '[colour]',
      '-frames:v',
      '1',
      'f.png',
      '-map',
      '[gray]',
      '-frames:v',
      '1',
      'g.png',
      '-map',
      '[contrast]',
      '-frames:v',
      '1',
      'c.png',
    ]);
  });
});

describe('OCR', () => {
  const tsv = [
    'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
    '1\t1\t0\t0\t0\t0\t0\t0\t540\t960\t-1\t',
    '5\t1\t1\t1\t1\t1\t35\t747\t159\t40\t96.6\tSHOP',
    '5\t1\t1\t1\t1\t2\t210\t747\t112\t40\t96.6\tTHE',
    '5\t1\t1\t1\t2\t1\t60\t797\t163\t40\t91\tDROP',
    '5\t1\t2\t1\t1\t1\t10\t10\t20\t20\t12\tjunk',
    '5\t1\t3\t1\t1\t1\t300\t100\t20\t20\t95\t|',
    '5\t1\t4\t1\t1\t1\t40\t100\t200\t30\t88\tNEW',
  ].join('\n');

  it('reads Tesseract TSV words with boxes; drops low confidence and lone symbols', () => {
    const words = parseTesseractTsv(tsv);
    expect(words.map((x) => x.text)).toEqual(['SHOP', 'THE', 'DROP', 'NEW']);
    expect(words[0]).toEqual({ text: 'SHOP', confidence: 96.6, box: { x: 35, y: 747, width: 159, height: 40 }, line: '1.1.1.1' });
    expect(tesseractArgs('f.png')).toEqual(['f.png', 'stdout', '-l', 'eng', '--psm', '11', 'tsv']);
  });

  it('joins words into lines and close lines into blocks', () => {
    const blocks = textBlocks(parseTesseractTsv(tsv));
    expect(blocks.map((b) => b.text)).toEqual(['NEW', 'SHOP THE\nDROP']);
    expect(blocks[1]).toMatchObject({ box: { x: 35, y: 747, width: 287, height: 90 }, lines: 2 });
  });

  it('merges two readings of a frame: the surer reading of a word, words only one read joining their line; texture read as short words left out', () => {
    const word = (text: string, x: number, y: number, confidence: number, line: string, width = 100) => ({
      text,
      confidence,
      box: { x, y, width, height: 30 },
      line,
    });
    const grey = [word('SHOP', 100, 700, 55, 'a'), word('THE', 210, 700, 90, 'a'), word('ax', 40, 300, 80, 'b', 30), word('AN', 400, 200, 77, 'c', 30)];
    const contrast = [word('SHOP', 102, 698, 96, 'x'), word('DROP', 320, 701, 88, 'y'), word('RMOFLA', 300, 100, 60, 'z')];
    const merged = mergeReadings(grey, contrast);
    expect(merged.map((w) => [w.text, w.line])).toEqual([
      ['SHOP', 'a'],
      ['THE', 'a'],
      ['ax', 'b'],
      ['AN', 'c'],
      ['DROP', 'a'],
      ['RMOFLA', '2:z'],
    ]);
    // Lines with no word of three letters read surely: texture ("ax", "AN") and a doubtful reading.
    expect(textBlocks(textLines(merged)).map((b) => b.text)).toEqual(['SHOP THE DROP']);
  });

  it('takes words both readings read alike, in one place, as sure: outlined captions come with low confidence however right', () => {
    const word = (text: string, x: number, confidence: number) => ({ text, confidence, box: { x, y: 660, width: 150, height: 70 }, line: 'l' });
    const [grey, contrast] = agreedReadings([word('SHOP)', 116, 27.5), word('oe', 400, 35)], [word('SHOP)', 125, 0), word('Ae', 600, 45)]);
    expect(grey.map((w) => [w.text, w.confidence])).toEqual([['SHOP)', 90]]);
    expect(contrast.map((w) => [w.text, w.confidence])).toEqual([
      ['SHOP)', 90],
      ['Ae', 45],
    ]);
    expect(textBlocks(textLines(mergeReadings(grey, contrast))).map((b) => b.text)).toEqual(['SHOP)']);
  });

  it('the fake answers per picture and records the requests', async () => {
    const ocr = new FakeOcr((p) => (p === 'a.png' ? parseTesseractTsv(tsv) : []));
    expect(await ocr.recognize({ imagePath: 'a.png' })).toHaveLength(4);
    expect(await ocr.recognize({ imagePath: 'b.png' })).toEqual([]);
    expect(ocr.requests.map((r) => r.imagePath)).toEqual(['a.png', 'b.png']);
  });
});

describe('caption look', () => {
  it('finds the colour of letters over a backdrop', () => {
    const width = 60,
      height = 30;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) data.set([20, 60, 160, 255], i * 4);
    // "Letters": yellow strokes inside the box 10..50 × 10..20.
    for (let y = 11; y < 19; y++) for (let x = 12; x < 48; x += 3) data.set([255, 212, 0, 255], (y * width + x) * 4);
    expect(textColourIn({ width, height, data: data as unknown as Uint8Array } as never, { x: 10, y: 10, width: 40, height: 10 })).toBe('#ffd400');
  });

  const text = (shotIndex: number, y: number, color: string, t = 'SHOP THE DROP', box: Partial<ScreenText['box']> = {}): ScreenText => ({
    shotIndex,
    atSeconds: shotIndex,
    text: t,
    box: { x: 0.1, y, width: 0.8, height: 0.05, ...box },
    color,
    words: t.split(' ').length,
    lines: 1,
  });

  it('takes as captions the place whose words are heard, not a title that stays in every shot', () => {
    const texts = [
      // A brand name in the top corner of every shot: the most seen, never the captions.
      ...[0, 1, 2, 3].map((i) => text(i, 0.05, '#ffffff', 'NORTHPEAK', { x: 0.05, width: 0.25, height: 0.02 })),
      text(0, 0.72, '#ffd400', 'TIRED OF COLD'),
      text(1, 0.71, '#fad000', 'COFFE?'),
      text(3, 0.72, '#ffd400', 'SHOP NOW'),
    ];
    const roled = withRoles(texts, ['Tired', 'of', 'cold', 'coffee?', 'Shop', 'now.']);
    expect(roled.map((t) => t.role)).toEqual(['title', 'title', 'title', 'title', 'caption', 'caption', 'caption']);
    expect(captionLookOf(roled, 4)).toEqual({
      position: { x: 0, y: 0.242 },
      region: 'bottom',
      color: '#ffd400',
      case: 'upper',
      wordsPerLine: 2,
      textHeight: 0.05,
      lineWidth: 0.8,
      shotShare: 0.75,
    });
  });

  it('takes text that changes in one place as captions when the words are not heard; fine print and corner text never', () => {
    const changing = withRoles([text(0, 0.4, '#ffffff', 'BIG SALE'), text(1, 0.41, '#ffffff', 'TODAY ONLY')], []);
    expect(changing.map((t) => t.role)).toEqual(['caption', 'caption']);
    const small = withRoles(
      [
        text(0, 0.9, '#ffffff', 'terms apply', { height: 0.01 }),
        text(1, 0.9, '#ffffff', 'see site', { height: 0.01 }),
        text(0, 0.5, '#ffffff', '@brand', { x: 0.75, width: 0.2 }),
        text(2, 0.5, '#ffffff', '@label', { x: 0.75, width: 0.2 }),
      ],
      [],
    );
    expect(small.map((t) => t.role)).toEqual(['text', 'text', 'text', 'text']);
    expect(captionLookOf(small, 3)).toBeNull();
    expect(captionLookOf([], 3)).toBeNull();
  });
});

describe('script pattern', () => {
  it('splits at punctuation, finds the hook and a call to action', () => {
    const words = [
      w('Tired', 0, 0.3),
      w('of', 0.3, 0.4),
      w('cold', 0.4, 0.7),
      w('coffee?', 0.7, 1.1),
      w('This', 1.5, 1.7),
      w('keeps', 1.7, 2),
      w('it', 2, 2.1),
      w('hot.', 2.1, 2.5),
      w('Shop', 3, 3.3),
      w('now.', 3.3, 3.6),
    ];
    const p = scriptPatternOf(words);
    expect(p).toMatchObject({
      sentenceCount: 3,
      hook: { text: 'Tired of cold coffee?', words: 4, seconds: 1.1 },
      callToAction: 'Shop now.',
      wordsPerSecond: 2.78,
    });
  });

  it('splits a run-on the recogniser punctuated with commas only at its clauses, and finds the call to action at its end', () => {
    const text =
      'I just discovered trail flask summit 32 inches insulated water bottle, keeps drinks cold for 24 hours and hot for 12 hours, this is trail flask summit, and the best part, powder coated grip that does not sweat, get trail flask summit for $34.95, click the link below.';
    const words = text.split(' ').map((word, i) => w(word, i * 0.4, i * 0.4 + 0.3));
    const p = scriptPatternOf(words);
    expect(p.sentences).toEqual([
      'I just discovered trail flask summit 32 inches insulated water bottle,',
      'keeps drinks cold for 24 hours and hot for 12 hours,',
      'this is trail flask summit,',
      'and the best part,',
      'powder coated grip that does not sweat,',
      'get trail flask summit for $34.95,',
      'click the link below.',
    ]);
    expect(p.callToAction).toBe('click the link below.');
  });

  it('splits at pauses when the recogniser gives no punctuation; no call to action without one', () => {
    const words = [w('hello', 0, 0.3), w('there', 0.3, 0.6), w('this', 1.2, 1.4), w('is', 1.4, 1.5), w('great', 1.5, 1.9)];
    expect(sentencesOf(words).map((s) => s.length)).toEqual([2, 3]);
    expect(scriptPatternOf(words).callToAction).toBeNull();
    expect(scriptPatternOf([])).toEqual({ sentenceCount: 0, hook: null, callToAction: null, wordsPerSecond: 0, sentences: [] });
  });
});

describe('energy', () => {
  it('measures voice windows against the rest', () => {
    const rate = 8000;
    const pcm = Buffer.alloc(rate * 2 * 2);
    // 1 s of a loud tone (speech), 1 s of a quiet one (music bed).
    for (let i = 0; i < rate * 2; i++) pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 220 * i) / rate) * (i < rate ? 16000 : 1600)), i * 2);
    const e = energyOf(pcm, rate, [w('hi', 0, 1)]);
    expect(e.speechShare).toBe(0.5);
    expect(e.voiceDb! - e.backgroundDb!).toBeCloseTo(20, 0);
    expect(e.curveDb).toHaveLength(2);
    expect(e.level).toBe('energetic');
    expect(energyOf(Buffer.alloc(0), rate, [])).toMatchObject({ meanDb: -90, level: 'silent', speechShare: 0 });
  });
});

describe('caption colour under an outline', () => {
  it('takes the fill, not the dark outline around it, even when the outline has more pixels', () => {
    const width = 40,
      height = 20;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) data.set([29, 53, 87, 255], i * 4);
    // Each "letter": a 3-pixel yellow stem inside a black ring, 2 pixels each side.
    for (let y = 4; y < 16; y++) {
      for (let x0 = 4; x0 < 36; x0 += 8) {
        for (let x = x0; x < x0 + 7; x++) data.set(x >= x0 + 2 && x < x0 + 5 && y >= 6 && y < 14 ? [255, 212, 0, 255] : [0, 0, 0, 255], (y * width + x) * 4);
      }
    }
    expect(textColourIn({ width, height, data: data as unknown as Uint8Array } as never, { x: 4, y: 4, width: 32, height: 12 })).toBe('#ffd400');
  });
});
