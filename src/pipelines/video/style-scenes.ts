import type { CaptionSettingInput } from '../../media/captions/caption-setting.js';
import type { BackgroundMotion, Layer, Scene, SceneBackground, TransitionKind } from '../../media/timeline.js';
import { frameSizeFor } from '../../media/frame-size.js';
import type { AdMaterials } from './ad-materials.js';
import { layoutFrame } from './frame-text.js';
import { detailTopicOf, type DetailTopic } from './product-detail.js';
import { PUSH_DRAW_SCALE } from './push-in-shot.js';
import { captionRect, inset, layerRect, motionSafe, phoneCaption, within } from './layout-zones.js';
import { freeArea, overlaps, placementOf, rectOf, scaledLayerRect, type FrameRect } from './product-area.js';
import { planSceneCuts, type SceneCut } from './scene-cuts.js';

/**
 * The scenes URL-to-video styles are built from (visual-styles.ts composes them): product pictures
 * as full-bleed product shots, cards on a stage, split frames, the presenter filling the frame.
 */

export const MOTIONS: BackgroundMotion[] = ['zoom-in', 'slide-left', 'zoom-out', 'throb', 'wobble'];
export interface SceneLook {
  motion: BackgroundMotion | null;
  transition: TransitionKind;
}

/** Scenes of the spoken part, cut between phrases. */
function spokenCuts(m: AdMaterials, targetSceneSeconds: number): SceneCut[] {
  return planSceneCuts(m.words, m.durationSeconds - m.endCardSeconds, targetSceneSeconds);
}

/**
 * Product pictures keep all of themselves (see BackgroundFit 'whole'); shop and stock clips too.
 * The clips go between the photos (P S P S P P), the product first: b-roll cuts away from the
 * product and back, rather than trailing after every photo.
 */
function pictureAt(m: AdMaterials, i: number): SceneBackground {
  const photos = m.images.map((path) => ({ kind: 'image' as const, path }));
  const clips = m.videos.map((path) => ({ kind: 'video' as const, path }));
  const media = [...photos.flatMap((photo, k) => (clips[k] ? [photo, clips[k]] : [photo])), ...clips.slice(photos.length)];
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
export function productScenes(
  m: AdMaterials,
  sceneSeconds: number,
  look: (i: number) => SceneLook,
  transitionSeconds = 0.4,
  avoid: (FrameRect | null)[] = [],
  mood: 'light' | 'dark' = 'light',
  pushEvery = 0,
): Scene[] {
  const zone = productZone(m, avoid);
  let pushedLast = false;
  return spokenCuts(m, sceneSeconds).map((cut, i) => {
    const { motion: styled, transition } = look(i);
    const bg = pictureAt(m, i);
    const topic = topicOf(m, cut);
    // A style with push-ins moves in on a detail where the words name a part, and on a rhythm
    // otherwise, never twice running (two in a row read as one long zoom).
    const push = pushEvery > 0 && bg.kind === 'image' && !pushedLast && (topic !== null || i % pushEvery === pushEvery - 1);
    pushedLast = push;
    const motion: BackgroundMotion | null = push ? 'push-in' : styled === 'push-in' ? 'zoom-in' : styled;
    const durationSeconds = cut.endSeconds - cut.startSeconds;
    const transitionOut = { kind: transition, durationSeconds: transitionSeconds };
    if (bg.kind === 'color') return { durationSeconds, background: bg, transitionOut };
    if (bg.kind === 'image') return { durationSeconds, ...productShot(m, bg.path, FULL_FRAME, zone, motion, 'fill', mood, topic), transitionOut };
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

/** The part of the product a scene's words name, if any (product-detail.ts). */
function topicOf(m: AdMaterials, cut: SceneCut): DetailTopic | null {
  return detailTopicOf(m.words.filter((w) => w.startSeconds >= cut.startSeconds && w.startSeconds < cut.endSeconds).map((w) => w.word));
}

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
  mood: 'light' | 'dark' = 'light',
  topic: DetailTopic | null = null,
): Pick<Scene, 'background' | 'layers' | 'layersInScene'> {
  const full = area === FULL_FRAME;
  const keep = within(area, full ? motionSafe(zone, motion) : zone);
  if (m.decorate) {
    const place = placementOf(area);
    const request = { picture, keep, palette: m.palette, ...(mode === 'designed' ? { mode } : {}), ...(mood === 'dark' ? { mood } : {}) };
    if (full && motion === 'push-in') {
      // Drawn larger than the frame (its end is a tighter view of it); the push is known once it is drawn (push-in-shot.ts).
      const render = frameSizeFor(m.aspectRatio, 'render');
      const push = { topic, renderWidthPx: render.width, renderHeightPx: render.height };
      const path = m.decorate('shot', { width: PUSH_DRAW_SCALE, height: PUSH_DRAW_SCALE }, { ...request, push });
      return { background: { kind: 'image', path, fit: 'crop', motion } };
    }
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
export function presenterRects(m: AdMaterials, layers: Layer[]): FrameRect[] {
  return layers.flatMap((l) => {
    if (l.kind !== 'avatar' && !(l.kind === 'image' && l.box)) return [];
    const position = l.position ?? { x: 0, y: 0 };
    return [l.box ? rectOf(position, l.box) : scaledLayerRect(m.aspectRatio, position, l.scale ?? 1, l.shape === 'circle')];
  });
}

/** Where any layers stand in the frame (text plates, logos). */
export function layerRects(m: AdMaterials, layers: Layer[]): FrameRect[] {
  return layers.flatMap((l) => {
    const r = layerRect(m.aspectRatio, l);
    return r ? [r] : [];
  });
}

/**
 * A coloured stage with the product as a card on it: a product shot of the card's shape (the photo
 * filling the card around the product where it can), in the largest part the words leave free.
 */
export function cardScenes(m: AdMaterials, sceneSeconds: number, stage: string, transition: TransitionKind, avoid: (FrameRect | null)[]): Scene[] {
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
export function splitScenes(
  m: AdMaterials,
  direction: 'horizontal' | 'vertical',
  look: CaptionSettingInput,
): { scenes: Scene[]; layers: Layer[]; caption: CaptionSettingInput } {
  const dir = m.aspectRatio === '9:16' ? 'vertical' : direction === 'vertical' && m.aspectRatio === '16:9' ? 'horizontal' : direction;
  const first: FrameRect = dir === 'horizontal' ? { x0: 0, y0: 0, x1: 0.5, y1: 1 } : { x0: 0, y0: 0, x1: 1, y1: 0.5 };
  const second: FrameRect = dir === 'horizontal' ? { x0: 0.5, y0: 0, x1: 1, y1: 1 } : { x0: 0, y0: 0.5, x1: 1, y1: 1 };
  // Captions on the seam of a top/bottom split; under the product in its half of a side-by-side one
  // (across both halves they would run over the presenter).
  const captionInput: CaptionSettingInput = phoneCaption(
    m.aspectRatio,
    dir === 'vertical'
      ? { ...look, offset: { x: 0, y: 0 } }
      : { ...look, offset: { x: -0.25, y: 0.37 }, max_width: Math.round(0.46 * layoutFrame(m.aspectRatio).width) },
  );
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
  return { scenes, layers, caption: captionInput };
}

/**
 * The avatar fills the frame (its clip as the scene background, kept in step with the voice),
 * with the product popping in as a card clear of the logo and the captions; `enhanced`
 * alternates with full-bleed product shots.
 */
export function avatarScenes(m: AdMaterials, sceneSeconds: number, enhanced: boolean, avoid: (FrameRect | null)[]): Scene[] {
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
      // Between the presenter's scenes the product fills the frame, the camera moving in on a detail.
      const shot = productShot(m, picture, FULL_FRAME, zone, 'push-in', 'fill', 'light', topicOf(m, cut));
      return { durationSeconds, ...shot, transitionOut: { kind: 'fade', durationSeconds: 0.3 } };
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
