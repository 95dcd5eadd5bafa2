import type { CaptionSettingInput } from '../../media/captions/caption-setting.js';
import type { AspectRatio, BackgroundMotion, Layer, Scene, SceneBackground, TransitionKind } from '../../media/timeline.js';
import type { AdMaterials } from './ad-materials.js';
import type { Box } from './avatar-scenes/scene-styles.js';
import { planSceneCuts, type SceneCut } from './scene-cuts.js';

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
  AvatarBubbleTemplate: (m) => ({
    scenes: productScenes(m, 3, (i) => ({ motion: MOTIONS[i % MOTIONS.length]!, transition: 'fade' })),
    layers: avatarLayer(m, { position: corner(m, 'bottom-left'), scale: 0.34, shape: 'circle' }),
    caption: { style: 'neo', offset: { x: 0, y: 0.18 } },
  }),
  FullScreenTemplate: (m) => ({
    scenes: productScenes(m, 2.5, (i) => ({ motion: MOTIONS[i % MOTIONS.length]!, transition: 'fade' })),
    layers: logoLayer(m),
    caption: { style: 'normal-white', offset: { x: 0, y: 0.32 } },
  }),
  QuickTransitionTemplate: (m) => ({
    scenes: productScenes(m, 1.3, (i) => ({ motion: i % 2 ? 'zoom-in' : 'zoom-out', transition: SWIPES[i % SWIPES.length]! }), 0.2),
    layers: avatarLayer(m, { position: corner(m, 'bottom-right'), scale: 0.3, shape: 'circle' }),
    caption: { style: 'frenzy', offset: { x: 0, y: 0.05 } },
  }),
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
    layers: headlineLayers(m, '#FFFFFF', undefined, { x: 0, y: -0.36 }),
    caption: { style: 'mystique', offset: { x: 0, y: 0.36 } },
  }),
  MotionCardsTemplate: (m) => ({
    scenes: cardScenes(m, 2.5, m.palette.primary, null, 'leftSwipe', 0.62, 0.35),
    layers: [...highlightLayers(m, { x: 0, y: -0.34 }), ...avatarLayer(m, { position: corner(m, 'bottom-right'), scale: 0.28, shape: 'circle' })],
    caption: { style: 'bilo', offset: { x: 0, y: 0.38 } },
  }),
  FeatureHighlightTemplate: (m) => ({
    scenes: productScenes(m, 3, (i) => ({ motion: i % 2 ? 'slide-left' : 'zoom-in', transition: 'topSwipe' })),
    layers: [...highlightLayers(m, { x: 0, y: -0.3 }, m.palette.accent), ...logoLayer(m)],
    caption: { style: 'caution', offset: { x: 0, y: 0.36 } },
  }),
  GreenScreenEffectTemplate: (m) => ({
    scenes: productScenes(m, 3.5, (i) => ({ motion: MOTIONS[(i + 2) % MOTIONS.length]!, transition: 'fade' })),
    layers: greenScreenLayers(m),
    caption: { style: 'toons', offset: { x: 0, y: -0.3 } },
  }),
  TwitterFrameTemplate: (m) => ({
    scenes: cardScenes(m, 3.5, '#FFFFFF', null, 'fade', 0.72, 0.15),
    layers: [
      ...headlineLayers(m, '#0F1419', undefined, { x: 0, y: -0.38 }),
      ...avatarLayer(m, { position: corner(m, 'bottom-left'), scale: 0.26, shape: 'circle' }),
    ],
    caption: { style: 'normal-black', offset: { x: 0, y: 0.4 } },
  }),
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
 * Where the cut-out presenter stands over the product, standing on the frame's bottom edge:
 * the lower part of a tall frame (captions and the product above), the right side of a wide
 * one, the lower right of a square. Boxes are portrait (about 5:6 in pixels) so the head and
 * shoulders of a drawn avatar fill them.
 */
export const GREEN_SCREEN_FIGURE: Record<AspectRatio, Placement> = {
  '9:16': { box: { width: 0.92, height: 0.62 }, position: { x: 0, y: 0.19 } },
  '16:9': { box: { width: 0.42, height: 0.88 }, position: { x: 0.27, y: 0.06 } },
  '1:1': { box: { width: 0.56, height: 0.74 }, position: { x: 0.2, y: 0.13 } },
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
    return [{
      kind: 'avatar', path: avatar.path, box, position, fit: 'contain',
      chromaKeyColor: avatar.hasAlpha ? undefined : avatar.chromaKeyColor, ...timing,
    }];
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

function pictureAt(m: AdMaterials, i: number): SceneBackground {
  const media = [...m.images.map((path) => ({ kind: 'image' as const, path })), ...m.videos.map((path) => ({ kind: 'video' as const, path }))];
  if (media.length === 0) return { kind: 'color', color: m.palette.primary };
  const item = media[i % media.length]!;
  return item.kind === 'image' ? { kind: 'image', path: item.path, fit: 'crop' } : { kind: 'video', path: item.path, fit: 'crop' };
}

/** Full-frame product pictures, one per scene, each with its own motion. */
function productScenes(m: AdMaterials, sceneSeconds: number, look: (i: number) => SceneLook, transitionSeconds = 0.4): Scene[] {
  return spokenCuts(m, sceneSeconds).map((cut, i) => {
    const { motion, transition } = look(i);
    const bg = pictureAt(m, i);
    return {
      durationSeconds: cut.endSeconds - cut.startSeconds,
      background: bg.kind === 'color' ? bg : { ...bg, motion },
      transitionOut: { kind: transition, durationSeconds: transitionSeconds },
    };
  });
}

/** A coloured stage with the product as a card on it (contained, not cropped). */
function cardScenes(
  m: AdMaterials, sceneSeconds: number, stage: string, motion: BackgroundMotion | null,
  transition: TransitionKind, cardScale: number, cardY: number,
): Scene[] {
  return spokenCuts(m, sceneSeconds).map((cut, i) => {
    const picture = m.images.length > 0 ? m.images[i % m.images.length]! : null;
    const layers: Layer[] = picture ? [{ kind: 'image', path: picture, scale: cardScale, position: { x: 0, y: cardY - 0.5 + cardScale / 2 } }] : [];
    const background: SceneBackground = motion && picture
      ? { kind: 'image', path: picture, fit: 'contain', motion }
      : { kind: 'color', color: stage };
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
      return { durationSeconds, background: { kind: 'image', path: picture, fit: 'crop', motion: 'zoom-in' }, transitionOut: { kind: 'fade', durationSeconds: 0.3 } };
    }
    return {
      durationSeconds,
      background: { kind: 'video', path: avatar.path, fit: 'crop', loop: false, sourceStartSeconds: cut.startSeconds },
      layers: picture && i % 2 === 1
        ? [{ kind: 'image', path: picture, scale: 0.42, position: { x: 0.22, y: -0.22 }, startSeconds: 0.3 }]
        : [],
      transitionOut: null,
    };
  });
}

/** The CTA end card: logo, product name and the call to action on the brand colour. */
function withEndCard(scenes: Scene[], m: AdMaterials): Scene[] {
  if (m.endCardSeconds <= 0 || !m.cta) return scenes;
  const picture = m.images[0];
  const end: Scene = {
    durationSeconds: m.endCardSeconds,
    background: picture ? { kind: 'image', path: picture, fit: 'crop', motion: 'zoom-out' } : { kind: 'color', color: m.palette.primary },
    layers: [
      { kind: 'cta', title: m.cta.title, subtitle: m.cta.subtitle ?? m.priceText ?? undefined, backgroundColor: m.palette.accent, textColor: m.palette.text },
      ...(m.logoPath ? [{ kind: 'logo' as const, path: m.logoPath, position: { x: 0, y: -0.3 }, scale: 0.25 }] : []),
    ],
  };
  const last = scenes[scenes.length - 1];
  const joined = last ? [...scenes.slice(0, -1), { ...last, transitionOut: { kind: 'fade' as const, durationSeconds: 0.4 } }] : [];
  return [...joined, end];
}

function avatarLayer(m: AdMaterials, place: { position: { x: number; y: number }; scale: number; shape?: 'normal' | 'circle' }): Layer[] {
  if (!m.avatar) return [];
  return [{
    kind: 'avatar', path: m.avatar.path, position: place.position, scale: place.scale, shape: place.shape ?? 'normal',
    chromaKeyColor: m.avatar.hasAlpha ? undefined : m.avatar.chromaKeyColor,
    startSeconds: 0, endSeconds: m.speechEndSeconds,
  }];
}

function logoLayer(m: AdMaterials): Layer[] {
  return m.logoPath ? [{ kind: 'logo', path: m.logoPath, endSeconds: m.durationSeconds - m.endCardSeconds }] : [];
}

function headlineLayers(m: AdMaterials, color: string, background: string | undefined, position: { x: number; y: number }): Layer[] {
  return [{ kind: 'text', text: shorten(m.headline, 38), color, backgroundColor: background, position, startSeconds: 0, endSeconds: Math.min(4, m.speechEndSeconds) }];
}

/** One highlight per spoken scene-length stretch, as a coloured banner. */
function highlightLayers(m: AdMaterials, position: { x: number; y: number }, background = '#000000B0'): Layer[] {
  const lines = m.highlights.length > 0 ? m.highlights : [m.headline];
  const cuts = planSceneCuts(m.words, m.speechEndSeconds, Math.max(2.5, m.speechEndSeconds / Math.min(lines.length, 6)));
  return cuts.map((cut, i) => ({
    kind: 'text' as const, text: shorten(lines[i % lines.length]!, 32), backgroundColor: background, color: '#FFFFFF',
    position, startSeconds: cut.startSeconds + 0.15, endSeconds: cut.endSeconds,
  }));
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

function shorten(text: string, maxChars: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= maxChars) return clean;
  const cut = clean.slice(0, maxChars);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), maxChars - 8)).trim()}…`;
}
