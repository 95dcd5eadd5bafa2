import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { NothingToCutOut } from '../../core/errors.js';
import type { PixelBox, RgbaImage } from '../../core/raster.js';
import { IAB_BANNERS, type IabBanner } from '../../domain/iab-images/iab-banners.js';
import type { FaceEngine } from '../../engines/face/index.js';
import type { CutoutEngine, SmartCropper } from '../../engines/image/port.js';
import { productPalette } from '../images/staging/palette.js';
import { bannerColours } from './banner-colours.js';
import { chooseLayout, type BannerLayout } from './banner-layout.js';
import type { BannerSlots, BannerWords } from './banner-slots.js';
import { rawBuffer } from './compose-banner.js';
import { drawDesignedBanner, subjectOf } from './draw-banner.js';
import { subjectBoxOf } from './subject-box.js';

/** Photos are worked on at most this long (the largest banner is 970 px wide): faster cut-out and crop, no visible loss. */
const WORKING_LONG_SIDE_PX = 1600;
/** A face box grown by this share on each side, so hair and chin stay in a crop too. */
const FACE_PAD_SHARE = 0.15;

export interface IabBannersRequest {
  photo: RgbaImage;
  /** Where the PNGs are written, one `<name>.png` per banner. */
  outDir: string;
  faces: FaceEngine;
  cutout: CutoutEngine;
  cropper: SmartCropper;
  /** What a link gave to say: the logo, the product's name, the price, the call to action. */
  copy?: BannerCopy;
  signal?: AbortSignal;
  /** 0..1 */
  onProgress?: (fraction: number) => void;
}

export interface BannerCopy {
  words: BannerWords;
  /** The logo, decoded and trimmed; null when the link has none (or it could not be read). */
  logo: RgbaImage | null;
}

export interface IabBannerMade {
  banner: IabBanner;
  path: string;
  layout: BannerLayout;
  /** In the photo's pixels: the crop window (crop), or the subject's box that was placed (compose). */
  source: PixelBox;
  /** Compose and designed: where the subject sits in the banner. */
  placed: PixelBox | null;
  /** Compose and designed: where every part of the banner was drawn (`banner-slots.ts`). */
  slots: BannerSlots | null;
}

export interface IabBannersMade {
  banners: IabBannerMade[];
  /** Faces found in the photo (its pixels), most confident first. */
  faces: PixelBox[];
  /** The cut-out subject's box in the photo, or null when nothing could be cut out. */
  subject: PixelBox | null;
}

/**
 * The twelve IAB banners of a photo, exact sizes, PNG, never stretched. Faces are found once and
 * the subject cut out once. With words or a logo to show (from a link), every banner is designed
 * (`banner-slots.ts`: product, logo, name, price and button laid out for its shape). Without, each
 * banner is a smart crop that keeps the faces and the product, or, for a shape far from the
 * photo's, the product composed on a stage in its own colours (`banner-layout.ts`). A photo with
 * nothing to cut out is cropped throughout, unless there are words: then the photo itself stands
 * on the stage.
 */
export async function makeIabBanners(req: IabBannersRequest): Promise<IabBannersMade> {
  const { signal } = req;
  const progress = req.onProgress ?? (() => {});
  const scale = Math.min(1, WORKING_LONG_SIDE_PX / Math.max(req.photo.width, req.photo.height));
  const photo = scale < 1 ? await resized(req.photo, scale) : req.photo;
  signal?.throwIfAborted();

  // The cut-out runs in its own process: started first, it overlaps the face detection here.
  const cutting = cutOut(req.cutout, photo, signal);
  cutting.catch(() => undefined);
  // The accurate detector: it runs once, and the tiny one misses small faces at the side of a group.
  const faces = (await req.faces.detect(photo, { detector: 'ssd', minScore: 0.5, signal }))
    .map((f) => clampBox(padBox(f.box, FACE_PAD_SHARE), photo))
    .sort((a, b) => b.width * b.height - a.width * a.height);
  progress(0.1);
  signal?.throwIfAborted();

  const cut = await cutting;
  const subject = cut ? subjectBoxOf(cut) : null;
  progress(0.5);

  // Faces first (a crop keeps as many as fit), then the product.
  const keep = subject ? [...faces, subject] : faces;
  const mainSubject = faces.length > 0 ? faces.reduce(unionBox) : subject;
  const made: IabBannerMade[] = [];
  const copy = req.copy && (req.copy.logo || req.copy.words.headline || req.copy.words.price || req.copy.words.cta) ? req.copy : null;
  const standing = cut && subject ? subjectOf(cut, subject) : null;
  const colours = bannerColours(productPalette(standing ?? photo), req.copy?.logo ? productPalette(req.copy.logo) : []);
  const design = (size: { width: number; height: number }, words: BannerWords, logo: RgbaImage | null) =>
    drawDesignedBanner({ banner: size, subject: standing ?? photo, subjectIsCutout: standing !== null, logo, words, colours });
  // 250x250 and 300x250 are in both sets: each shape is rendered once.
  const rendered = new Map<string, Omit<IabBannerMade, 'banner' | 'path'> & { png: Buffer }>();
  for (const banner of IAB_BANNERS) {
    signal?.throwIfAborted();
    const size = { width: banner.widthPx, height: banner.heightPx };
    let shape = rendered.get(banner.size);
    if (!shape) {
      const layout: BannerLayout = copy
        ? 'designed'
        : chooseLayout({ photo, banner: size, subject: mainSubject, canCompose: cut !== null && subject !== null, largestFace: faces[0] ?? null });
      if (layout !== 'crop') {
        const { png, slots } = await design(size, copy?.words ?? NO_WORDS, copy?.logo ?? null);
        shape = { layout, source: standing ? subject! : { x: 0, y: 0, width: photo.width, height: photo.height }, placed: slots.product, slots, png };
      } else {
        const window = await req.cropper.crop(photo, size, { keep, signal });
        const png = await sharp(rawBuffer(photo), { raw: { width: photo.width, height: photo.height, channels: 4 } })
          .extract({ left: window.x, top: window.y, width: window.width, height: window.height })
          // The window has the banner's shape; cover only trims the rounding pixel.
          .resize(size.width, size.height, { fit: 'cover', kernel: 'lanczos3' })
          .png()
          .toBuffer();
        shape = { layout, source: window, placed: null, slots: null, png };
      }
      rendered.set(banner.size, shape);
    }
    const path = join(req.outDir, `${banner.name}.png`);
    await writeFile(path, shape.png);
    made.push({ banner, path, layout: shape.layout, source: toPhoto(shape.source, scale), placed: shape.placed, slots: shape.slots });
    progress(0.5 + (0.5 * made.length) / IAB_BANNERS.length);
  }
  return { banners: made, faces: faces.map((f) => toPhoto(f, scale)), subject: subject ? toPhoto(subject, scale) : null };
}

const NO_WORDS: BannerWords = { headline: null, price: null, cta: null };

async function cutOut(engine: CutoutEngine, photo: RgbaImage, signal?: AbortSignal): Promise<RgbaImage | null> {
  try {
    return await engine.cutOut(photo, { signal });
  } catch (err) {
    // Nothing stands out: the banners are cropped instead of composed.
    if (err instanceof NothingToCutOut) return null;
    throw err;
  }
}

async function resized(photo: RgbaImage, scale: number): Promise<RgbaImage> {
  const width = Math.max(1, Math.round(photo.width * scale));
  const height = Math.max(1, Math.round(photo.height * scale));
  const data = await sharp(rawBuffer(photo), { raw: { width: photo.width, height: photo.height, channels: 4 } })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

function padBox(b: PixelBox, share: number): PixelBox {
  const dx = b.width * share,
    dy = b.height * share;
  return { x: b.x - dx, y: b.y - dy, width: b.width + 2 * dx, height: b.height + 2 * dy };
}

function clampBox(b: PixelBox, size: { width: number; height: number }): PixelBox {
  const x = Math.max(0, Math.floor(b.x)),
    y = Math.max(0, Math.floor(b.y));
  return { x, y, width: Math.min(size.width, Math.ceil(b.x + b.width)) - x, height: Math.min(size.height, Math.ceil(b.y + b.height)) - y };
}

function unionBox(a: PixelBox, b: PixelBox): PixelBox {
  const x = Math.min(a.x, b.x),
    y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** A box of the working photo in the given photo's pixels. */
function toPhoto(b: PixelBox, scale: number): PixelBox {
  if (scale === 1) return b;
  return { x: b.x / scale, y: b.y / scale, width: b.width / scale, height: b.height / scale };
}
