import type { Offset, V2VisualStyle } from '../../../domain/avatars/avatar-video-spec.js';
import type { CaptionSettingInput } from '../../../media/captions/caption-setting.js';
import type { AspectRatio, BackgroundFit, BackgroundMotion, Layer, SceneBackground } from '../../../media/timeline.js';
import { fitText } from '../../images/text/fit-text.js';
import type { TextPlate } from '../../images/text/text-plate.js';
import { boxPx, layoutFrame, plateLayers } from '../frame-text.js';
import type { Box, Decorate } from '../layout-box.js';

export type { Box, DecorationKind, Decorate } from '../layout-box.js';

/** Where and how a layout draws the avatar; the clip is made to fit `box` exactly. */
export interface AvatarSlot {
  position: Offset;
  box: Box;
  shape: 'normal' | 'circle';
  /** transparent: the figure alone over the scene; scene: with its own drawn backdrop (a panel or a bubble). */
  backdrop: 'transparent' | 'scene';
}

/** One scene's picture (background or product), already a local file. */
export interface ScenePicture {
  kind: 'image' | 'video';
  path: string;
  fit: BackgroundFit;
  motion: BackgroundMotion | null;
}

export interface StyleInput {
  aspectRatio: AspectRatio;
  picture: ScenePicture | null;
  avatarName: string;
  decorate: Decorate;
}

/** A laid-out scene: what fills the frame, layers under and over the avatar, the style's caption look. */
export interface StyledScene {
  background: SceneBackground;
  below: Layer[];
  avatar: AvatarSlot | null;
  above: Layer[];
  caption: CaptionSettingInput;
}

type Layout = (input: StyleInput) => StyledScene;

/** Behind scenes that have no picture of their own. */
export const STAGE_COLOR = '#2B3A55';
const FULL: Box = { width: 1, height: 1 };
/** Frame proportions, enough to turn sizes given on the short side into frame fractions. */
const FRAME_UNITS: Record<AspectRatio, { width: number; height: number }> = {
  '16:9': { width: 16, height: 9 },
  '9:16': { width: 9, height: 16 },
  '1:1': { width: 1, height: 1 },
};
const CENTRE: Offset = { x: 0, y: 0 };

/**
 * The v2 scene layouts, each a different arrangement of one scene's picture and avatar. A
 * character's offset moves the layout's avatar slot and its scale resizes it (FullAvatar's slot
 * is the whole frame, so there they mean exactly what the contract says).
 */
export const SCENE_LAYOUTS: Record<Exclude<V2VisualStyle, keyof typeof SCENE_STYLE_ALIASES>, Layout> = {
  /**
   * The presenter, cut out, is the large part of the frame. A product picture stands whole in the
   * part they leave free (above them when tall, beside them otherwise) over a blurred fill of
   * itself; a clip or no picture fills the frame behind a centred presenter.
   */
  FullAvatar: (s) => {
    const places = productPlaces(s, FULL_AVATAR_PLACES);
    if (!places) {
      return {
        background: pictureBackground(s),
        below: [],
        avatar: { position: CENTRE, box: FULL, shape: 'normal', backdrop: 'transparent' },
        above: [],
        caption: { style: 'normal-black', offset: { x: 0, y: 0.4 } },
      };
    }
    return {
      background: backdrop(s),
      below: [productLayer(s, places.product)],
      avatar: { ...places.presenter, shape: 'normal', backdrop: 'transparent' },
      above: [],
      caption: { style: 'normal-black', offset: places.caption },
    };
  },
  /**
   * Presenter beside the picture like a weather map: the product whole in its own part of the
   * frame (over a blurred fill of itself), the presenter below it (tall) or beside it, never over it.
   */
  GreenScreenEffect: (s) => {
    const place = GREEN_SCREEN_PLACES[s.aspectRatio];
    return {
      background: s.picture ? ({ ...pictureBackground(s), fit: 'backdrop' } as SceneBackground) : pictureBackground(s),
      below: s.picture ? [pictureLayer(s.picture, place.product.box, place.product.position, 'normal', 'contain')] : [],
      avatar: { ...place.presenter, shape: 'normal', backdrop: 'transparent' },
      above: [],
      caption: { style: 'toons', offset: place.caption },
    };
  },
  /**
   * The product as large as the frame allows; the presenter is a small ringed bubble in the
   * lower-left corner, outside the product's box (a product picture is fitted whole into the rest).
   */
  FullProduct: (s) => {
    const box = square(s.aspectRatio, 0.3);
    const position = corner(box, 'bottom-left', s.aspectRatio);
    const places = productPlaces(s, FULL_PRODUCT_PLACES);
    return {
      background: places ? backdrop(s) : pictureBackground(s),
      below: [...(places ? [productLayer(s, places.product)] : []), ring(s, box, position)],
      avatar: { position, box, shape: 'circle', backdrop: 'scene' },
      above: [],
      caption: { style: 'neo', offset: places?.caption ?? { x: 0, y: 0.12 } },
    };
  },
  /**
   * A large round lens with the presenter inside it, over the picture. A product picture stands
   * whole beside the lens (above it when tall), never under it.
   */
  MagnifyingGlassCircle: (s) => {
    const places = productPlaces(s, MAGNIFYING_PLACES);
    const { box, position } = places?.presenter ?? { box: square(s.aspectRatio, 0.62), position: { x: 0, y: 0.1 } };
    return {
      background: places ? backdrop(s) : pictureBackground(s),
      below: [...(places ? [productLayer(s, places.product)] : []), ring(s, box, position)],
      avatar: { position, box, shape: 'circle', backdrop: 'scene' },
      above: [],
      caption: { style: 'mint', offset: places?.caption ?? { x: 0, y: -0.36 } },
    };
  },
  /**
   * The other way round: the presenter fills the frame, the picture sits in a round lens laid over
   * them. A product picture is kept whole: fitted into the square inside a white disc, so the
   * circle never cuts its corners.
   */
  ReverseMagnifyingGlassCircle: (s) => {
    const box = square(s.aspectRatio, 0.42);
    const position = corner(box, 'top-right', s.aspectRatio);
    const whole = isProductPicture(s.picture);
    // The largest square inside the disc is 1/√2 of its side; a little less leaves a white rim.
    const inner = { width: box.width * 0.68, height: box.height * 0.68 };
    const lens: Layer[] = !s.picture
      ? []
      : whole
        ? [ring(s, box, position), { kind: 'image', path: s.decorate('disc', box), box, position }, productLayer(s, { box: inner, position })]
        : [ring(s, box, position), pictureLayer(s.picture, box, position, 'circle')];
    return {
      background: { kind: 'color', color: STAGE_COLOR },
      below: [],
      avatar: { position: CENTRE, box: FULL, shape: 'normal', backdrop: 'scene' },
      above: lens,
      caption: { style: 'neo', offset: { x: 0, y: 0.36 } },
    };
  },
  /**
   * The product alone, big captions, the avatar only a voice. A product picture stands whole and
   * lit over its own darkened, slowly zooming blur; a clip is darkened and zooms itself.
   */
  DramaticFullProduct: (s) => {
    const tint: Layer = { kind: 'image', path: s.decorate('tint', FULL), box: FULL };
    if (!isProductPicture(s.picture)) {
      return {
        background: pictureBackground(s, 'zoom-in'),
        below: [],
        avatar: null,
        above: [tint],
        caption: { style: 'mystique', offset: { x: 0, y: 0 }, font_size: 90 },
      };
    }
    const product = { position: { x: 0, y: -0.06 }, box: { width: 0.9, height: 0.74 } };
    return {
      background: { ...backdrop(s), motion: s.picture.motion ?? 'zoom-in' } as SceneBackground,
      below: [tint, productLayer(s, product)],
      avatar: null,
      above: [],
      caption: { style: 'mystique', offset: { x: 0, y: 0.4 }, font_size: 90 },
    };
  },
  /**
   * Cinema: darkened picture, black bars above and below, the presenter over it. A product
   * picture stands whole and lit between the bars beside the presenter (above them when tall).
   */
  Dramatic: (s) => {
    const places = productPlaces(s, DRAMATIC_PLACES);
    return {
      background: places ? backdrop(s) : pictureBackground(s),
      below: [{ kind: 'image', path: s.decorate('tint', FULL), box: FULL }, ...(places ? [productLayer(s, places.product)] : [])],
      avatar: { ...(places?.presenter ?? { position: { x: 0, y: 0.04 }, box: { width: 0.92, height: 0.92 } }), shape: 'normal', backdrop: 'transparent' },
      above: [{ kind: 'image', path: s.decorate('letterbox', FULL), box: FULL }],
      caption: { style: 'glow', offset: places?.caption ?? { x: 0, y: 0.3 } },
    };
  },
  /** Split screen: the picture on top, the presenter's panel below, captions on the seam. */
  UpAndDown: (s) => ({
    background: { kind: 'color', color: STAGE_COLOR },
    below: s.picture ? [pictureLayer(s.picture, { width: 1, height: 0.5 }, { x: 0, y: -0.25 }, 'normal', keepWhole(s.picture))] : [],
    avatar: { position: { x: 0, y: 0.25 }, box: { width: 1, height: 0.5 }, shape: 'normal', backdrop: 'scene' },
    above: [],
    caption: { style: 'brick', offset: { x: 0, y: 0 } },
  }),
  /** Split screen: the picture on the left, the presenter's panel on the right. */
  SideBySide: (s) => ({
    background: { kind: 'color', color: STAGE_COLOR },
    below: s.picture ? [pictureLayer(s.picture, { width: 0.5, height: 1 }, { x: -0.25, y: 0 }, 'normal', keepWhole(s.picture))] : [],
    avatar: { position: { x: 0.25, y: 0 }, box: { width: 0.5, height: 1 }, shape: 'normal', backdrop: 'scene' },
    above: [],
    caption: { style: 'bilo', offset: { x: 0, y: 0.38 } },
  }),
  /** The presenter in their own room fills the frame; the product is a framed card in the top-right. */
  FullAvatarScreenProductOverlay: (s) => {
    const card = rect(s.aspectRatio, 0.5, 0.38);
    const position = corner(card, 'top-right', s.aspectRatio);
    const inner = { width: card.width * 0.92, height: card.height * 0.9 };
    return {
      background: { kind: 'color', color: STAGE_COLOR },
      below: [],
      avatar: { position: CENTRE, box: FULL, shape: 'normal', backdrop: 'scene' },
      above: s.picture
        ? [{ kind: 'image', path: s.decorate('card', card), box: card, position }, pictureLayer(s.picture, inner, position, 'normal', 'contain')]
        : [],
      caption: { style: 'duality', offset: { x: 0, y: 0.38 } },
    };
  },
  /** A social post: white page, the presenter's round picture and name as the header, the picture as the post's media. */
  TwitterFrame: (s) => {
    const head = square(s.aspectRatio, 0.16);
    const headPosition = corner(head, 'top-left', s.aspectRatio);
    const wide = s.aspectRatio === '16:9';
    const media = rect(s.aspectRatio, 0.9, wide ? 0.5 : 0.62);
    const mediaPosition = { x: 0, y: wide ? 0.2 : 0.14 };
    const byline = bylinePlace(s.aspectRatio, head, headPosition);
    return {
      background: { kind: 'color', color: '#FFFFFF' },
      below: s.picture
        ? [
            { kind: 'image', path: s.decorate('card', media), box: media, position: mediaPosition },
            pictureLayer(s.picture, media, mediaPosition, 'normal', 'contain'),
          ]
        : [],
      avatar: { position: headPosition, box: head, shape: 'circle', backdrop: 'scene' },
      above: plateLayers(byline, bylinePlate(s.avatarName, boxPx(s.aspectRatio, byline.box), layoutFrame(s.aspectRatio).short), s.decorate),
      caption: { style: 'normal-white', offset: { x: 0, y: wide ? -0.17 : -0.2 } },
    };
  },
};

/** GreenScreenEffect's parts: product and presenter side by side (or stacked), captions clear of the presenter's face. */
export const GREEN_SCREEN_PLACES: Record<AspectRatio, { product: { position: Offset; box: Box }; presenter: { position: Offset; box: Box }; caption: Offset }> =
  {
    '9:16': {
      product: { position: { x: 0, y: -0.25 }, box: { width: 0.94, height: 0.46 } },
      presenter: { position: { x: 0, y: 0.27 }, box: { width: 0.92, height: 0.46 } },
      caption: { x: 0, y: 0 },
    },
    '16:9': {
      product: { position: { x: -0.22, y: -0.02 }, box: { width: 0.52, height: 0.8 } },
      presenter: { position: { x: 0.27, y: 0.06 }, box: { width: 0.42, height: 0.88 } },
      caption: { x: -0.22, y: 0.4 },
    },
    '1:1': {
      product: { position: { x: -0.23, y: -0.05 }, box: { width: 0.48, height: 0.8 } },
      presenter: { position: { x: 0.25, y: 0.15 }, box: { width: 0.46, height: 0.7 } },
      caption: { x: -0.23, y: 0.4 },
    },
  };

/** Where a product picture and the presenter go when both show, per frame shape. */
export interface ProductPlaces {
  product: Placement;
  presenter: Placement;
  caption: Offset;
}
interface Placement {
  position: Offset;
  box: Box;
}

/** FullAvatar: the presenter large (bottom 60 % when tall, right half otherwise), the product in the rest. */
export const FULL_AVATAR_PLACES: Record<AspectRatio, ProductPlaces> = {
  '9:16': {
    product: { position: { x: 0, y: -0.31 }, box: { width: 0.9, height: 0.34 } },
    presenter: { position: { x: 0, y: 0.2 }, box: { width: 1, height: 0.6 } },
    caption: { x: 0, y: 0.4 },
  },
  '16:9': {
    product: { position: { x: -0.25, y: -0.04 }, box: { width: 0.46, height: 0.84 } },
    presenter: { position: { x: 0.25, y: 0 }, box: { width: 0.5, height: 1 } },
    caption: { x: -0.25, y: 0.43 },
  },
  '1:1': {
    product: { position: { x: -0.27, y: -0.08 }, box: { width: 0.42, height: 0.7 } },
    presenter: { position: { x: 0.225, y: 0.05 }, box: { width: 0.55, height: 0.9 } },
    caption: { x: -0.27, y: 0.4 },
  },
};

/** Dramatic: both inside the letterbox (bars take 10 % at the top and the bottom). */
export const DRAMATIC_PLACES: Record<AspectRatio, ProductPlaces> = {
  '9:16': {
    product: { position: { x: 0, y: -0.23 }, box: { width: 0.84, height: 0.32 } },
    presenter: { position: { x: 0, y: 0.17 }, box: { width: 0.92, height: 0.44 } },
    caption: { x: 0, y: 0.3 },
  },
  '16:9': {
    product: { position: { x: -0.24, y: 0 }, box: { width: 0.44, height: 0.74 } },
    presenter: { position: { x: 0.25, y: 0 }, box: { width: 0.46, height: 0.8 } },
    caption: { x: 0.25, y: 0.3 },
  },
  '1:1': {
    product: { position: { x: -0.24, y: 0 }, box: { width: 0.44, height: 0.6 } },
    presenter: { position: { x: 0.25, y: 0 }, box: { width: 0.5, height: 0.8 } },
    caption: { x: 0.25, y: 0.3 },
  },
};

/** MagnifyingGlassCircle: the lens below the product (tall frames) or beside it. */
export const MAGNIFYING_PLACES: Record<AspectRatio, ProductPlaces> = {
  '9:16': {
    product: { position: { x: 0, y: -0.25 }, box: { width: 0.92, height: 0.44 } },
    presenter: { position: { x: 0, y: 0.2 }, box: square('9:16', 0.62) },
    caption: { x: 0, y: 0.43 },
  },
  '16:9': {
    product: { position: { x: -0.22, y: -0.02 }, box: { width: 0.5, height: 0.84 } },
    presenter: { position: { x: 0.24, y: -0.05 }, box: square('16:9', 0.62) },
    caption: { x: 0.24, y: 0.38 },
  },
  '1:1': {
    product: { position: { x: -0.26, y: -0.08 }, box: { width: 0.44, height: 0.7 } },
    presenter: { position: { x: 0.24, y: -0.05 }, box: square('1:1', 0.5) },
    caption: { x: 0, y: 0.4 },
  },
};

/** FullProduct: the product in all the frame but the presenter's corner bubble (and the caption's line). */
export const FULL_PRODUCT_PLACES: Record<AspectRatio, ProductPlaces> = {
  '9:16': { product: { position: { x: 0, y: -0.12 }, box: { width: 0.96, height: 0.72 } }, presenter: bubbleCorner('9:16'), caption: { x: 0.17, y: 0.35 } },
  '16:9': { product: { position: { x: 0.1, y: -0.08 }, box: { width: 0.76, height: 0.8 } }, presenter: bubbleCorner('16:9'), caption: { x: 0.1, y: 0.41 } },
  '1:1': { product: { position: { x: 0.17, y: -0.06 }, box: { width: 0.62, height: 0.84 } }, presenter: bubbleCorner('1:1'), caption: { x: 0.17, y: 0.43 } },
};

export const SCENE_STYLE_ALIASES = {
  Vanilla: 'FullAvatar',
  Vlog: 'FullAvatarScreenProductOverlay',
} as const;

export function layoutNameFor(style: V2VisualStyle): keyof typeof SCENE_LAYOUTS {
  return style in SCENE_STYLE_ALIASES ? SCENE_STYLE_ALIASES[style as keyof typeof SCENE_STYLE_ALIASES] : (style as keyof typeof SCENE_LAYOUTS);
}

export function styleScene(style: V2VisualStyle, input: StyleInput): StyledScene {
  return SCENE_LAYOUTS[layoutNameFor(style)](input);
}

/**
 * The character's own placement applied to a layout's slot: offset moves it, scale (0–2)
 * resizes it, circle turns it into a round bubble, hidden removes it.
 */
export function placeAvatar(
  slot: AvatarSlot | null,
  character: { offset: Offset; scale: number; style: 'normal' | 'circle'; hidden: boolean },
  aspectRatio: AspectRatio,
): AvatarSlot | null {
  if (!slot || character.hidden || !(character.scale > 0)) return null;
  const position = { x: slot.position.x + character.offset.x, y: slot.position.y + character.offset.y };
  const box = { width: slot.box.width * character.scale, height: slot.box.height * character.scale };
  if (character.style !== 'circle' && slot.shape !== 'circle') return { ...slot, position, box };
  // A bubble is the largest square of the slot, with the avatar's own backdrop inside it.
  const frame = FRAME_UNITS[aspectRatio];
  const side = Math.min(box.width * frame.width, box.height * frame.height);
  return { position, box: { width: side / frame.width, height: side / frame.height }, shape: 'circle', backdrop: 'scene' };
}

// ---- building blocks ------------------------------------------------------------------------

/** A square whose side is `side` times the frame's short side. */
export function square(aspectRatio: AspectRatio, side: number): Box {
  return rect(aspectRatio, side, side);
}

/** A rectangle sized in multiples of the frame's short side. */
function rect(aspectRatio: AspectRatio, width: number, height: number): Box {
  const f = FRAME_UNITS[aspectRatio];
  const short = Math.min(f.width, f.height);
  return { width: (width * short) / f.width, height: (height * short) / f.height };
}

/** Centre of a box tucked into a corner with a margin of 4 % of the short side. */
function corner(box: Box, which: 'bottom-left' | 'top-right' | 'top-left', aspectRatio: AspectRatio): Offset {
  const margin = rect(aspectRatio, 0.04, 0.04);
  const x = 0.5 - box.width / 2 - margin.width;
  const y = 0.5 - box.height / 2 - margin.height * 3;
  if (which === 'bottom-left') return { x: -x, y };
  if (which === 'top-right') return { x, y: -(0.5 - box.height / 2 - margin.height) };
  return { x: -x, y: -(0.5 - box.height / 2 - margin.height) };
}

function pictureBackground(s: StyleInput, motion: BackgroundMotion | null = null): SceneBackground {
  const p = s.picture;
  if (!p) return { kind: 'color', color: STAGE_COLOR };
  return p.kind === 'image'
    ? { kind: 'image', path: p.path, fit: p.fit, motion: p.motion ?? motion }
    : { kind: 'video', path: p.path, fit: p.fit, motion: p.motion ?? motion, loop: true };
}

/**
 * A still picture is a product shot (its fit was turned to whole or contain when planned): it is
 * kept whole and away from the presenter. A clip is a moving backdrop and may fill the frame.
 */
function isProductPicture(p: ScenePicture | null): p is ScenePicture {
  return p !== null && p.kind === 'image';
}

/** The layout's places when the scene shows a product picture, else null (the style's plain look). */
function productPlaces(s: StyleInput, table: Record<AspectRatio, ProductPlaces>): ProductPlaces | null {
  return isProductPicture(s.picture) ? table[s.aspectRatio] : null;
}

/** Only the blurred fill of the scene's picture: the picture itself is a layer on it. */
function backdrop(s: StyleInput): SceneBackground {
  return { ...pictureBackground(s), fit: 'backdrop' } as SceneBackground;
}

/** The product picture whole in its place. */
function productLayer(s: StyleInput, place: Placement): Layer {
  return pictureLayer(s.picture!, place.box, place.position, 'normal', 'contain');
}

/** Crop fills a split panel with a clip; a product picture is kept whole in it. */
function keepWhole(p: ScenePicture): BackgroundFit {
  return isProductPicture(p) ? 'contain' : 'crop';
}

/** FullProduct's presenter bubble: bottom-left, 0.3 of the short side. */
function bubbleCorner(aspectRatio: AspectRatio): Placement {
  const box = square(aspectRatio, 0.3);
  return { box, position: corner(box, 'bottom-left', aspectRatio) };
}

function pictureLayer(p: ScenePicture, box: Box, position: Offset, shape: 'normal' | 'circle' = 'normal', fit: BackgroundFit = 'crop'): Layer {
  return p.kind === 'image'
    ? { kind: 'image', path: p.path, box, position, shape, fit }
    : { kind: 'video', path: p.path, box, position, shape, fit, loop: true };
}

/** A white ring just around a round bubble. */
function ring(s: StyleInput, box: Box, position: Offset): Layer {
  const grown = { width: box.width * 1.08, height: box.height * 1.08 };
  return { kind: 'image', path: s.decorate('ring', grown), box: grown, position };
}

/** TwitterFrame's name and handle: from the round picture's right edge to the frame's margin, as high as the picture. */
function bylinePlace(aspectRatio: AspectRatio, head: Box, headPosition: Offset): { position: Offset; box: Box } {
  const gap = rect(aspectRatio, 0.03, 0).width;
  const left = headPosition.x + head.width / 2 + gap;
  const right = 0.5 - rect(aspectRatio, 0.04, 0).width;
  return { position: { x: (left + right) / 2, y: headPosition.y }, box: { width: right - left, height: head.height } };
}

/** The presenter's whole name (wrapped and shrunk, never cut) over their handle, left-aligned. */
function bylinePlate(name: string, area: { width: number; height: number }, short: number): TextPlate {
  const nameFont = { weight: 700 as const };
  const handleFont = { weight: 400 as const };
  const handle = fitText(
    `@${handleOf(name)}`,
    { width: area.width, height: area.height * 0.4 },
    { font: handleFont, maxPx: short * 0.034, minPx: short * 0.026, maxLines: 1 },
  );
  const gap = short * 0.006;
  const fitted = fitText(
    name,
    { width: area.width, height: area.height - handle.height - gap },
    { font: nameFont, maxPx: short * 0.046, minPx: short * 0.03, maxLines: 2, lineHeight: 1.15 },
  );
  return {
    width: area.width,
    height: area.height,
    align: 'left',
    blocks: [
      { fitted, font: nameFont, color: '#0F1419' },
      { fitted: handle, font: handleFont, color: '#536471', gapBefore: gap },
    ],
  };
}

function handleOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '')
      .slice(0, 15) || 'presenter'
  );
}
