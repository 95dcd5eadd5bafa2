import { join } from 'node:path';
import type { PixelBox } from '../../../core/raster.js';
import type { CaptionLook, ScreenText, Shot } from '../../../domain/ad-clone/ad-analysis.js';
import { ocrFrameArgs } from '../../../engines/ffmpeg/args/scene-cuts.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import type { OcrWord, TextRecognizer } from '../../../engines/ocr/port.js';
import { decodeImage } from '../../images/raster-io.js';
import { textColourIn } from './text-colour.js';

/** Frames are read at this height: small references are scaled up so letters are tall enough for OCR. */
export const OCR_FRAME_HEIGHT_PX = 960;

const round = (v: number) => Math.round(v * 1000) / 1000;

function unionBox(boxes: readonly PixelBox[]): PixelBox {
  const x = Math.min(...boxes.map((b) => b.x)),
    y = Math.min(...boxes.map((b) => b.y));
  const r = Math.max(...boxes.map((b) => b.x + b.width)),
    bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: r - x, height: bottom - y };
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

/** The on-screen text of each shot, read on its middle frame. */
export async function readShotTexts(
  deps: { ffmpeg: FfmpegEngine; ocr: TextRecognizer },
  req: { videoPath: string; shots: readonly Shot[]; workDir: string; language?: string; signal?: AbortSignal; onProgress?: (f: number) => void },
): Promise<ScreenText[]> {
  const out: ScreenText[] = [];
  for (const shot of req.shots) {
    req.signal?.throwIfAborted();
    const atSeconds = round((shot.startSeconds + shot.endSeconds) / 2);
    const framePath = join(req.workDir, `ocr-${shot.index}.png`);
    const grayPath = join(req.workDir, `ocr-${shot.index}-gray.png`);
    await deps.ffmpeg.run(ocrFrameArgs({ input: req.videoPath, atSeconds, heightPx: OCR_FRAME_HEIGHT_PX, output: framePath, grayOutput: grayPath }), {
      signal: req.signal,
    });
    const words = await deps.ocr.recognize({
      imagePath: grayPath,
      ...(req.language ? { language: req.language } : {}),
      ...(req.signal ? { signal: req.signal } : {}),
    });
    if (words.length) {
      const frame = await decodeImage(framePath);
      for (const block of textBlocks(words)) {
        out.push({
          shotIndex: shot.index,
          atSeconds,
          text: block.text,
          box: {
            x: round(block.box.x / frame.width),
            y: round(block.box.y / frame.height),
            width: round(block.box.width / frame.width),
            height: round(block.box.height / frame.height),
          },
          color: dominantColour(block.words.map((w) => textColourIn(frame, w.box))),
          words: block.words.length,
          lines: block.lines,
        });
      }
    }
    req.onProgress?.((shot.index + 1) / req.shots.length);
  }
  return out;
}

function dominantColour(colours: string[]): string {
  const counts = new Map<string, number>();
  for (const c of colours) counts.set(c, (counts.get(c) ?? 0) + 1);
  // Words of one block share a colour; the first of the most common wins a tie.
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '#ffffff';
}

const LETTERS = /\p{L}/u;

function caseOf(text: string): CaptionLook['case'] {
  const letters = [...text].filter((c) => LETTERS.test(c));
  if (letters.length < 2) return 'as-is';
  if (letters.every((c) => c === c.toUpperCase() && c !== c.toLowerCase())) return 'upper';
  if (letters.every((c) => c === c.toLowerCase() && c !== c.toUpperCase())) return 'lower';
  return 'as-is';
}

/**
 * The caption look: the text blocks grouped by where they sit (thirds of the frame); the region
 * seen in the most shots is the caption's, and its blocks give the position, colour (most common),
 * case, words per line and letter height.
 */
export function captionLookOf(texts: readonly ScreenText[], shotCount: number): CaptionLook | null {
  if (!texts.length) return null;
  const regionOf = (t: ScreenText): CaptionLook['region'] => {
    const cy = t.box.y + t.box.height / 2;
    return cy < 1 / 3 ? 'top' : cy < 2 / 3 ? 'middle' : 'bottom';
  };
  const byRegion = new Map<CaptionLook['region'], ScreenText[]>();
  for (const t of texts) byRegion.set(regionOf(t), [...(byRegion.get(regionOf(t)) ?? []), t]);
  const shotsIn = (ts: ScreenText[]) => new Set(ts.map((t) => t.shotIndex)).size;
  const [region, blocks] = [...byRegion.entries()].sort((a, b) => shotsIn(b[1]) - shotsIn(a[1]) || b[1].length - a[1].length)[0]!;
  const mean = (vs: number[]) => vs.reduce((a, b) => a + b, 0) / vs.length;
  const colours = new Map<string, number>();
  for (const b of blocks) colours.set(b.color, (colours.get(b.color) ?? 0) + 1);
  const cases = blocks.map((b) => caseOf(b.text));
  const kase = (['upper', 'lower'] as const).find((c) => cases.filter((x) => x === c).length > cases.length / 2) ?? 'as-is';
  return {
    position: { x: round(mean(blocks.map((b) => b.box.x + b.box.width / 2)) - 0.5), y: round(mean(blocks.map((b) => b.box.y + b.box.height / 2)) - 0.5) },
    region,
    color: [...colours.entries()].sort((a, b) => b[1] - a[1])[0]![0],
    case: kase,
    wordsPerLine: Math.max(1, Math.round(mean(blocks.map((b) => b.words / b.lines)))),
    textHeight: round(mean(blocks.map((b) => b.box.height / b.lines))),
    shotShare: round(shotsIn(blocks) / Math.max(1, shotCount)),
  };
}
