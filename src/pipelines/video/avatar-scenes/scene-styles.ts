import type { Offset, V2VisualStyle } from '../../../domain/avatars/avatar-video-spec.js';
import type { CaptionSettingInput } from '../../../media/captions/caption-setting.js';
import type { AspectRatio, BackgroundFit, BackgroundMotion, Layer, SceneBackground } from '../../../media/timeline.js';

/** Sizes in fractions of the frame's width and height. */
export interface Box {
  width: number;
  height: number;
}

/** Pictures a layout asks to be drawn for it (see decorations.ts), sized to their box. */
export type DecorationKind = 'ring' | 'tint' | 'letterbox' | 'card';
export type Decorate = (kind: DecorationKind, box: Box) => string;

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
const CENTRE: Offset = { x: 0, y: 0 };

/**
 * The v2 scene layouts, each a different arrangement of one scene's picture and avatar. A
 * character's offset moves the layout's avatar slot and its scale resizes it (FullAvatar's slot
 * is the whole frame, so there they mean exactly what the contract says).
 */
export const SCENE_LAYOUTS: Record<Exclude<V2VisualStyle, keyof typeof SCENE_STYLE_ALIASES>, Layout> = {
  /** The picture fills the frame; the presenter, cut out, stands over it. */
  FullAvatar: (s) => ({
    background: pictureBackground(s),
    below: [],
    avatar: { position: CENTRE, box: FULL, shape: 'normal', backdrop: 'transparent' },
    above: [],
    caption: { style: 'normal-black', offset: { x: 0, y: 0.4 } },
  }),
  /**
   * Presenter beside the picture like a weather map: the product whole in its own part of the
   * frame (over a blurred fill of itself), the presenter below it (tall) or beside it, never over it.
   */
  GreenScreenEffect: (s) => {
    const place = GREEN_SCREEN_PLACES[s.aspectRatio];
    return {
      background: s.picture ? { ...pictureBackground(s), fit: 'backdrop' } as SceneBackground : pictureBackground(s),
      below: s.picture ? [pictureLayer(s.picture, place.product.box, place.product.position, 'normal', 'contain')] : [],
      avatar: { ...place.presenter, shape: 'normal', backdrop: 'transparent' },
      above: [],
      caption: { style: 'toons', offset: place.caption },
    };
  },
  /** The product fills the frame; the presenter is a small ringed bubble in the lower-left corner. */
  FullProduct: (s) => {
    const box = square(s.aspectRatio, 0.3);
    const position = corner(box, 'bottom-left', s.aspectRatio);
    return {
      background: pictureBackground(s),
      below: [ring(s, box, position)],
      avatar: { position, box, shape: 'circle', backdrop: 'scene' },
      above: [],
      caption: { style: 'neo', offset: { x: 0, y: 0.12 } },
    };
  },
  /** A large round lens over the picture with the presenter inside it. */
  MagnifyingGlassCircle: (s) => {
    const box = square(s.aspectRatio, 0.62);
    const position = { x: 0, y: 0.1 };
    return {
      background: pictureBackground(s),
      below: [ring(s, box, position)],
      avatar: { position, box, shape: 'circle', backdrop: 'scene' },
      above: [],
      caption: { style: 'mint', offset: { x: 0, y: -0.36 } },
    };
  },
  /** The other way round: the presenter fills the frame, the picture sits in a round lens. */
  ReverseMagnifyingGlassCircle: (s) => {
    const box = square(s.aspectRatio, 0.42);
    const position = corner(box, 'top-right', s.aspectRatio);
    return {
      background: { kind: 'color', color: STAGE_COLOR },
      below: [],
      avatar: { position: CENTRE, box: FULL, shape: 'normal', backdrop: 'scene' },
      above: s.picture ? [ring(s, box, position), pictureLayer(s.picture, box, position, 'circle')] : [],
      caption: { style: 'neo', offset: { x: 0, y: 0.36 } },
    };
  },
  /** The product alone, darkened and slowly zooming, with big centred captions; the avatar is only a voice. */
  DramaticFullProduct: (s) => ({
    background: pictureBackground(s, 'zoom-in'),
    below: [],
    avatar: null,
    above: [{ kind: 'image', path: s.decorate('tint', FULL), box: FULL }],
    caption: { style: 'mystique', offset: { x: 0, y: 0 }, font_size: 90 },
  }),
  /** Cinema: darkened picture, the presenter over it, black bars above and below. */
  Dramatic: (s) => ({
    background: pictureBackground(s),
    below: [{ kind: 'image', path: s.decorate('tint', FULL), box: FULL }],
    avatar: { position: { x: 0, y: 0.04 }, box: { width: 0.92, height: 0.92 }, shape: 'normal', backdrop: 'transparent' },
    above: [{ kind: 'image', path: s.decorate('letterbox', FULL), box: FULL }],
    caption: { style: 'glow', offset: { x: 0, y: 0.3 } },
  }),
  /** Split screen: the picture on top, the presenter's panel below, captions on the seam. */
  UpAndDown: (s) => ({
    background: { kind: 'color', color: STAGE_COLOR },
    below: s.picture ? [pictureLayer(s.picture, { width: 1, height: 0.5 }, { x: 0, y: -0.25 })] : [],
    avatar: { position: { x: 0, y: 0.25 }, box: { width: 1, height: 0.5 }, shape: 'normal', backdrop: 'scene' },
    above: [],
    caption: { style: 'brick', offset: { x: 0, y: 0 } },
  }),
  /** Split screen: the picture on the left, the presenter's panel on the right. */
  SideBySide: (s) => ({
    background: { kind: 'color', color: STAGE_COLOR },
    below: s.picture ? [pictureLayer(s.picture, { width: 0.5, height: 1 }, { x: -0.25, y: 0 })] : [],
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
      above: s.picture ? [{ kind: 'image', path: s.decorate('card', card), box: card, position }, pictureLayer(s.picture, inner, position, 'normal', 'contain')] : [],
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
    const nameX = headPosition.x + head.width / 2 + rect(s.aspectRatio, 0.2, 0).width;
    return {
      background: { kind: 'color', color: '#FFFFFF' },
      below: s.picture ? [{ kind: 'image', path: s.decorate('card', media), box: media, position: mediaPosition }, pictureLayer(s.picture, media, mediaPosition, 'normal', 'contain')] : [],
      avatar: { position: headPosition, box: head, shape: 'circle', backdrop: 'scene' },
      above: [
        { kind: 'text', text: shorten(s.avatarName, 22), color: '#0F1419', position: { x: nameX, y: headPosition.y - head.height * 0.15 }, fontSizePx: 46 },
        { kind: 'text', text: `@${handle(s.avatarName)}`, color: '#536471', bold: false, position: { x: nameX, y: headPosition.y + head.height * 0.2 }, fontSizePx: 36 },
      ],
      caption: { style: 'normal-white', offset: { x: 0, y: wide ? -0.17 : -0.2 } },
    };
  },
};

/** Contract names drawn with another layout. */
/** GreenScreenEffect's parts: product and presenter side by side (or stacked), captions clear of the presenter's face. */
export const GREEN_SCREEN_PLACES: Record<AspectRatio, { product: { position: Offset; box: Box }; presenter: { position: Offset; box: Box }; caption: Offset }> = {
  '9:16': { product: { position: { x: 0, y: -0.25 }, box: { width: 0.94, height: 0.46 } }, presenter: { position: { x: 0, y: 0.27 }, box: { width: 0.92, height: 0.46 } }, caption: { x: 0, y: 0 } },
  '16:9': { product: { position: { x: -0.22, y: -0.02 }, box: { width: 0.52, height: 0.8 } }, presenter: { position: { x: 0.27, y: 0.06 }, box: { width: 0.42, height: 0.88 } }, caption: { x: -0.22, y: 0.4 } },
  '1:1': { product: { position: { x: -0.23, y: -0.05 }, box: { width: 0.48, height: 0.8 } }, presenter: { position: { x: 0.25, y: 0.15 }, box: { width: 0.46, height: 0.7 } }, caption: { x: -0.23, y: 0.4 } },
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

/** Frame proportions, enough to turn sizes given on the short side into frame fractions. */
const FRAME_UNITS: Record<AspectRatio, { width: number; height: number }> = {
  '16:9': { width: 16, height: 9 },
  '9:16': { width: 9, height: 16 },
  '1:1': { width: 1, height: 1 },
};

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

function shorten(text: string, maxChars: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= maxChars ? clean : `${clean.slice(0, maxChars - 1).trim()}…`;
}

function handle(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 15) || 'presenter';
}
