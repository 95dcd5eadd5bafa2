import type { CaptionSettingInput } from '../../media/captions/caption-setting.js';
import type { AspectRatio, BackgroundMotion, Layer, Scene, SceneBackground, TransitionKind } from '../../media/timeline.js';
import type { AdMaterials } from './ad-materials.js';
import type { Box } from './avatar-scenes/scene-styles.js';
import { freeArea, overlaps as overlapsRect, placementOf, rectOf, scaledLayerRect, type FrameRect } from './product-area.js';
import { planSceneCuts, type SceneCut } from './scene-cuts.js';
import { readableOn } from '../images/text/text-plate.js';
import { shortProductName } from '../text/short-name.js';
import { withEndCard } from './end-card.js';
import { boxPx, labelPlate, layoutFrame, plateLayers } from './frame-text.js';

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
    return {
      scenes: productScenes(m, 3, (i) => ({ motion: MOTIONS[i % MOTIONS.length]!, transition: 'fade' }), 0.4, presenterRects(m, layers)),
      layers,
      caption: { style: 'neo', offset: { x: 0, y: 0.18 } },
    };
  },
  FullScreenTemplate: (m) => ({
    scenes: productScenes(m, 2.5, (i) => ({ motion: MOTIONS[i % MOTIONS.length]!, transition: 'fade' })),
    layers: logoLayer(m),
    caption: { style: 'normal-white', offset: { x: 0, y: 0.32 } },
  }),
  QuickTransitionTemplate: (m) => {
    const layers = avatarLayer(m, { position: corner(m, 'bottom-right'), scale: 0.3, shape: 'circle' });
    return {
      scenes: productScenes(
        m,
        1.3,
        (i) => ({ motion: i % 2 ? 'zoom-in' : 'zoom-out', transition: SWIPES[i % SWIPES.length]! }),
        0.2,
        presenterRects(m, layers),
      ),
      layers,
      caption: { style: 'frenzy', offset: { x: 0, y: 0.05 } },
    };
  },
  SideBySideTemplate: (m) => ({
    scenes: splitScenes(m, 'horizontal'),
    layers: avatarLayer(m, { position: half(m, 'horizontal', 'second'), scale: 0.5 }),
    caption: { style: 'brick', offset: { x: 0, y: 0.38 } },
  }),
  TopBottomTemplate: (m) => ({
    scenes: splitScenes(m, 'vertical'),
    layers: avatarLayer(m, { position: half(m, 'vertical', 'second'), scale: 0.5 }),
    caption: { style: 'mustard', offset: { x: 0, y: 0 } },
  }),
  VanillaTemplate: (m) => ({
    scenes: avatarScenes(m, 4, false),
    layers: logoLayer(m),
    caption: { style: 'normal-black', offset: { x: 0, y: 0.35 } },
  }),
  EnhancedVanillaTemplate: (m) => ({
    scenes: avatarScenes(m, 3, true),
    layers: logoLayer(m),
    caption: { style: 'glow', offset: { x: 0, y: 0.35 } },
  }),
  DramaticTemplate: (m) => ({
    scenes: cardScenes(m, 3.5, '#0B0B0F', 'zoom-in', 'fade', 0.8, 0.9),
    // A dark panel under the white headline: the blurred picture behind it may be light.
    layers: headlineLayers(m, '#FFFFFF', '#000000A0', { x: 0, y: -0.36 }),
    caption: { style: 'mystique', offset: { x: 0, y: 0.36 } },
  }),
  MotionCardsTemplate: (m) => {
    const avatar = avatarLayer(m, { position: corner(m, 'bottom-right'), scale: 0.28, shape: 'circle' });
    return {
      scenes: cardScenes(m, 2.5, m.palette.primary, null, 'leftSwipe', 0.62, 0.35, presenterRects(m, avatar)),
      layers: [...highlightLayers(m, { x: 0, y: -0.34 }), ...avatar],
      caption: { style: 'bilo', offset: { x: 0, y: 0.38 } },
    };
  },
  FeatureHighlightTemplate: (m) => ({
    scenes: productScenes(m, 3, (i) => ({ motion: i % 2 ? 'slide-left' : 'zoom-in', transition: 'topSwipe' })),
    layers: [...highlightLayers(m, { x: 0, y: -0.3 }, m.palette.accent), ...logoLayer(m)],
    caption: { style: 'caution', offset: { x: 0, y: 0.36 } },
  }),
  GreenScreenEffectTemplate: (m) => {
    const layers = greenScreenLayers(m);
    return {
      // The presenter stands beside (wide) or below (tall) the product, never over it.
      scenes: productScenes(m, 3.5, (i) => ({ motion: MOTIONS[(i + 2) % MOTIONS.length]!, transition: 'fade' }), 0.4, presenterRects(m, layers)),
      layers,
      caption: { style: 'toons', offset: GREEN_SCREEN_CAPTION[m.aspectRatio] },
    };
  },
  TwitterFrameTemplate: (m) => {
    const avatar = avatarLayer(m, { position: corner(m, 'bottom-left'), scale: 0.26, shape: 'circle' });
    return {
      scenes: cardScenes(m, 3.5, '#FFFFFF', null, 'fade', 0.72, 0.15, presenterRects(m, avatar)),
      layers: [...headlineLayers(m, '#0F1419', undefined, { x: 0, y: -0.38 }), ...avatar],
      caption: { style: 'normal-black', offset: { x: 0, y: 0.4 } },
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
 * Product pictures, one per scene, each with its own motion: full-frame, or, when something
 * stands in the frame (`avoid`: the presenter), contained in the part it leaves free over a
 * blurred fill of the same picture, drawn into the scene so transitions carry it.
 */
function productScenes(m: AdMaterials, sceneSeconds: number, look: (i: number) => SceneLook, transitionSeconds = 0.4, avoid: FrameRect[] = []): Scene[] {
  const area = avoid.length > 0 ? freeArea(m.aspectRatio, avoid) : null;
  return spokenCuts(m, sceneSeconds).map((cut, i) => {
    const { motion, transition } = look(i);
    const bg = pictureAt(m, i);
    const durationSeconds = cut.endSeconds - cut.startSeconds;
    const transitionOut = { kind: transition, durationSeconds: transitionSeconds };
    if (bg.kind === 'color') return { durationSeconds, background: bg, transitionOut };
    if (!area) return { durationSeconds, background: { ...bg, motion }, transitionOut };
    const { position, box } = placementOf(area);
    const layer: Layer =
      bg.kind === 'image'
        ? { kind: 'image', path: bg.path, position, box, fit: 'contain' }
        : { kind: 'video', path: bg.path, position, box, fit: 'contain', loop: true };
    return { durationSeconds, background: { ...bg, fit: 'backdrop', motion }, layers: [layer], layersInScene: true, transitionOut };
  });
}

/** Where the presenter's layers stand in the frame. */
function presenterRects(m: AdMaterials, layers: Layer[]): FrameRect[] {
  return layers.flatMap((l) => {
    if (l.kind !== 'avatar' && !(l.kind === 'image' && l.box)) return [];
    const position = l.position ?? { x: 0, y: 0 };
    return [l.box ? rectOf(position, l.box) : scaledLayerRect(m.aspectRatio, position, l.scale ?? 1, l.shape === 'circle')];
  });
}

/** A coloured stage with the product as a card on it (contained, not cropped). */
function cardScenes(
  m: AdMaterials,
  sceneSeconds: number,
  stage: string,
  motion: BackgroundMotion | null,
  transition: TransitionKind,
  cardScale: number,
  cardY: number,
  avoid: FrameRect[] = [],
): Scene[] {
  const wanted = scaledLayerRect(m.aspectRatio, { x: 0, y: cardY - 0.5 + cardScale / 2 }, cardScale, false);
  // The card where the style puts it unless the presenter stands there; then in the free part.
  const area = avoid.some((r) => overlapsRect(r, wanted)) ? freeArea(m.aspectRatio, avoid) : null;
  const place = area ? placementOf(area) : { position: { x: 0, y: cardY - 0.5 + cardScale / 2 } };
  return spokenCuts(m, sceneSeconds).map((cut, i) => {
    const picture = m.images.length > 0 ? m.images[i % m.images.length]! : null;
    const layers: Layer[] = picture
      ? [{ kind: 'image', path: picture, ...(area ? { box: placementOf(area).box } : { scale: cardScale }), position: place.position }]
      : [];
    const background: SceneBackground = motion && picture ? { kind: 'image', path: picture, fit: 'contain', motion } : { kind: 'color', color: stage };
    return {
      durationSeconds: cut.endSeconds - cut.startSeconds,
      background,
      layers: background.kind === 'image' ? [] : layers,
      transitionOut: { kind: transition, durationSeconds: 0.4 },
    };
  });
}

/** The frame split in two: the product in the first half, the avatar (a layer) in the second. */
function splitScenes(m: AdMaterials, direction: 'horizontal' | 'vertical'): Scene[] {
  return spokenCuts(m, 3).map((cut, i) => {
    const picture = m.images.length > 0 ? m.images[i % m.images.length]! : null;
    return {
      durationSeconds: cut.endSeconds - cut.startSeconds,
      background: { kind: 'color', color: i % 2 ? m.palette.primary : m.palette.accent },
      layers: picture ? [{ kind: 'image', path: picture, scale: 0.5, position: half(m, direction, 'first') }] : [],
      transitionOut: { kind: direction === 'horizontal' ? 'leftSwipe' : 'topSwipe', durationSeconds: 0.3 },
    };
  });
}

/**
 * The avatar fills the frame (its clip as the scene background, kept in step with the voice),
 * with the product popping in as a card; `enhanced` alternates with full-screen product shots.
 */
function avatarScenes(m: AdMaterials, sceneSeconds: number, enhanced: boolean): Scene[] {
  const avatar = m.avatar;
  if (!avatar) return productScenes(m, sceneSeconds, (i) => ({ motion: MOTIONS[i % MOTIONS.length]!, transition: 'fade' }));
  return spokenCuts(m, sceneSeconds).map((cut, i) => {
    const picture = m.images.length > 0 ? m.images[i % m.images.length]! : null;
    const durationSeconds = cut.endSeconds - cut.startSeconds;
    if (enhanced && i % 2 === 1 && picture) {
      return {
        durationSeconds,
        background: { kind: 'image', path: picture, fit: 'whole', motion: 'zoom-in' },
        transitionOut: { kind: 'fade', durationSeconds: 0.3 },
      };
    }
    return {
      durationSeconds,
      background: { kind: 'video', path: avatar.path, fit: 'crop', loop: false, sourceStartSeconds: cut.startSeconds },
      layers: picture && i % 2 === 1 ? [{ kind: 'image', path: picture, scale: 0.42, position: { x: 0.22, y: -0.22 }, startSeconds: 0.3 }] : [],
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

function logoLayer(m: AdMaterials): Layer[] {
  return m.logoPath ? [{ kind: 'logo', path: m.logoPath, endSeconds: m.durationSeconds - m.endCardSeconds }] : [];
}

/** The headline (the product's name) across the top for the first seconds, fitted to its strip. */
function headlineLayers(m: AdMaterials, color: string, background: string | undefined, position: { x: number; y: number }): Layer[] {
  const { short } = layoutFrame(m.aspectRatio);
  const place = { position, box: labelBox(m, 0.2) };
  const shortName = shortProductName(m.headline);
  const plate = labelPlate(m.headline, boxPx(m.aspectRatio, place.box), {
    color,
    panel: background,
    maxPx: short * 0.075,
    minPx: short * 0.042,
    maxLines: 2,
    shorter: shortName !== m.headline ? [shortName] : [],
  });
  return plateLayers(place, plate, m.decorate, { startSeconds: 0, endSeconds: Math.min(4, m.speechEndSeconds) });
}

/** One highlight per spoken scene-length stretch, as a label on a coloured panel. */
function highlightLayers(m: AdMaterials, position: { x: number; y: number }, background = '#000000B0'): Layer[] {
  const lines = m.highlights.length > 0 ? m.highlights : [m.headline];
  const cuts = planSceneCuts(m.words, m.speechEndSeconds, Math.max(2.5, m.speechEndSeconds / Math.min(lines.length, 6)));
  const { short } = layoutFrame(m.aspectRatio);
  const place = { position, box: labelBox(m, 0.26) };
  return cuts.flatMap((cut, i) => {
    const plate = labelPlate(lines[i % lines.length]!, boxPx(m.aspectRatio, place.box), {
      color: readableOn(background),
      panel: background,
      maxPx: short * 0.062,
      minPx: short * 0.038,
      maxLines: 2,
    });
    return plateLayers(place, plate, m.decorate, { startSeconds: cut.startSeconds + 0.15, endSeconds: cut.endSeconds });
  });
}

/** A label's area: most of the frame's width (at most 1.25 short sides, for lines one can read), `heightShort` short sides high. */
function labelBox(m: AdMaterials, heightShort: number): Box {
  const f = layoutFrame(m.aspectRatio);
  return { width: Math.min(0.9 * f.width, 1.25 * f.short) / f.width, height: (heightShort * f.short) / f.height };
}

type Corner = 'bottom-left' | 'bottom-right';

/** Bubble centres a little inside the frame's corner, for any aspect. */
function corner(m: AdMaterials, which: Corner): { x: number; y: number } {
  const x = m.aspectRatio === '16:9' ? 0.36 : 0.3;
  const y = m.aspectRatio === '9:16' ? 0.3 : 0.3;
  return { x: which === 'bottom-left' ? -x : x, y };
}

/** Centre of one half of the frame (left/right or top/bottom). */
function half(_m: AdMaterials, direction: 'horizontal' | 'vertical', which: 'first' | 'second'): { x: number; y: number } {
  const d = which === 'first' ? -0.25 : 0.25;
  return direction === 'horizontal' ? { x: d, y: 0 } : { x: 0, y: d };
}
