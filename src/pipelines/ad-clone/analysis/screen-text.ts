import { join } from 'node:path';
import type { PixelBox } from '../../../core/raster.js';
import type { ScreenText, Shot } from '../../../domain/ad-clone/ad-analysis.js';
import { ocrFrameArgs } from '../../../engines/ffmpeg/args/scene-cuts.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import type { OcrWord, TextRecognizer } from '../../../engines/ocr/port.js';
import { decodeImage } from '../../images/raster-io.js';
import { agreedColour } from './caption-look.js';
import { letterRows, textColourIn } from './text-colour.js';

/** Frames are read at this height: small references are scaled up so letters are tall enough for OCR. */
export const OCR_FRAME_HEIGHT_PX = 960;
/** Words lower than this share of the frame are specks read as letters, or fine print no clone re-sets. */
export const MIN_TEXT_HEIGHT = 0.012;
/** A line is kept only when one of its words of three letters or more was read at least this surely (0–100). */
const SURE_WORD_CONFIDENCE = 70;

const round = (v: number) => Math.round(v * 1000) / 1000;

function unionBox(boxes: readonly PixelBox[]): PixelBox {
  const x = Math.min(...boxes.map((b) => b.x)),
    y = Math.min(...boxes.map((b) => b.y));
  const r = Math.max(...boxes.map((b) => b.x + b.width)),
    bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: r - x, height: bottom - y };
}

const area = (b: PixelBox) => Math.max(0, b.width) * Math.max(0, b.height);
function overlap(a: PixelBox, b: PixelBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? (w * h) / Math.max(1, Math.min(area(a), area(b))) : 0;
}

/** A word both readings read alike, in one place, is taken as read surely. */
const AGREED_CONFIDENCE = 90;
/** Below this, a word only one reading saw is mostly texture read as letters. */
const MIN_WORD_CONFIDENCE = 40;

/**
 * The two readings of a frame with what they agree on made sure: Tesseract gives outlined captions
 * low confidence however right it reads them ("SHOP NOW" read alike in both, at 27 and 0), while
 * texture read as letters rarely reads the same twice. Words only one reading saw keep their
 * confidence and are left out below `MIN_WORD_CONFIDENCE`.
 */
export function agreedReadings(first: readonly OcrWord[], second: readonly OcrWord[]): [OcrWord[], OcrWord[]] {
  const norm = (w: OcrWord) => w.text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const agrees = (w: OcrWord, others: readonly OcrWord[]) => norm(w).length > 0 && others.some((o) => norm(o) === norm(w) && overlap(o.box, w.box) >= 0.3);
  const judged = (list: readonly OcrWord[], others: readonly OcrWord[]) =>
    list
      .map((w) => (agrees(w, others) ? { ...w, confidence: Math.max(w.confidence, AGREED_CONFIDENCE) } : w))
      .filter((w) => w.confidence >= MIN_WORD_CONFIDENCE);
  return [judged(first, second), judged(second, first)];
}

/**
 * Two OCR readings of one frame as one: where both read a word, the surer reading; a word only the
 * second read joins the first's line it sits on (same height, close across), else a line of its own.
 */
export function mergeReadings(first: readonly OcrWord[], second: readonly OcrWord[]): OcrWord[] {
  const merged = [...first];
  const lineOf = new Map<string, string>();
  for (const word of second) {
    const same = merged.filter((m) => overlap(m.box, word.box) >= 0.3);
    if (same.length) {
      // One word read as two, or two as one: the surest reading stands for all of them.
      const surest = same.reduce((a, b) => (b.confidence > a.confidence ? b : a));
      if (word.confidence > surest.confidence) {
        merged.splice(merged.indexOf(surest), 1, { ...word, line: surest.line });
        for (const other of same) if (other !== surest) merged.splice(merged.indexOf(other), 1);
      }
      continue;
    }
    let line = lineOf.get(word.line);
    if (!line) {
      const cy = word.box.y + word.box.height / 2;
      const row = merged.find((m) => {
        const h = Math.max(m.box.height, word.box.height);
        const gap = Math.max(m.box.x - (word.box.x + word.box.width), word.box.x - (m.box.x + m.box.width));
        return Math.abs(m.box.y + m.box.height / 2 - cy) < h / 2 && gap < 2.5 * h;
      });
      line = row ? row.line : `2:${word.line}`;
      lineOf.set(word.line, line);
    }
    merged.push({ ...word, line });
  }
  return merged;
}

const letterCount = (text: string) => [...text].filter((c) => /\p{L}/u.test(c)).length;
/** A word read surely: three letters or more, at `SURE_WORD_CONFIDENCE` or above. */
const isSure = (w: OcrWord) => letterCount(w.text) >= 3 && w.confidence >= SURE_WORD_CONFIDENCE;

/**
 * The lines that are text: those with a word read surely. Photos give OCR texture it reads as
 * short "words" ("AN", "ax", "4") at fair confidence; a line of only those is left out, so it
 * neither joins a caption's block nor is re-set in the clone as text of its own.
 */
export function textLines(words: readonly OcrWord[]): OcrWord[] {
  const sureLines = new Set(words.filter(isSure).map((w) => w.line));
  return words.filter((w) => sureLines.has(w.line));
}

/**
 * OCR words of one frame → text blocks: words on one line joined, lines close above each other
 * (gap under one line height, overlapping horizontally) joined into one block.
 */
export function textBlocks(words: readonly OcrWord[]): { text: string; box: PixelBox; words: OcrWord[]; lines: number }[] {
  const lines = new Map<string, OcrWord[]>();
  for (const w of words) lines.set(w.line, [...(lines.get(w.line) ?? []), w]);
  const lineList = [...lines.values()]
    .map((ws) => ({ words: [...ws].sort((a, b) => a.box.x - b.box.x), box: unionBox(ws.map((w) => w.box)) }))
    .sort((a, b) => a.box.y - b.box.y);
  const blocks: { lines: typeof lineList; box: PixelBox }[] = [];
  for (const line of lineList) {
    const last = blocks[blocks.length - 1];
    const gap = last ? line.box.y - (last.box.y + last.box.height) : Infinity;
    const overlaps = last ? line.box.x < last.box.x + last.box.width && line.box.x + line.box.width > last.box.x : false;
    if (last && gap < line.box.height && overlaps) {
      last.lines.push(line);
      last.box = unionBox([last.box, line.box]);
    } else blocks.push({ lines: [line], box: line.box });
  }
  return blocks.map((b) => ({
    text: b.lines.map((l) => l.words.map((w) => w.text).join(' ')).join('\n'),
    box: b.box,
    words: b.lines.flatMap((l) => l.words),
    lines: b.lines.length,
  }));
}

type ReadRequest = { videoPath: string; workDir: string; language?: string; signal?: AbortSignal };

/** The text blocks of one frame: read twice (plain grey, local contrast), merged, junk left out, each measured in the colour frame. */
async function readFrame(deps: { ffmpeg: FfmpegEngine; ocr: TextRecognizer }, req: ReadRequest, shotIndex: number, atSeconds: number): Promise<ScreenText[]> {
  const name = `ocr-${shotIndex}-${Math.round(atSeconds * 1000)}`;
  const framePath = join(req.workDir, `${name}.png`);
  const grayPath = join(req.workDir, `${name}-gray.png`);
  const contrastPath = join(req.workDir, `${name}-contrast.png`);
  await deps.ffmpeg.run(
    ocrFrameArgs({ input: req.videoPath, atSeconds, heightPx: OCR_FRAME_HEIGHT_PX, output: framePath, grayOutput: grayPath, contrastOutput: contrastPath }),
    { signal: req.signal },
  );
  const read = (imagePath: string) =>
    deps.ocr.recognize({ imagePath, minConfidence: 0, ...(req.language ? { language: req.language } : {}), ...(req.signal ? { signal: req.signal } : {}) });
  // The two readings side by side: one Tesseract process each (each held to one thread).
  const [gray, contrast] = await Promise.all([read(grayPath), read(contrastPath)]);
  const words = textLines(mergeReadings(...agreedReadings(gray, contrast)));
  if (!words.length) return [];
  const frame = await decodeImage(framePath);
  const out: ScreenText[] = [];
  for (const block of textBlocks(words)) {
    const color = agreedColour(block.words.map((w) => textColourIn(frame, w.box)));
    // OCR boxes outlined letters loosely (often twice their height): the letters are where their
    // colour is, row by row; without that, as tall as most of the block's words.
    const rows = letterRows(frame, block.box, color);
    const heights = (rows.length ? rows.map((r) => r.bottom - r.top) : block.words.map((w) => w.box.height)).sort((a, b) => a - b);
    const letterPx = heights[Math.floor(heights.length / 2)]!;
    if (letterPx / frame.height < MIN_TEXT_HEIGHT) continue;
    const top = rows.length ? rows[0]!.top : block.box.y;
    const bottom = rows.length ? rows.at(-1)!.bottom : block.box.y + block.box.height;
    out.push({
      shotIndex,
      atSeconds,
      text: block.text,
      box: {
        x: round(block.box.x / frame.width),
        y: round(top / frame.height),
        width: round(block.box.width / frame.width),
        height: round((bottom - top) / frame.height),
      },
      letterHeight: round(letterPx / frame.height),
      color,
      words: block.words.length,
      lines: block.lines,
    });
  }
  return out;
}

/** A shot this long whose middle frame showed no text is read once more, a quarter in (OCR misses outlined letters over grain now and then). */
const SECOND_LOOK_SECONDS = 0.8;

/**
 * The on-screen text of each shot, read on its middle frame, and a quarter in when the middle
 * showed none (roles are given after, `caption-look.ts`).
 */
export async function readShotTexts(
  deps: { ffmpeg: FfmpegEngine; ocr: TextRecognizer },
  req: ReadRequest & { shots: readonly Shot[]; onProgress?: (f: number) => void },
): Promise<ScreenText[]> {
  const out: ScreenText[] = [];
  for (const shot of req.shots) {
    req.signal?.throwIfAborted();
    let texts = await readFrame(deps, req, shot.index, round((shot.startSeconds + shot.endSeconds) / 2));
    if (!texts.length && shot.durationSeconds >= SECOND_LOOK_SECONDS)
      texts = await readFrame(deps, req, shot.index, round(shot.startSeconds + shot.durationSeconds / 4));
    out.push(...texts);
    req.onProgress?.((shot.index + 1) / req.shots.length);
  }
  return out;
}
