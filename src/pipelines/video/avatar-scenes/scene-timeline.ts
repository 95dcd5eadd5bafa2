import { join } from 'node:path';
import { normalizeCaptionSetting, type CaptionSettingInput } from '../../../media/captions/caption-setting.js';
import { planScenes, sceneClipWindow } from '../../../media/scene-video.js';
import type { AspectRatio, CaptionTrack, Layer, Scene, SceneBackground, Timeline } from '../../../media/timeline.js';
import { lineBoxPerPx } from '../../images/text/canvas-fonts.js';
import { boxPx, labelPlate, layoutFrame, plateLayers } from '../frame-text.js';
import type { AvatarClip } from '../../avatar/clips/avatar-clip-maker.js';
import { sceneStartSeconds, transitionAfter, type AvatarScenesPlan, type PlannedCta, type PlannedScene } from './scene-plan.js';
import { placeAvatar, STAGE_COLOR, styleScene, type AvatarSlot, type Decorate, type ScenePicture, type StyledScene } from './scene-styles.js';

export const TRANSITION_SECONDS = 0.5;

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
    return {
      ...skeleton[i]!,
      background: look.background,
      layers: [...look.below, ...avatar, ...look.above, ...ctaLayers(s.cta, planDir, 'scene', plan.aspectRatio, decorate)],
      layersInScene: true,
    };
  });

  if (plan.endCard) {
    const bg = plan.endCard.background;
    const background: SceneBackground =
      bg.kind === 'color'
        ? { kind: 'color', color: bg.color }
        : bg.kind === 'image'
          ? { kind: 'image', path: file(bg.file), fit: 'contain' }
          : { kind: 'video', path: file(bg.file), fit: 'contain', loop: true };
    scenes.push({
      ...skeleton[skeleton.length - 1]!,
      background,
      layers: ctaLayers(plan.endCard.cta, planDir, 'end', plan.aspectRatio, decorate),
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

/** A scene's call to action (logo and caption), or the end card's, larger and centred. */
function ctaLayers(cta: PlannedCta | null, planDir: string, where: 'scene' | 'end', aspectRatio: AspectRatio, decorate: Decorate): Layer[] {
  if (!cta) return [];
  const layers: Layer[] = [];
  if (cta.logo) {
    const position = where === 'end' ? { x: 0, y: -0.18 } : (cta.logo.offset ?? undefined);
    layers.push({ kind: 'logo', path: join(planDir, cta.logo.file), position, scale: where === 'end' ? Math.max(cta.logo.scale, 0.35) : cta.logo.scale });
  }
  if (cta.caption)
    layers.push(...captionTextLayers(cta.caption.text, cta.caption.setting, where === 'end' ? { x: 0, y: 0.12 } : { x: 0, y: -0.3 }, aspectRatio, decorate));
  return layers;
}

/**
 * A CTA caption as a label in the look its caption_setting asks for: its font, colours and place,
 * its size the largest wanted, fitted into most of the frame's width (wrapped, then shrunk to
 * 0.6 of it, then on more lines), never cut.
 */
function captionTextLayers(
  text: string,
  setting: CaptionSettingInput | null,
  fallback: { x: number; y: number },
  aspectRatio: AspectRatio,
  decorate: Decorate,
): Layer[] {
  const s = normalizeCaptionSetting(setting);
  const hasOffset = setting?.offset?.x != null || setting?.offset?.y != null;
  const hex = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const frame = layoutFrame(aspectRatio);
  const font = { family: s.fontFamily, weight: (s.bold ?? true) ? 700 : 400 } as const;
  // The setting's size is a subtitle size (the face's line box); the canvas sizes by the em.
  const maxPx = (setting?.font_size != null ? s.fontSizePx : 64) / lineBoxPerPx(font);
  const place = {
    position: hasOffset ? s.offset : fallback,
    box: { width: Math.min(0.9 * frame.width, 1.25 * frame.short) / frame.width, height: (0.24 * frame.short) / frame.height },
  };
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
