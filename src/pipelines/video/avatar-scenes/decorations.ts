import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { even, type FrameSize } from '../../../media/frame-size.js';
import type { Box, Decorate, DecorationKind } from './scene-styles.js';
import { withStops } from '../../images/canvas-paint.js';
import { drawTextPlate, type TextPlate } from '../../images/text/text-plate.js';
import type { CutoutEngine } from '../../../engines/image/port.js';
import { analysePhoto } from '../product-photo.js';
import { drawShot, type AnalysedPhoto, type ShotPlan, type ShotRequest } from '../product-shot.js';
import { encodePng } from '../../images/raster-io.js';

interface Wanted {
  kind: DecorationKind | 'text' | 'shot';
  plate?: TextPlate;
  shot?: ShotRequest;
  widthPx: number;
  heightPx: number;
  path: string;
}

/**
 * Collects the decorations a timeline asks for (a `Decorate` that only names files), then draws
 * each once at the pixel size it will be shown at, so the compositor never rescales it. Text
 * plates (labels, end-card names and prices) are drawn the same way: fitted text as a picture.
 */
export class DecorationSet {
  private readonly wanted = new Map<string, Wanted>();

  /** What each shot was made as (crop or designed), by file: for the records and the tests. */
  readonly shotPlans = new Map<string, ShotPlan>();
  private readonly photos = new Map<string, Promise<AnalysedPhoto>>();

  /** `cutout`: finds the product in a photo for product shots; without it a photo is taken whole. */
  constructor(
    private readonly dir: string,
    private readonly frame: FrameSize,
    private readonly cutout: CutoutEngine | null = null,
  ) {}

  readonly decorate: Decorate = (kind: DecorationKind | 'text' | 'shot', box: Box, extra?: TextPlate | ShotRequest) => {
    const widthPx = even(this.frame.width * box.width);
    const heightPx = even(this.frame.height * box.height);
    if (kind === 'shot') {
      const shot = extra as ShotRequest;
      const id = createHash('sha256').update(JSON.stringify(shot)).digest('hex').slice(0, 16);
      const path = join(this.dir, `shot-${id}-${widthPx}x${heightPx}.png`);
      this.wanted.set(path, { kind, widthPx, heightPx, path, shot });
      return path;
    }
    const plate = extra as TextPlate | undefined;
    if (kind === 'text') {
      if (!plate) throw new Error('a text decoration needs its plate');
      // Named by what it shows: the same label at the same size is drawn once.
      const id = createHash('sha256').update(JSON.stringify(plate)).digest('hex').slice(0, 16);
      const path = join(this.dir, `text-${id}-${widthPx}x${heightPx}.png`);
      this.wanted.set(path, { kind, widthPx, heightPx, path, plate });
      return path;
    }
    const path = join(this.dir, `${kind}-${widthPx}x${heightPx}.png`);
    this.wanted.set(path, { kind, widthPx, heightPx, path });
    return path;
  };

  async drawAll(signal?: AbortSignal): Promise<void> {
    for (const w of this.wanted.values()) {
      if (w.kind === 'shot') {
        const { image, plan } = await drawShot(w.shot!, await this.analysed(w.shot!.picture, signal), w.widthPx, w.heightPx);
        this.shotPlans.set(w.path, plan);
        await writeFile(w.path, await encodePng(image));
      } else await writeFile(w.path, w.kind === 'text' ? drawTextPlate(w.plate!, w.widthPx, w.heightPx) : drawDecoration(w.kind, w.widthPx, w.heightPx));
    }
  }

  /** Each photo read and cut out once, however many shots use it. */
  private analysed(path: string, signal?: AbortSignal): Promise<AnalysedPhoto> {
    let found = this.photos.get(path);
    if (!found) {
      found = analysePhoto(path, this.cutout, signal);
      this.photos.set(path, found);
    }
    return found;
  }
}

/** One decoration as PNG bytes (transparent where nothing is drawn). */
export function drawDecoration(kind: DecorationKind, width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const short = Math.min(width, height);
  switch (kind) {
    case 'ring': {
      // A white rim with a soft dark edge, just outside the round bubble it frames.
      const line = short * 0.035;
      ctx.beginPath();
      ctx.arc(width / 2, height / 2, short / 2 - line, 0, Math.PI * 2);
      ctx.lineWidth = line * 1.6;
      ctx.strokeStyle = 'rgba(0,0,0,0.25)';
      ctx.stroke();
      ctx.lineWidth = line;
      ctx.strokeStyle = '#FFFFFF';
      ctx.stroke();
      break;
    }
    case 'tint': {
      ctx.fillStyle = withStops(ctx.createLinearGradient(0, 0, 0, height), [
        [0, 'rgba(0,0,0,0.35)'],
        [0.5, 'rgba(0,0,0,0.45)'],
        [1, 'rgba(0,0,0,0.8)'],
      ]);
      ctx.fillRect(0, 0, width, height);
      break;
    }
    case 'letterbox': {
      const bar = Math.round(height * 0.1);
      ctx.fillStyle = '#000000';
      ctx.fillRect(0, 0, width, bar);
      ctx.fillRect(0, height - bar, width, bar);
      break;
    }
    case 'disc': {
      // The white face of a lens that holds a whole product picture.
      ctx.beginPath();
      ctx.arc(width / 2, height / 2, short / 2, 0, Math.PI * 2);
      ctx.fillStyle = '#FFFFFF';
      ctx.fill();
      break;
    }
    case 'card': {
      const radius = short * 0.06;
      ctx.fillStyle = '#F2F4F7';
      ctx.strokeStyle = '#CFD6DE';
      ctx.lineWidth = Math.max(2, short * 0.008);
      ctx.beginPath();
      ctx.roundRect(ctx.lineWidth, ctx.lineWidth, width - 2 * ctx.lineWidth, height - 2 * ctx.lineWidth, radius);
      ctx.fill();
      ctx.stroke();
      break;
    }
  }
  return canvas.toBuffer('image/png');
}
