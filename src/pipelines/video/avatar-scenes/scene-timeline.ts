import { join } from 'node:path';
import { normalizeCaptionSetting, type CaptionSettingInput } from '../../../media/captions/caption-setting.js';
import { planScenes, sceneClipWindow } from '../../../media/scene-video.js';
import type { AspectRatio, CaptionTrack, Layer, Scene, SceneBackground, Timeline } from '../../../media/timeline.js';
import { lineBoxPerPx } from '../../images/text/canvas-fonts.js';
import { boxPx, labelPlate, layoutFrame, plateLayers } from '../frame-text.js';
import type { AvatarClip } from '../../avatar/clips/avatar-clip-maker.js';
import { sceneStartSeconds, transitionAfter, type AvatarScenesPlan, type PlannedCta, type PlannedScene } from './scene-plan.js';
import { placeAvatar, STAGE_COLOR, styleScene, type AvatarSlot, type Box, type Decorate, type ScenePicture, type StyledScene } from './scene-styles.js';
import type { Offset } from '../../../domain/avatars/avatar-video-spec.js';
import { freeArea, overlaps, rectOf, type FrameRect } from '../product-area.js';
import { layerRect } from '../layout-zones.js';

export const TRANSITION_SECONDS = 0.5;
const FULL: Box = { width: 1, height: 1 };

/** Part of the frame-accurate timing the engine will use: a scene's clip reaches into its transitions. */
export interface SceneWindow {
  /** How long before the scene's start its clip (and so its avatar) already shows. */
  leadSeconds: number;
  lengthSeconds: number;
}

/** Scene lengths and cuts only, as the composition engine will time them. Pure. */
function sceneSkeleton(plan: AvatarScenesPlan): Scene[] {
  const scenes: Scene[] = plan.scenes.map((s, i) => {
    const kind = transitionAfter(plan.scenes, i, plan.endCard !== null);
    return {
      durationSeconds: s.durationSeconds,
      background: { kind: 'color', color: STAGE_COLOR },
      transitionOut: kind ? { kind, durationSeconds: TRANSITION_SECONDS } : null,
    };
  });
  if (plan.endCard) scenes.push({ durationSeconds: plan.endCard.seconds, background: { kind: 'color', color: STAGE_COLOR } });
  return scenes;
}

/** Each scene's clip window (the end card excluded). Pure. */
export function sceneWindows(plan: AvatarScenesPlan): SceneWindow[] {
  const timing = planScenes(sceneSkeleton(plan));
  return plan.scenes.map((_, i) => sceneClipWindow(timing, i));
}

/** Each scene's avatar slot after its layout and the character's own placement; null when none shows. Pure. */
export function avatarSlots(plan: AvatarScenesPlan, planDir: string): (AvatarSlot | null)[] {
  return plan.scenes.map((s) => placeAvatar(styled(plan, s, planDir, () => '').avatar, s.avatar, plan.aspectRatio));
}

/**
 * The whole video as one timeline: every scene laid out in its visual style with its avatar clip
 * drawn into it (so transitions carry the avatar), captions per scene in the scene's look, the
 * voices at their scenes' starts, music under everything and the end card last. Pure.
 */
export function buildAvatarScenesTimeline(plan: AvatarScenesPlan, planDir: string, clips: readonly (AvatarClip | null)[], decorate: Decorate): Timeline {
  const file = (name: string) => join(planDir, name);
  const starts = sceneStartSeconds(plan);
  const windows = sceneWindows(plan);
  const skeleton = sceneSkeleton(plan);
  const captionTracks: CaptionTrack[] = [];

  const scenes: Scene[] = plan.scenes.map((s, i) => {
    const look = styled(plan, s, planDir, decorate);
    const slot = placeAvatar(look.avatar, s.avatar, plan.aspectRatio);
    const clip = clips[i];
    const window = windows[i]!;
    const avatar: Layer[] =
      slot && clip
        ? [
            {
              kind: 'avatar',
              path: clip.path,
              position: slot.position,
              box: slot.box,
              shape: slot.shape,
              chromaKeyColor: clip.hasAlpha || slot.backdrop === 'scene' ? undefined : clip.chromaKeyColor,
              // The clip covers the scene's whole window, transitions included.
              startSeconds: -window.leadSeconds,
              endSeconds: window.lengthSeconds - window.leadSeconds,
            },
          ]
        : [];
    if (!s.caption.hidden && s.words.length > 0) {
      const setting = s.caption.override && s.caption.setting ? { ...look.caption, ...s.caption.setting } : look.caption;
      captionTracks.push({ words: s.words.map((w) => ({ ...w, startSeconds: w.startSeconds + starts[i]!, endSeconds: w.endSeconds + starts[i]! })), setting });
    }
    const product = productRects(look, s.background ? join(planDir, s.background.file) : null);
    const presenter = slot ? [rectOf(slot.position, slot.box)] : [];
    return {
      ...skeleton[i]!,
      background: look.background,
      layers: [...look.below, ...avatar, ...look.above, ...ctaLayers(s.cta, planDir, 'scene', plan.aspectRatio, decorate, product, presenter)],
      layersInScene: true,
    };
  });

  if (plan.endCard) {
    const bg = plan.endCard.background;
    const card = END_CARD_PLACES[plan.aspectRatio];
    // The card's picture (the client's cta_background) fills it. When the cut-out finds a product in
    // it, the product is kept whole in its place — the photo cropped around it, or the product cut
    // out on a designed backdrop — with the logo above it (tall) or beside it, never on it, and never
    // a blurred copy; a picture with nothing to find in it is a plain background.
    const background: SceneBackground =
      bg.kind === 'color'
        ? { kind: 'color', color: bg.color }
        : bg.kind === 'image'
          ? {
              kind: 'image',
              path: decorate('shot', FULL, {
                picture: file(bg.file),
                keep: card.product,
                palette: { primary: STAGE_COLOR, accent: '#FFFFFF' },
                whenNoProduct: 'fill',
              }),
              fit: 'crop',
            }
          : { kind: 'video', path: file(bg.file), fit: 'contain', loop: true };
    scenes.push({
      ...skeleton[skeleton.length - 1]!,
      background,
      layers: ctaLayers(plan.endCard.cta, planDir, 'end', plan.aspectRatio, decorate, bg.kind === 'image' ? [card.product] : [], []),
      layersInScene: true,
    });
  }

  return {
    aspectRatio: plan.aspectRatio,
    scenes,
    // Silent scenes add nothing to the mix.
    voiceover: {
      clips: plan.scenes.flatMap((s, i) => (s.voice.spoken ? [{ path: file(s.voice.file), startSeconds: starts[i]!, volume: s.voice.volume }] : [])),
    },
    music: plan.music ? { path: file(plan.music.file), volume: plan.music.volume, loop: true, fadeOutSeconds: 1.5 } : undefined,
    captionTracks,
  };
}

function styled(plan: AvatarScenesPlan, s: PlannedScene, planDir: string, decorate: Decorate): StyledScene {
  const picture: ScenePicture | null = s.background
    ? { kind: s.background.kind, path: join(planDir, s.background.file), fit: s.background.fit, motion: s.background.motion }
    : null;
  return styleScene(s.visualStyle, { aspectRatio: plan.aspectRatio, picture, avatarName: s.avatar.name, decorate });
}

/**
 * The end card's parts when it shows a product picture: the product's place (fractions of the
 * frame, top-left based), the logo's and the CTA label's, none over another.
 */
export const END_CARD_PLACES: Record<AspectRatio, { product: FrameRect; logo: { position: Offset; box: Box }; label: { position: Offset; box: Box } }> = {
  '9:16': {
    product: { x0: 0.08, y0: 0.2, x1: 0.92, y1: 0.66 },
    logo: { position: { x: 0, y: -0.4 }, box: { width: 0.5, height: 0.14 } },
    label: { position: { x: 0, y: 0.3 }, box: { width: 0.9, height: 0.15 } },
  },
  '16:9': {
    product: { x0: 0.04, y0: 0.08, x1: 0.5, y1: 0.92 },
    logo: { position: { x: 0.25, y: -0.25 }, box: { width: 0.3, height: 0.3 } },
    label: { position: { x: 0.25, y: 0.15 }, box: { width: 0.44, height: 0.3 } },
  },
  '1:1': {
    product: { x0: 0.04, y0: 0.1, x1: 0.5, y1: 0.9 },
    logo: { position: { x: 0.26, y: -0.24 }, box: { width: 0.4, height: 0.22 } },
    label: { position: { x: 0.26, y: 0.14 }, box: { width: 0.44, height: 0.3 } },
  },
};

/** Where a scene's product picture stands: its layers (by the picture's file) with a box. */
function productRects(look: StyledScene, picture: string | null): FrameRect[] {
  if (!picture) return [];
  return [...look.below, ...look.above].flatMap((l) =>
    (l.kind === 'image' || l.kind === 'video') && l.path === picture && l.box ? [rectOf(l.position ?? { x: 0, y: 0 }, l.box)] : [],
  );
}

/** The default corner places a scene's logo may take, in order: the top right first (the contract's default). */
const LOGO_CORNERS: Offset[] = [
  { x: 0.36, y: -0.4 },
  { x: -0.36, y: -0.4 },
  { x: 0.36, y: 0.4 },
  { x: -0.36, y: 0.4 },
];
/** Where a scene's CTA label may go when its setting gives no offset, in order of preference. */
const LABEL_PLACES: Offset[] = [
  { x: 0, y: -0.3 },
  { x: 0, y: -0.4 },
  { x: 0, y: 0.3 },
  { x: 0, y: 0.4 },
  { x: 0, y: 0.1 },
  { x: 0, y: -0.1 },
];

/**
 * A scene's call to action (logo and caption), or the end card's, in places clear of the
 * product (`product`: its rectangles) and, where one can, of the presenter. A place the request
 * gives (an offset) is kept.
 */
function ctaLayers(
  cta: PlannedCta | null,
  planDir: string,
  where: 'scene' | 'end',
  aspectRatio: AspectRatio,
  decorate: Decorate,
  product: readonly FrameRect[],
  presenter: readonly FrameRect[],
): Layer[] {
  if (!cta) return [];
  const layers: Layer[] = [];
  const endPlaces = where === 'end' && product.length > 0 ? END_CARD_PLACES[aspectRatio] : null;
  if (cta.logo) {
    const path = join(planDir, cta.logo.file);
    if (endPlaces) layers.push({ kind: 'logo', path, ...endPlaces.logo });
    else if (where === 'end') layers.push({ kind: 'logo', path, position: { x: 0, y: -0.18 }, scale: Math.max(cta.logo.scale, 0.35) });
    else {
      const logo = cta.logo;
      if (logo.offset) layers.push({ kind: 'logo', path, position: logo.offset, scale: logo.scale });
      else {
        // A corner clear of the product at the asked size, else a smaller logo tucked further into a corner.
        const tries = [1, 0.75, 0.6].flatMap((f) =>
          LOGO_CORNERS.map((c) => ({ scale: logo.scale * f, position: { x: c.x * (1 + (1 - f) * 0.3), y: c.y * (1 + (1 - f) * 0.2) } })),
        );
        const rectAt = (t: (typeof tries)[number]) => layerRect(aspectRatio, { kind: 'logo', path, position: t.position, scale: t.scale });
        const clear = (t: (typeof tries)[number], of: readonly FrameRect[]) => of.every((o) => !overlaps(o, rectAt(t)!));
        const chosen = tries.find((t) => clear(t, product) && clear(t, presenter)) ?? tries.find((t) => clear(t, product)) ?? tries[0]!;
        layers.push({ kind: 'logo', path, ...chosen });
      }
    }
  }
  if (cta.caption) {
    const { text, setting } = cta.caption;
    if (endPlaces) layers.push(...captionTextLayers(text, setting, endPlaces.label, aspectRatio, decorate, true));
    else if (where === 'end')
      layers.push(...captionTextLayers(text, setting, { position: { x: 0, y: 0.12 }, box: labelBox(aspectRatio) }, aspectRatio, decorate));
    else layers.push(...captionTextLayers(text, setting, labelPlace(aspectRatio, product, presenter), aspectRatio, decorate));
  }
  return layers;
}

/**
 * A scene's CTA label: across the frame at the first of LABEL_PLACES clear of the product (and of
 * the presenter when it can be); when every such band meets the product (a product on the left of
 * a wide frame), in the part of the frame the product leaves free, as wide as that part.
 */
function labelPlace(aspectRatio: AspectRatio, product: readonly FrameRect[], presenter: readonly FrameRect[]): { position: Offset; box: Box } {
  const box = labelBox(aspectRatio);
  const across = LABEL_PLACES.filter((p) => product.every((o) => !overlaps(o, rectOf(p, box))));
  if (across.length > 0) return { position: clearPlace(across, (p) => rectOf(p, box), product, presenter), box };
  const free = freeArea(aspectRatio, product, 0.02);
  if (!free) return { position: LABEL_PLACES[0]!, box };
  const narrow = { width: Math.min(box.width, free.x1 - free.x0), height: Math.min(box.height, free.y1 - free.y0) };
  const cx = (free.x0 + free.x1) / 2 - 0.5;
  const inFree = LABEL_PLACES.map((p) => ({
    x: cx,
    y: Math.min(Math.max(p.y, free.y0 - 0.5 + narrow.height / 2), free.y1 - 0.5 - narrow.height / 2),
  }));
  return { position: clearPlace(inFree, (p) => rectOf(p, narrow), product, presenter), box: narrow };
}

/** The first place clear of the product and the presenter, else the first clear of the product, else the first. */
function clearPlace(
  places: readonly Offset[],
  rectAt: (p: Offset) => FrameRect | null,
  product: readonly FrameRect[],
  presenter: readonly FrameRect[],
): Offset {
  const clear = (p: Offset, of: readonly FrameRect[]) => {
    const r = rectAt(p);
    return !r || of.every((o) => !overlaps(o, r));
  };
  return places.find((p) => clear(p, product) && clear(p, presenter)) ?? places.find((p) => clear(p, product)) ?? places[0]!;
}

/** A CTA label's area: most of the frame's width (at most 1.25 short sides), 0.24 short sides high. */
function labelBox(aspectRatio: AspectRatio): Box {
  const frame = layoutFrame(aspectRatio);
  return { width: Math.min(0.9 * frame.width, 1.25 * frame.short) / frame.width, height: (0.24 * frame.short) / frame.height };
}

/**
 * A CTA caption as a label in the look its caption_setting asks for: its font, colours and place,
 * its size the largest wanted, fitted into most of the frame's width (wrapped, then shrunk to
 * 0.6 of it, then on more lines), never cut.
 */
function captionTextLayers(
  text: string,
  setting: CaptionSettingInput | null,
  fallback: { position: Offset; box: Box },
  aspectRatio: AspectRatio,
  decorate: Decorate,
  /** The place is the layout's (an end card's column): the setting's offset does not move it. */
  fixed = false,
): Layer[] {
  const s = normalizeCaptionSetting(setting);
  const hasOffset = setting?.offset?.x != null || setting?.offset?.y != null;
  const hex = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const frame = layoutFrame(aspectRatio);
  const font = { family: s.fontFamily, weight: (s.bold ?? true) ? 700 : 400 } as const;
  // The setting's size is a subtitle size (the face's line box); the canvas sizes by the em.
  const maxPx = (setting?.font_size != null ? s.fontSizePx : 64) / lineBoxPerPx(font);
  const place = { position: hasOffset && !fixed ? s.offset : fallback.position, box: fallback.box };
  const plate = labelPlate(text, boxPx(aspectRatio, place.box), {
    font,
    color: hex(setting?.text_color) ?? '#FFFFFF',
    panel: hex(setting?.background_color) ?? '#000000B3',
    maxPx,
    minPx: Math.max(maxPx * 0.6, Math.min(maxPx, frame.short * 0.03)),
    maxLines: 2,
  });
  return plateLayers(place, plate, decorate);
}
