import type { CaptionSettingInput } from '../../media/captions/caption-setting.js';
import type { AspectRatio, BackgroundMotion, Layer, Scene, SceneBackground, TransitionKind } from '../../media/timeline.js';
import type { AdMaterials } from './ad-materials.js';
import type { Box } from './avatar-scenes/scene-styles.js';
import { freeArea, overlaps, placementOf, rectOf, scaledLayerRect, type FrameRect } from './product-area.js';
import { captionRect, inset, layerRect, motionSafe, placedCaption, TEXT_ZONES, within } from './layout-zones.js';
import { planSceneCuts, type SceneCut } from './scene-cuts.js';
import { readableOn } from '../images/text/text-plate.js';
import { shortProductName } from '../text/short-name.js';
import { withEndCard } from './end-card.js';
import { boxPx, labelPlate, layoutFrame, plateLayers, type FramePlace } from './frame-text.js';

/** What a visual style contributes to a timeline: the scenes, layers over them, its caption look. */
export interface StyledVideo {
  scenes: Scene[];
  layers: Layer[];
  caption: CaptionSettingInput;
}

type Layout = (m: AdMaterials) => StyledVideo;

const MOTIONS: BackgroundMotion[] = ['zoom-in', 'slide-left', 'zoom-out', 'throb', 'wobble'];
const SWIPES: TransitionKind[] = ['leftSwipe', 'topSwipe', 'rightSwipe', 'bottomSwipe'];

/**
 * The visual styles built here, each a genuinely different arrangement of the same materials.
 * Names are the contract's; the other names of its list map onto the nearest of these
 * (see STYLE_ALIASES) so every documented value gives a video.
 */
export const LAYOUTS: Record<string, Layout> = {
  AvatarBubbleTemplate: (m) => {
    const layers = avatarLayer(m, { position: corner(m, 'bottom-left'), scale: 0.34, shape: 'circle' });
    const caption = besideBubble(m, { style: 'neo', offset: { x: 0, y: 0.18 } }, 'bottom-left');
    return {
      scenes: productScenes(m, 3, (i) => ({ motion: MOTIONS[i % MOTIONS.length]!, transition: 'fade' }), 0.4, [
        ...presenterRects(m, layers),
        captionRect(m.aspectRatio, caption),
      ]),
      layers,
      caption,
    };
  },
  FullScreenTemplate: (m) => {
    const caption = placedCaption(m.aspectRatio, { style: 'normal-white', offset: { x: 0, y: 0.32 } });
    const layers = logoLayer(m);
    return {
      scenes: productScenes(m, 2.5, (i) => ({ motion: MOTIONS[i % MOTIONS.length]!, transition: 'fade' }), 0.4, [
        ...layerRects(m, layers),
        captionRect(m.aspectRatio, caption),
      ]),
      layers,
      caption,
    };
  },
  QuickTransitionTemplate: (m) => {
    const layers = avatarLayer(m, { position: corner(m, 'bottom-right'), scale: 0.3, shape: 'circle' });
    const caption = besideBubble(m, { style: 'frenzy', offset: { x: 0, y: 0.05 } }, 'bottom-right');
    return {
      scenes: productScenes(m, 1.3, (i) => ({ motion: i % 2 ? 'zoom-in' : 'zoom-out', transition: SWIPES[i % SWIPES.length]! }), 0.2, [
        ...presenterRects(m, layers),
        captionRect(m.aspectRatio, caption),
      ]),
      layers,
      caption,
    };
  },
  SideBySideTemplate: (m) => {
    const caption: CaptionSettingInput = { style: 'brick', offset: { x: 0, y: 0.38 } };
    return { ...splitScenes(m, 'horizontal', caption), caption };
  },
  TopBottomTemplate: (m) => {
    const caption: CaptionSettingInput = { style: 'mustard', offset: { x: 0, y: 0 } };
    return { ...splitScenes(m, 'vertical', caption), caption };
  },
  VanillaTemplate: (m) => {
    const caption = { style: 'normal-black', offset: { x: 0, y: 0.35 } };
    const layers = logoLayer(m);
    return { scenes: avatarScenes(m, 4, false, [...layerRects(m, layers), captionRect(m.aspectRatio, caption)]), layers, caption };
  },
  EnhancedVanillaTemplate: (m) => {
    const caption = { style: 'glow', offset: { x: 0, y: 0.35 } };
    const layers = logoLayer(m);
    return { scenes: avatarScenes(m, 3, true, [...layerRects(m, layers), captionRect(m.aspectRatio, caption)]), layers, caption };
  },
  DramaticTemplate: (m) => {
    // A dark panel under the white headline: the picture behind it may be light.
    const layers = headlineLayers(m, '#FFFFFF', '#000000A0');
    const caption = placedCaption(m.aspectRatio, { style: 'mystique', offset: { x: 0, y: 0.36 } });
    return {
      scenes: productScenes(m, 3.5, () => ({ motion: 'zoom-in', transition: 'fade' }), 0.8, [...layerRects(m, layers), captionRect(m.aspectRatio, caption)]),
      layers,
      caption,
    };
  },
  MotionCardsTemplate: (m) => {
    const avatar = avatarLayer(m, { position: corner(m, 'bottom-right'), scale: 0.28, shape: 'circle' });
    const labels = highlightLayers(m);
    const caption = placedCaption(m.aspectRatio, { style: 'bilo', offset: { x: 0, y: 0.38 } });
    return {
      scenes: cardScenes(m, 2.5, m.palette.primary, 'leftSwipe', [...presenterRects(m, avatar), ...layerRects(m, labels), captionRect(m.aspectRatio, caption)]),
      layers: [...labels, ...avatar],
      caption,
    };
  },
  FeatureHighlightTemplate: (m) => {
    const layers = [...highlightLayers(m, m.palette.accent), ...logoLayer(m)];
    const caption = placedCaption(m.aspectRatio, { style: 'caution', offset: { x: 0, y: 0.36 } });
    return {
      scenes: productScenes(m, 3, (i) => ({ motion: i % 2 ? 'slide-left' : 'zoom-in', transition: 'topSwipe' }), 0.4, [
        ...layerRects(m, layers),
        captionRect(m.aspectRatio, caption),
      ]),
      layers,
      caption,
    };
  },
  GreenScreenEffectTemplate: (m) => {
    const layers = greenScreenLayers(m);
    const caption = { style: 'toons', offset: GREEN_SCREEN_CAPTION[m.aspectRatio] };
    return {
      // The presenter stands beside (wide) or below (tall) the product, never over it.
      scenes: productScenes(m, 3.5, (i) => ({ motion: MOTIONS[(i + 2) % MOTIONS.length]!, transition: 'fade' }), 0.4, [
        ...presenterRects(m, layers),
        captionRect(m.aspectRatio, caption),
      ]),
      layers,
      caption,
    };
  },
  TwitterFrameTemplate: (m) => {
    const avatar = avatarLayer(m, { position: corner(m, 'bottom-left'), scale: 0.26, shape: 'circle' });
    const headline = headlineLayers(m, '#0F1419', undefined);
    const caption = placedCaption(m.aspectRatio, { style: 'normal-black', offset: { x: 0, y: 0.4 } });
    return {
      scenes: cardScenes(m, 3.5, '#FFFFFF', 'fade', [...presenterRects(m, avatar), ...layerRects(m, headline), captionRect(m.aspectRatio, caption)]),
      layers: [...headline, ...avatar],
      caption,
    };
  },
};

/** The contract's other visual style names, drawn with the nearest built layout. */
export const STYLE_ALIASES: Record<string, string> = {
  DynamicGreenScreenEffect: 'GreenScreenEffectTemplate',
  DynamicProductTemplate: 'FullScreenTemplate',
  DynamicResponseBubbleTemplate: 'AvatarBubbleTemplate',
  FullScreenV2Template: 'FullScreenTemplate',
  LegoTemplate: 'QuickTransitionTemplate',
  OverCardsTemplate: 'MotionCardsTemplate',
  QuickFrameTemplate: 'QuickTransitionTemplate',
  ScribbleTemplate: 'FeatureHighlightTemplate',
  SimpleAvatarOverlayTemplate: 'AvatarBubbleTemplate',
  VlogTemplate: 'VanillaTemplate',
  SmartAdsTemplate: 'FeatureHighlightTemplate',
  StandardAdsTemplate: 'FullScreenTemplate',
  LegoVisualEmotional: 'DramaticTemplate',
  LegoVisualCutePets: 'MotionCardsTemplate',
  LegoVisualAvatarFocusIntro: 'EnhancedVanillaTemplate',
};

export const DEFAULT_VISUAL_STYLE = 'AvatarBubbleTemplate';

/** Every accepted name: built layouts, aliases and the contract's LegoScript… hook styles. */
export function isVisualStyle(name: string): boolean {
  return name in LAYOUTS || name in STYLE_ALIASES || /^LegoScript[A-Za-z0-9]+$/.test(name);
}

export function visualStyleNames(): string[] {
  return [...Object.keys(LAYOUTS), ...Object.keys(STYLE_ALIASES)];
}

/** The layout a (valid) style name is drawn with. */
export function layoutNameFor(style: string): string {
  if (style in LAYOUTS) return style;
  if (style in STYLE_ALIASES) return STYLE_ALIASES[style]!;
  // LegoScript… names choose a hook script; visually they are quick cuts with text overlays.
  return 'QuickTransitionTemplate';
}

export function layOut(style: string, materials: AdMaterials): StyledVideo {
  const styled = LAYOUTS[layoutNameFor(style)]!(materials);
  return { ...styled, scenes: withEndCard(styled.scenes, materials) };
}

/** What a style needs from the avatar clip maker: the figure alone (alpha) or with its own backdrop, and at what size. */
export interface AvatarClipSpec {
  /** Ask for a transparent background (the figure cut out, VP9 with alpha). */
  cutOut: boolean;
  /** The clip's size in fractions of the frame; null: the default 3:4 portrait at frame height. */
  box: Box | null;
}

/**
 * The clip a style asks for. `canCutOut`: the avatar can be drawn without its backdrop (drawn
 * avatars can; photo avatars cannot — nothing separates the person from the photo's background).
 */
export function avatarClipSpec(style: string, aspectRatio: AspectRatio, canCutOut: boolean): AvatarClipSpec {
  if (layoutNameFor(style) !== 'GreenScreenEffectTemplate') return { cutOut: false, box: null };
  return canCutOut ? { cutOut: true, box: GREEN_SCREEN_FIGURE[aspectRatio].box } : { cutOut: false, box: GREEN_SCREEN_CARD[aspectRatio].box };
}

export interface Placement {
  box: Box;
  position: { x: number; y: number };
}

/**
 * Where the cut-out presenter stands, on the frame's bottom edge and clear of the product:
 * the lower part of a tall frame (the product above), the right side of a wide one, the lower
 * right of a square (the product on the left). Boxes are portrait (about 5:6 in pixels) so the head and
 * shoulders of a drawn avatar fill them.
 */
export const GREEN_SCREEN_FIGURE: Record<AspectRatio, Placement> = {
  '9:16': { box: { width: 0.92, height: 0.46 }, position: { x: 0, y: 0.27 } },
  '16:9': { box: { width: 0.42, height: 0.88 }, position: { x: 0.27, y: 0.06 } },
  '1:1': { box: { width: 0.46, height: 0.7 }, position: { x: 0.25, y: 0.15 } },
};

/** Captions on the seam between product and presenter (tall), or over the product's lower edge elsewhere. */
const GREEN_SCREEN_CAPTION: Record<AspectRatio, { x: number; y: number }> = {
  '9:16': { x: 0, y: 0.0 },
  '16:9': { x: -0.2, y: 0.38 },
  '1:1': { x: -0.22, y: 0.4 },
};

/** A photo avatar instead: a 3:4 framed photo card tucked into the lower right. */
export const GREEN_SCREEN_CARD: Record<AspectRatio, Placement> = {
  '9:16': { box: { width: 0.454, height: 0.34 }, position: { x: 0.233, y: 0.28 } },
  '16:9': { box: { width: 0.236, height: 0.56 }, position: { x: 0.352, y: 0.16 } },
  '1:1': { box: { width: 0.346, height: 0.46 }, position: { x: 0.2875, y: 0.22 } },
};

/**
 * GreenScreenEffect: a clip with alpha (or a keyable colour) is the presenter alone, laid over
 * the product pictures with nothing of their room; a clip without either is a photo avatar,
 * shown as a framed card instead.
 */
function greenScreenLayers(m: AdMaterials): Layer[] {
  const avatar = m.avatar;
  if (!avatar) return [];
  const timing = { startSeconds: 0, endSeconds: m.speechEndSeconds };
  if (avatar.hasAlpha || avatar.chromaKeyColor) {
    const { box, position } = GREEN_SCREEN_FIGURE[m.aspectRatio];
    return [
      {
        kind: 'avatar',
        path: avatar.path,
        box,
        position,
        fit: 'contain',
        chromaKeyColor: avatar.hasAlpha ? undefined : avatar.chromaKeyColor,
        ...timing,
      },
    ];
  }
  const { box, position } = GREEN_SCREEN_CARD[m.aspectRatio];
  const frame = { width: box.width * 1.07, height: box.height * 1.05 };
  return [
    ...(m.decorate ? [{ kind: 'image' as const, path: m.decorate('card', frame), box: frame, position, ...timing }] : []),
    { kind: 'avatar', path: avatar.path, box, position, fit: 'crop', ...timing },
  ];
}

// ---- building blocks ------------------------------------------------------------------------

interface SceneLook {
  motion: BackgroundMotion | null;
  transition: TransitionKind;
}

/** Scenes of the spoken part, cut between phrases. */
function spokenCuts(m: AdMaterials, targetSceneSeconds: number): SceneCut[] {
  return planSceneCuts(m.words, m.durationSeconds - m.endCardSeconds, targetSceneSeconds);
}

/** Product pictures keep all of themselves (see BackgroundFit 'whole'); shop clips too. */
function pictureAt(m: AdMaterials, i: number): SceneBackground {
  const media = [...m.images.map((path) => ({ kind: 'image' as const, path })), ...m.videos.map((path) => ({ kind: 'video' as const, path }))];
  if (media.length === 0) return { kind: 'color', color: m.palette.primary };
  const item = media[i % media.length]!;
  return item.kind === 'image' ? { kind: 'image', path: item.path, fit: 'whole' } : { kind: 'video', path: item.path, fit: 'whole' };
}

/**
 * Product pictures, one per scene, each with its own motion, full bleed: each is a product shot
 * (product-shot.ts) filling the frame, the photo cropped around the product where its shape
 * allows, else the product cut out over a backdrop in its colours, and either way the product's
 * box inside the part of the frame that `avoid` (words, logo, captions, the presenter) leaves
 * free, through the whole move. Shop clips fill the frame, or stand whole in that part.
 */
function productScenes(
  m: AdMaterials,
  sceneSeconds: number,
  look: (i: number) => SceneLook,
  transitionSeconds = 0.4,
  avoid: (FrameRect | null)[] = [],
): Scene[] {
  const zone = productZone(m, avoid);
  return spokenCuts(m, sceneSeconds).map((cut, i) => {
    const { motion, transition } = look(i);
    const bg = pictureAt(m, i);
    const durationSeconds = cut.endSeconds - cut.startSeconds;
    const transitionOut = { kind: transition, durationSeconds: transitionSeconds };
    if (bg.kind === 'color') return { durationSeconds, background: bg, transitionOut };
    if (bg.kind === 'image') return { durationSeconds, ...productShot(m, bg.path, FULL_FRAME, zone, motion), transitionOut };
    const { position, box } = placementOf(zone);
    return {
      durationSeconds,
      background: { ...bg, fit: 'backdrop', motion },
      layers: [{ kind: 'video', path: bg.path, position, box, fit: 'contain', loop: true }],
      layersInScene: true,
      transitionOut,
    };
  });
}

const FULL_FRAME: FrameRect = { x0: 0, y0: 0, x1: 1, y1: 1 };

/** The part of the frame the product keeps: the largest free of every obstacle. */
export function productZone(m: Pick<AdMaterials, 'aspectRatio'>, avoid: readonly (FrameRect | null)[]): FrameRect {
  const obstacles = avoid.filter((r): r is FrameRect => r !== null);
  return freeArea(m.aspectRatio, obstacles, 0.025) ?? { x0: 0.1, y0: 0.25, x1: 0.9, y1: 0.75 };
}

/**
 * A product shot filling `area` of the frame (a background when it is the whole frame, a layer
 * otherwise), the product whole inside `zone`. Without decorations (plans built for tests) the
 * photo stands whole in the zone over the brand colour.
 */
function productShot(
  m: AdMaterials,
  picture: string,
  area: FrameRect,
  zone: FrameRect,
  motion: BackgroundMotion | null,
  mode: 'fill' | 'designed' = 'fill',
): Pick<Scene, 'background' | 'layers' | 'layersInScene'> {
  const full = area === FULL_FRAME;
  const keep = within(area, full ? motionSafe(zone, motion) : zone);
  if (m.decorate) {
    const place = placementOf(area);
    const request = { picture, keep, palette: m.palette, ...(mode === 'designed' ? { mode } : {}) };
    if (full && motion) {
      // Parallax: the backdrop moves with the scene's motion, the cut-out product stands still over it
      // (a cropped photo is all backdrop and its product part is empty).
      const backdrop = m.decorate('shot', place.box, { ...request, part: 'backdrop' });
      const product = m.decorate('shot', place.box, { ...request, part: 'product' });
      return {
        background: { kind: 'image', path: backdrop, fit: 'crop', motion },
        layers: [{ kind: 'image', path: product, box: place.box, position: place.position, fit: 'crop' }],
        layersInScene: true,
      };
    }
    const path = m.decorate('shot', place.box, request);
    if (full) return { background: { kind: 'image', path, fit: 'crop', motion } };
    return { background: { kind: 'color', color: m.palette.primary }, layers: [{ kind: 'image', path, ...place, fit: 'crop' }], layersInScene: true };
  }
  return {
    background: { kind: 'color', color: m.palette.primary },
    layers: [{ kind: 'image', path: picture, ...placementOf(zone), fit: 'contain' }],
    layersInScene: true,
  };
}

/** Where the presenter's layers stand in the frame. */
function presenterRects(m: AdMaterials, layers: Layer[]): FrameRect[] {
  return layers.flatMap((l) => {
    if (l.kind !== 'avatar' && !(l.kind === 'image' && l.box)) return [];
    const position = l.position ?? { x: 0, y: 0 };
    return [l.box ? rectOf(position, l.box) : scaledLayerRect(m.aspectRatio, position, l.scale ?? 1, l.shape === 'circle')];
  });
}

/** Where any layers stand in the frame (text plates, logos). */
function layerRects(m: AdMaterials, layers: Layer[]): FrameRect[] {
  return layers.flatMap((l) => {
    const r = layerRect(m.aspectRatio, l);
    return r ? [r] : [];
  });
}

/**
 * A coloured stage with the product as a card on it: a product shot of the card's shape (the photo
 * filling the card around the product where it can), in the largest part the words leave free.
 */
function cardScenes(m: AdMaterials, sceneSeconds: number, stage: string, transition: TransitionKind, avoid: (FrameRect | null)[]): Scene[] {
  const zone = productZone(m, avoid);
  const card = inset(zone, 0.01);
  return spokenCuts(m, sceneSeconds).map((cut, i) => {
    const picture = m.images.length > 0 ? m.images[i % m.images.length]! : null;
    const shot = picture ? productShot(m, picture, card, inset(card, 0.015), null) : null;
    return {
      durationSeconds: cut.endSeconds - cut.startSeconds,
      background: { kind: 'color', color: stage },
      layers: shot?.layers ?? [],
      layersInScene: true,
      transitionOut: { kind: transition, durationSeconds: 0.4 },
    };
  });
}

/**
 * The frame split in two: the product in the first half (a shot filling it), the presenter filling
 * the second, or a second photo there when there is no presenter. Tall frames split top and bottom
 * whatever the style's name says: halves of a tall frame side by side are too narrow for a product.
 */
function splitScenes(m: AdMaterials, direction: 'horizontal' | 'vertical', captionInput: CaptionSettingInput): { scenes: Scene[]; layers: Layer[] } {
  const dir = m.aspectRatio === '9:16' ? 'vertical' : direction === 'vertical' && m.aspectRatio === '16:9' ? 'horizontal' : direction;
  const first: FrameRect = dir === 'horizontal' ? { x0: 0, y0: 0, x1: 0.5, y1: 1 } : { x0: 0, y0: 0, x1: 1, y1: 0.5 };
  const second: FrameRect = dir === 'horizontal' ? { x0: 0.5, y0: 0, x1: 1, y1: 1 } : { x0: 0, y0: 0.5, x1: 1, y1: 1 };
  const caption = captionRect(m.aspectRatio, captionInput);
  // The product's part of a half: the half less the captions' band (the larger side of it).
  const zoneIn = (half: FrameRect) => {
    const r = inset(half, 0.02);
    if (!caption || !overlaps(r, caption)) return r;
    const above = { ...r, y1: Math.min(r.y1, caption.y0 - 0.015) };
    const below = { ...r, y0: Math.max(r.y0, caption.y1 + 0.015) };
    return above.y1 - above.y0 >= below.y1 - below.y0 ? above : below;
  };
  const layers: Layer[] = m.avatar
    ? [
        {
          kind: 'avatar',
          path: m.avatar.path,
          ...placementOf(second),
          fit: 'crop',
          chromaKeyColor: m.avatar.hasAlpha ? undefined : m.avatar.chromaKeyColor,
          startSeconds: 0,
          endSeconds: m.speechEndSeconds,
        },
      ]
    : [];
  const scenes = spokenCuts(m, 3).map((cut, i): Scene => {
    const n = m.images.length;
    const picture = n > 0 ? m.images[i % n]! : null;
    const other = n > 1 ? m.images[(i + 1) % n]! : null;
    const shots = [
      ...(picture ? (productShot(m, picture, first, zoneIn(first), null).layers ?? []) : []),
      ...(!m.avatar && other ? (productShot(m, other, second, zoneIn(second), null).layers ?? []) : []),
    ];
    return {
      durationSeconds: cut.endSeconds - cut.startSeconds,
      background: { kind: 'color', color: i % 2 ? m.palette.primary : m.palette.accent },
      layers: shots,
      layersInScene: true,
      transitionOut: { kind: dir === 'horizontal' ? 'leftSwipe' : 'topSwipe', durationSeconds: 0.3 },
    };
  });
  return { scenes, layers };
}

/**
 * The avatar fills the frame (its clip as the scene background, kept in step with the voice),
 * with the product popping in as a card clear of the logo and the captions; `enhanced`
 * alternates with full-bleed product shots.
 */
function avatarScenes(m: AdMaterials, sceneSeconds: number, enhanced: boolean, avoid: (FrameRect | null)[]): Scene[] {
  const avatar = m.avatar;
  if (!avatar) return productScenes(m, sceneSeconds, (i) => ({ motion: MOTIONS[i % MOTIONS.length]!, transition: 'fade' }), 0.4, avoid);
  const zone = productZone(m, avoid);
  // The card: a square-ish share of the upper right of the free part, so the presenter's face (centre) stays clear.
  const f = layoutFrame(m.aspectRatio);
  const side = Math.min((zone.x1 - zone.x0) * f.width, (zone.y1 - zone.y0) * f.height, f.short * 0.46);
  const card: FrameRect = { x0: zone.x1 - side / f.width, y0: zone.y0, x1: zone.x1, y1: zone.y0 + side / f.height };
  return spokenCuts(m, sceneSeconds).map((cut, i) => {
    const picture = m.images.length > 0 ? m.images[i % m.images.length]! : null;
    const durationSeconds = cut.endSeconds - cut.startSeconds;
    if (enhanced && i % 2 === 1 && picture) {
      return { durationSeconds, ...productShot(m, picture, FULL_FRAME, zone, 'zoom-in'), transitionOut: { kind: 'fade', durationSeconds: 0.3 } };
    }
    const pop = picture && i % 2 === 1 ? (productShot(m, picture, card, inset(card, 0.01), null).layers ?? []).map((l) => ({ ...l, startSeconds: 0.3 })) : [];
    return {
      durationSeconds,
      background: { kind: 'video', path: avatar.path, fit: 'crop', loop: false, sourceStartSeconds: cut.startSeconds },
      layers: pop,
      transitionOut: null,
    };
  });
}

function avatarLayer(m: AdMaterials, place: { position: { x: number; y: number }; scale: number; shape?: 'normal' | 'circle' }): Layer[] {
  if (!m.avatar) return [];
  return [
    {
      kind: 'avatar',
      path: m.avatar.path,
      position: place.position,
      scale: place.scale,
      shape: place.shape ?? 'normal',
      chromaKeyColor: m.avatar.hasAlpha ? undefined : m.avatar.chromaKeyColor,
      startSeconds: 0,
      endSeconds: m.speechEndSeconds,
    },
  ];
}

/** The logo in its place of the frame (TEXT_ZONES), until the end card shows it again. */
function logoLayer(m: AdMaterials): Layer[] {
  if (!m.logoPath) return [];
  return [{ kind: 'logo', path: m.logoPath, ...TEXT_ZONES[m.aspectRatio].logo, endSeconds: m.durationSeconds - m.endCardSeconds }];
}

/** The headline (the product's name) in the label place for the first seconds, fitted to it. */
function headlineLayers(m: AdMaterials, color: string, background: string | undefined): Layer[] {
  const { short } = layoutFrame(m.aspectRatio);
  const place = labelPlace(m, 0.2);
  const shortName = shortProductName(m.headline);
  const plate = labelPlate(m.headline, boxPx(m.aspectRatio, place.box), {
    color,
    panel: background,
    maxPx: short * 0.075,
    minPx: short * 0.042,
    maxLines: m.aspectRatio === '9:16' ? 2 : 3,
    shorter: shortName !== m.headline ? [shortName] : [],
  });
  return plateLayers(place, plate, m.decorate, { startSeconds: 0, endSeconds: Math.min(4, m.speechEndSeconds) });
}

/** One highlight per spoken scene-length stretch, as a label on a coloured panel in the label place. */
function highlightLayers(m: AdMaterials, background = '#000000B0'): Layer[] {
  const lines = m.highlights.length > 0 ? m.highlights : [m.headline];
  const cuts = planSceneCuts(m.words, m.speechEndSeconds, Math.max(2.5, m.speechEndSeconds / Math.min(lines.length, 6)));
  const { short } = layoutFrame(m.aspectRatio);
  const place = labelPlace(m, 0.26);
  return cuts.flatMap((cut, i) => {
    const plate = labelPlate(lines[i % lines.length]!, boxPx(m.aspectRatio, place.box), {
      color: readableOn(background),
      panel: background,
      maxPx: short * 0.062,
      minPx: short * 0.038,
      maxLines: m.aspectRatio === '9:16' ? 2 : 3,
    });
    return plateLayers(place, plate, m.decorate, { startSeconds: cut.startSeconds + 0.15, endSeconds: cut.endSeconds });
  });
}

/** A label's place: the top of the frame's label zone, at most `heightShort` short sides high on tall frames. */
function labelPlace(m: AdMaterials, heightShort: number): FramePlace {
  const zone = TEXT_ZONES[m.aspectRatio].label;
  const f = layoutFrame(m.aspectRatio);
  if (m.aspectRatio !== '9:16') return zone;
  const height = Math.min(zone.box.height, (heightShort * f.short) / f.height);
  const top = zone.position.y - zone.box.height / 2;
  return { position: { x: zone.position.x, y: top + height / 2 }, box: { width: zone.box.width, height } };
}

/**
 * Captions of a style with a presenter bubble in a bottom corner: on tall frames on the bottom
 * edge beside the bubble (so the product keeps the middle of the frame), elsewhere in the column.
 */
function besideBubble(m: AdMaterials, caption: CaptionSettingInput, bubble: Corner): CaptionSettingInput {
  if (m.aspectRatio !== '9:16' || !m.avatar) return placedCaption(m.aspectRatio, caption);
  const f = layoutFrame(m.aspectRatio);
  return { ...caption, offset: { x: bubble === 'bottom-left' ? 0.17 : -0.17, y: 0.36 }, max_width: Math.round(0.6 * f.width) };
}

type Corner = 'bottom-left' | 'bottom-right';

/** Bubble centres a little inside the frame's corner, for any aspect. */
function corner(m: AdMaterials, which: Corner): { x: number; y: number } {
  const x = m.aspectRatio === '16:9' ? 0.36 : 0.3;
  const y = m.aspectRatio === '9:16' ? 0.3 : 0.3;
  return { x: which === 'bottom-left' ? -x : x, y };
}
