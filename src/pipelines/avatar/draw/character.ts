import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import type { AvatarLook } from '../../../domain/catalog/avatars-look.js';
import type { MouthFrame } from '../visemes/viseme-set.js';
import { drawBody } from './body.js';
import { drawBrows, drawCheeks, drawEarrings, drawEars, drawEyes, drawFaceShape, drawFacialHair, drawGlasses, drawNose, type EyeState } from './face.js';
import { figureFor, type Figure } from './figure.js';
import { drawHairBack, drawHairFront, drawHairLong, hairReach } from './hair.js';
import { drawMouth } from './mouth.js';
import type { Ctx } from './paint.js';
import { drawScene } from './scenes.js';

export type { EyeState } from './face.js';

/** What is behind the character. */
export type AvatarBackground = { kind: 'scene' } | { kind: 'color'; color: string } | { kind: 'transparent' } | { kind: 'image'; path: string };

/** Where the character's unit box lands in a frame: pixel = origin + unit × scale. */
export interface Layout {
  width: number;
  height: number;
  scale: number;
  originX: number;
  originY: number;
}

/** A rectangle in frame pixels. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Head and shoulders, head a little above the middle. Landscape and square frames size the
 * character by height; portrait frames by width (larger), so the face is not lost in a tall frame.
 */
export function layoutFor(width: number, height: number): Layout {
  const box = width >= height ? height * 1.1 : Math.min(width * 1.3, height * 0.98);
  const headCentreY = height * (width >= height ? 0.44 : 0.4);
  return { width, height, scale: box / 1000, originX: width / 2 - box / 2, originY: headCentreY - 0.4 * box };
}

const figures = new WeakMap<AvatarLook, Figure>();
function figure(look: AvatarLook): Figure {
  let f = figures.get(look);
  if (!f) {
    f = figureFor(look);
    figures.set(look, f);
  }
  return f;
}

/** The head layer's rectangle at rest, whole pixels, clamped to nothing (it may overhang the frame). */
export function headBox(look: AvatarLook, layout: Layout): PixelBox {
  const f = figure(look);
  const reach = hairReach(look.hair.style, f);
  const x0 = Math.floor(layout.originX + (f.cx - reach.halfWidth) * layout.scale);
  const y0 = Math.floor(layout.originY + reach.top * layout.scale);
  const x1 = Math.ceil(layout.originX + (f.cx + reach.halfWidth) * layout.scale);
  const y1 = Math.ceil(layout.originY + reach.bottom * layout.scale);
  // Even sizes keep yuv420 overlays aligned.
  return { x: x0, y: y0, width: x1 - x0 + ((x1 - x0) % 2), height: y1 - y0 + ((y1 - y0) % 2) };
}

function toUnits(ctx: Ctx, layout: Layout, shiftX = 0, shiftY = 0): void {
  ctx.setTransform(layout.scale, 0, 0, layout.scale, layout.originX - shiftX, layout.originY - shiftY);
}

/** Where the mouth and the eyes are at rest, in frame pixels, with the face's size (for checks and layouts). */
export function facePoints(
  look: AvatarLook,
  layout: Layout,
): { mouth: { x: number; y: number; halfWidth: number }; eyes: Array<{ x: number; y: number; halfWidth: number }> } {
  const f = figure(look);
  const px = (ux: number, uy: number) => ({ x: layout.originX + ux * layout.scale, y: layout.originY + uy * layout.scale });
  return {
    mouth: { ...px(f.cx, f.mouthY), halfWidth: (f.mouthW / 2) * layout.scale },
    eyes: [-1, 1].map((side) => ({ ...px(f.cx + side * f.eyeDx, f.eyeY), halfWidth: f.eyeRx * layout.scale })),
  };
}

/** Everything that does not move: background, long hair behind the back, neck and body. */
export async function renderBase(look: AvatarLook, layout: Layout, background: AvatarBackground): Promise<Canvas> {
  const canvas = createCanvas(layout.width, layout.height);
  const ctx = canvas.getContext('2d');
  await paintBackground(ctx, look, layout, background);
  const f = figure(look);
  toUnits(ctx, layout);
  drawHairLong(ctx, f, look);
  drawBody(ctx, f, look);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  return canvas;
}

async function paintBackground(ctx: Ctx, look: AvatarLook, layout: Layout, background: AvatarBackground): Promise<void> {
  const { width, height } = layout;
  switch (background.kind) {
    case 'transparent':
      return;
    case 'color':
      ctx.fillStyle = background.color;
      ctx.fillRect(0, 0, width, height);
      return;
    case 'scene':
      drawScene(ctx, look.scene, width, height);
      return;
    case 'image': {
      const img = await loadImage(background.path);
      // Cover: fill the frame, crop the overflow, centred.
      const s = Math.max(width / img.width, height / img.height);
      const w = img.width * s;
      const h = img.height * s;
      ctx.drawImage(img, (width - w) / 2, (height - h) / 2, w, h);
      return;
    }
  }
}

/** One head drawing (a sprite): the head layer cut to `headBox`, transparent around it. */
export function renderHead(look: AvatarLook, layout: Layout, mouth: MouthFrame, eyes: EyeState): Canvas {
  const box = headBox(look, layout);
  const canvas = createCanvas(box.width, box.height);
  paintHead(canvas.getContext('2d'), look, layout, mouth, eyes, box.x, box.y);
  return canvas;
}

function paintHead(ctx: Ctx, look: AvatarLook, layout: Layout, mouth: MouthFrame, eyes: EyeState, shiftX: number, shiftY: number): void {
  const f = figure(look);
  toUnits(ctx, layout, shiftX, shiftY);
  drawHairBack(ctx, f, look);
  drawEars(ctx, f);
  drawEarrings(ctx, f, look);
  drawFaceShape(ctx, f);
  drawCheeks(ctx, f, look);
  drawNose(ctx, f, look);
  drawFacialHair(ctx, f, look);
  drawEyes(ctx, f, look, eyes);
  // Brows rise a touch as the mouth opens wide: a little expression for free.
  drawBrows(ctx, f, look, mouth.openness > 0.6 ? 4 : 0);
  drawMouth(ctx, f, mouth.viseme, mouth.openness);
  drawHairFront(ctx, f, look);
  drawGlasses(ctx, f, look);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

/** A still of the avatar (previews, thumbnails): base plus head at rest, mouth in a light smile. */
export async function renderStill(
  look: AvatarLook,
  width: number,
  height: number,
  background: AvatarBackground = { kind: 'scene' },
  mouth: MouthFrame = { viseme: 'rest', openness: 0 },
): Promise<Canvas> {
  const layout = layoutFor(width, height);
  const canvas = await renderBase(look, layout, background);
  paintHead(canvas.getContext('2d'), look, layout, mouth, 'open', 0, 0);
  return canvas;
}
