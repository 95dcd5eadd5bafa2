import type { CaptionSettingInput } from '../../media/captions/caption-setting.js';
import type { AspectRatio, Layer, Scene, TransitionKind } from '../../media/timeline.js';
import type { AdMaterials } from './ad-materials.js';
import type { Box } from './avatar-scenes/scene-styles.js';
import { captionRect, phoneCaption, placedCaption } from './layout-zones.js';
import { withEndCard } from './end-card.js';
import { avatarScenes, cardScenes, layerRects, MOTIONS, presenterRects, productScenes, splitScenes } from './style-scenes.js';
import { avatarLayer, besideBubble, bubbleSpot, corner, headlineLayers, highlightLayers, logoLayer } from './style-layers.js';

/** What a visual style contributes to a timeline: the scenes, layers over them, its caption look. */
export interface StyledVideo {
  scenes: Scene[];
  layers: Layer[];
  caption: CaptionSettingInput;
}

type Layout = (m: AdMaterials) => StyledVideo;

const SWIPES: TransitionKind[] = ['leftSwipe', 'topSwipe', 'rightSwipe', 'bottomSwipe'];

/**
 * The visual styles built here, each a genuinely different arrangement of the same materials.
 * Names are the contract's; the other names of its list map onto the nearest of these
 * (see STYLE_ALIASES) so every documented value gives a video.
 */
export const LAYOUTS: Record<string, Layout> = {
  AvatarBubbleTemplate: (m) => {
    const layers = avatarLayer(m, { position: bubbleSpot(m, 'bottom-left'), scale: 0.34, shape: 'circle' });
    const caption = besideBubble(m, { style: 'neo', offset: { x: 0, y: 0.18 } }, 'bottom-left');
    return {
      scenes: productScenes(
        m,
        3,
        (i) => ({ motion: MOTIONS[i % MOTIONS.length]!, transition: 'fade' }),
        0.4,
        [...presenterRects(m, layers), captionRect(m.aspectRatio, caption)],
        'light',
        3,
      ),
      layers,
      caption,
    };
  },
  FullScreenTemplate: (m) => {
    const caption = placedCaption(m.aspectRatio, { style: 'normal-white', offset: { x: 0, y: 0.34 } });
    const layers = logoLayer(m);
    return {
      scenes: productScenes(
        m,
        2.5,
        (i) => ({ motion: MOTIONS[i % MOTIONS.length]!, transition: 'fade' }),
        0.4,
        [...layerRects(m, layers), captionRect(m.aspectRatio, caption)],
        'light',
        3,
      ),
      layers,
      caption,
    };
  },
  QuickTransitionTemplate: (m) => {
    const layers = avatarLayer(m, { position: bubbleSpot(m, 'bottom-right'), scale: 0.3, shape: 'circle' });
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
    return splitScenes(m, 'horizontal', { style: 'brick', offset: { x: 0, y: 0.38 } });
  },
  TopBottomTemplate: (m) => {
    return splitScenes(m, 'vertical', { style: 'mustard', offset: { x: 0, y: 0 } });
  },
  VanillaTemplate: (m) => {
    const caption = phoneCaption(m.aspectRatio, { style: 'normal-black', offset: { x: 0, y: 0.35 } });
    const layers = logoLayer(m);
    return { scenes: avatarScenes(m, 4, false, [...layerRects(m, layers), captionRect(m.aspectRatio, caption)]), layers, caption };
  },
  EnhancedVanillaTemplate: (m) => {
    const caption = phoneCaption(m.aspectRatio, { style: 'glow', offset: { x: 0, y: 0.35 } });
    const layers = logoLayer(m);
    return { scenes: avatarScenes(m, 3, true, [...layerRects(m, layers), captionRect(m.aspectRatio, caption)]), layers, caption };
  },
  DramaticTemplate: (m) => {
    // A dark panel under the white headline: the picture behind it may be light.
    const layers = headlineLayers(m, '#FFFFFF', '#000000A0');
    const caption = placedCaption(m.aspectRatio, { style: 'mystique', offset: { x: 0, y: 0.36 } });
    return {
      // The product lit on a dark backdrop in its hue (a photo that fills the frame is shown as it is).
      scenes: productScenes(
        m,
        3.5,
        () => ({ motion: 'zoom-in', transition: 'fade' }),
        0.8,
        [...layerRects(m, layers), captionRect(m.aspectRatio, caption)],
        'dark',
        // Slow pushes suit the mood: every other scene moves in on a detail.
        2,
      ),
      layers,
      caption,
    };
  },
  MotionCardsTemplate: (m) => {
    const avatar = avatarLayer(m, { position: corner(m, 'bottom-right'), scale: 0.28, shape: 'circle' });
    const labels = highlightLayers(m);
    const caption =
      m.aspectRatio === '9:16'
        ? besideBubble(m, { style: 'bilo' }, 'bottom-right')
        : placedCaption(m.aspectRatio, { style: 'bilo', offset: { x: 0, y: 0.38 } });
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
      // A feature's scene moves in on the part it names (the lid, the label), the others slide.
      scenes: productScenes(
        m,
        3,
        (i) => ({ motion: i % 2 ? 'slide-left' : 'zoom-in', transition: 'topSwipe' }),
        0.4,
        [...layerRects(m, layers), captionRect(m.aspectRatio, caption)],
        'light',
        2,
      ),
      layers,
      caption,
    };
  },
  GreenScreenEffectTemplate: (m) => {
    const layers = greenScreenLayers(m);
    const caption = phoneCaption(m.aspectRatio, { style: 'toons', offset: GREEN_SCREEN_CAPTION[m.aspectRatio] });
    return {
      // The presenter stands beside (wide) or below (tall) the product, never over it.
      scenes: productScenes(
        m,
        3.5,
        (i) => ({ motion: MOTIONS[(i + 2) % MOTIONS.length]!, transition: 'fade' }),
        0.4,
        [...presenterRects(m, layers), captionRect(m.aspectRatio, caption)],
        'light',
        3,
      ),
      layers,
      caption,
    };
  },
  TwitterFrameTemplate: (m) => {
    const avatar = avatarLayer(m, { position: corner(m, 'bottom-left'), scale: 0.26, shape: 'circle' });
    const headline = headlineLayers(m, '#0F1419', undefined);
    const caption =
      m.aspectRatio === '9:16'
        ? besideBubble(m, { style: 'normal-black' }, 'bottom-left')
        : placedCaption(m.aspectRatio, { style: 'normal-black', offset: { x: 0, y: 0.4 } });
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

/**
 * What a layout does with a presenter: built around one (`required`: it fills the frame or stands
 * in it), shows one when the client chose one (`optional`: a bubble, a corner, half a split, else
 * the product alone), or never shows one (`unused`: product-first layouts, no clip is rendered).
 */
const PRESENTER_USE: Record<string, 'required' | 'optional' | 'unused'> = {
  VanillaTemplate: 'required',
  EnhancedVanillaTemplate: 'required',
  GreenScreenEffectTemplate: 'required',
  FullScreenTemplate: 'unused',
  DramaticTemplate: 'unused',
  FeatureHighlightTemplate: 'unused',
};

export function presenterUse(style: string): 'required' | 'optional' | 'unused' {
  return PRESENTER_USE[layoutNameFor(style)] ?? 'optional';
}

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
