import type { PhoneTiming, WordTiming } from '../../core/timing.js';
import type { CaptionSettingInput } from '../../media/captions/caption-setting.js';
import { wordsAsShown } from '../../media/captions/words-as-shown.js';
import { FRAMES_PER_SECOND as FPS, type FrameSize } from '../../media/frame-size.js';
import { planScenes } from '../../media/scene-video.js';
import type { CaptionTrack, Layer, Scene, Timeline } from '../../media/timeline.js';
import type { TemplateBox, Template, TemplateLayer } from '../../domain/custom-templates/template-format.js';
import { applyCase, fitTextInBox } from './text-box.js';

/** A slot's value once everything is local: files fetched or drawn, speech made, avatar clips made. */
export type ResolvedSlot =
  /** `isVideo`: the file is a clip (a drawn default or a picture in a video slot is a still). */
  | { type: 'image' | 'video' | 'audio'; path: string; isVideo?: boolean }
  | { type: 'text'; text: string }
  | { type: 'avatar'; avatarId: string }
  | { type: 'voiceover'; text: string; speech: { path: string; durationSeconds: number; words: WordTiming[]; phones?: PhoneTiming[] } | null };

export interface TimelineInputs {
  template: Template;
  slots: ReadonlyMap<string, ResolvedSlot>;
  /** Drawn backgrounds by scene index. */
  drawnBackgrounds: ReadonlyMap<number, string>;
  /** A one-colour picture for each panel colour. */
  panelPictures: ReadonlyMap<string, string>;
  /** Avatar clips by `sceneIndex:layerIndex`. */
  avatarClips: ReadonlyMap<string, { path: string; chromaKeyColor?: string }>;
  musicPath: string | null;
  /**
   * Product shots (product-room.ts) that replace a still picture: a scene's background by scene
   * index, an image layer by `sceneIndex:layerIndex`. Each is drawn at its box's size.
   */
  productShots?: { backgrounds: ReadonlyMap<number, { path: string; still: boolean }>; layers: ReadonlyMap<string, string> };
}

export const avatarClipKey = (sceneIndex: number, layerIndex: number): string => `${sceneIndex}:${layerIndex}`;

/**
 * The template's length: fixed (sum of its scenes), or the voiceover's length plus the tail within
 * the rule's bounds (a template whose voiceover is empty keeps its scenes' own length).
 */
export function templateLengthSeconds(template: Template, voiceSeconds: (slot: string) => number | null): number {
  const own = template.scenes.reduce((sum, s) => sum + s.seconds, 0);
  if (template.length.rule === 'fixed') return own;
  const spoken = voiceSeconds(template.length.slot);
  if (spoken === null || spoken <= 0) return own;
  return Math.min(template.length.maxSeconds, Math.max(template.length.minSeconds, spoken + template.length.tailSeconds));
}

/**
 * A voiceover the template's length cannot hold (its last word after the end of a fixed template,
 * or of a from-voiceover template's maxSeconds): what to tell the client, or null. Such a voice
 * would be cut off mid-word, so the job fails with this instead; the tail after the voice is what
 * gives way first (a voice that ends within the maximum is kept whole, its tail shortened).
 * `spokenUntil` is when a slot's voice is last heard (its last word's end).
 */
export function voiceoverOverrun(template: Template, totalSeconds: number, spokenUntil: (slot: string) => number | null): string | null {
  for (const [name, slot] of Object.entries(template.slots)) {
    if (slot.type !== 'voiceover') continue;
    const spoken = spokenUntil(name);
    if (spoken === null || spoken <= totalSeconds + OVERRUN_SLACK_SECONDS) continue;
    return `the voiceover "${name}" runs ${spoken.toFixed(1)} s, longer than this template's ${totalSeconds.toFixed(1)} s; shorten its text`;
  }
  return null;
}

/** A last word's timing is an engine's estimate: this much past the end is no cut. */
const OVERRUN_SLACK_SECONDS = 0.1;

/** Scene lengths in seconds, scaled to the total and kept on whole frames. */
export function sceneSeconds(template: Template, totalSeconds: number): number[] {
  const own = template.scenes.reduce((sum, s) => sum + s.seconds, 0);
  const factor = totalSeconds / own;
  return template.scenes.map((s) => s.seconds * factor);
}

/** Top-left box in fractions → the timeline's centre position and box. */
function placement(box: TemplateBox): { position: { x: number; y: number }; box: { width: number; height: number } } {
  return { position: { x: box.x + box.width / 2 - 0.5, y: box.y + box.height / 2 - 0.5 }, box: { width: box.width, height: box.height } };
}

/**
 * Template + resolved values → the composition engine's timeline. Pure. Every layer is placed on
 * the whole video's clock (scene start + its own time, scaled with the scene), so an avatar clip
 * made for the whole voiceover is shown from the right moment in whatever scene it appears.
 */
export function buildTemplateTimeline(inputs: TimelineInputs, totalSeconds: number, fullFrame: FrameSize): Timeline {
  const { template, slots } = inputs;
  const lengths = sceneSeconds(template, totalSeconds);
  const scenes: Scene[] = template.scenes.map((scene, i) => ({
    durationSeconds: lengths[i]!,
    background: sceneBackground(inputs, i),
    transitionOut: scene.transition ? { kind: scene.transition.kind, durationSeconds: scene.transition.seconds } : null,
  }));
  const plan = planScenes(scenes);
  const layers: Layer[] = [];
  template.scenes.forEach((scene, i) => {
    const start = plan.sceneStartSeconds[i]!;
    const end = start + plan.sceneFrames[i]! / FPS;
    const factor = lengths[i]! / scene.seconds;
    scene.layers.forEach((layer, j) => {
      const from = start + (layer.startSeconds ?? 0) * factor;
      const to = Math.min(end, layer.endSeconds === undefined ? end : start + layer.endSeconds * factor);
      if (to <= from) return;
      const shot = inputs.productShots?.layers.get(avatarClipKey(i, j));
      const made = shot
        ? { kind: 'image' as const, path: shot, ...placement(layer.box), fit: 'crop' as const }
        : templateLayer(inputs, layer, avatarClipKey(i, j), fullFrame);
      if (made) layers.push({ ...made, startSeconds: from, endSeconds: to, ...(made.kind === 'avatar' ? { sourceStartSeconds: from } : {}) } as Layer);
    });
  });

  const voiceClips = [...slots.values()].flatMap((s) => (s.type === 'voiceover' && s.speech ? [{ path: s.speech.path, startSeconds: 0 }] : []));
  const music =
    template.music && inputs.musicPath
      ? { path: inputs.musicPath, volume: template.music.volume, loop: true, fadeOutSeconds: Math.min(1.5, totalSeconds / 4) }
      : undefined;
  return {
    aspectRatio: template.aspect,
    scenes,
    layers,
    ...(voiceClips.length > 0 ? { voiceover: { clips: voiceClips } } : {}),
    ...(music ? { music } : {}),
    ...(captionTrack(inputs) ? { captionTracks: [captionTrack(inputs)!] } : {}),
  };
}

function sceneBackground(inputs: TimelineInputs, index: number): Scene['background'] {
  const bg = inputs.template.scenes[index]!.background;
  if ('color' in bg) return { kind: 'color', color: bg.color };
  const shot = inputs.productShots?.backgrounds.get(index);
  if (shot && 'slot' in bg) return { kind: 'image', path: shot.path, fit: 'crop', motion: shot.still ? null : (bg.motion ?? null) };
  if ('drawn' in bg) return { kind: 'image', path: inputs.drawnBackgrounds.get(index)!, fit: 'crop', motion: bg.motion ?? null };
  const slot = inputs.slots.get(bg.slot);
  if (!slot || (slot.type !== 'image' && slot.type !== 'video')) return { kind: 'color', color: '#000000' };
  return slot.isVideo === true
    ? { kind: 'video', path: slot.path, fit: bg.fit, motion: bg.motion ?? null, loop: true }
    : { kind: 'image', path: slot.path, fit: bg.fit, motion: bg.motion ?? null };
}

type UntimedLayer = Layer;

function templateLayer(inputs: TimelineInputs, layer: TemplateLayer, clipKey: string, fullFrame: FrameSize): UntimedLayer | null {
  const { slots } = inputs;
  const place = placement(layer.box);
  switch (layer.kind) {
    case 'panel':
      return { kind: 'image', path: inputs.panelPictures.get(layer.color)!, ...place, fit: 'crop' };
    case 'image':
    case 'video': {
      const slot = slots.get(layer.slot);
      if (!slot || (slot.type !== 'image' && slot.type !== 'video')) return null;
      const moving = slot.isVideo === true;
      if (moving) return { kind: 'video', path: slot.path, ...place, fit: layer.fit, loop: layer.kind === 'video' ? layer.loop : true };
      return { kind: 'image', path: slot.path, ...place, fit: layer.fit, ...(layer.kind === 'image' ? { shape: layer.shape } : {}) };
    }
    case 'avatar': {
      const clip = inputs.avatarClips.get(clipKey);
      if (!clip) return null;
      return {
        kind: 'avatar',
        path: clip.path,
        ...place,
        fit: 'crop',
        shape: layer.shape,
        ...(clip.chromaKeyColor ? { chromaKeyColor: clip.chromaKeyColor } : {}),
      };
    }
    case 'text': {
      const slot = layer.slot ? slots.get(layer.slot) : undefined;
      const text = slot?.type === 'text' ? slot.text : (layer.text ?? '');
      if (text.trim() === '') return null;
      const boxPx = { width: layer.box.width * fullFrame.width, height: layer.box.height * fullFrame.height };
      const fitted = fitTextInBox(text, layer.style, boxPx);
      return {
        kind: 'text',
        text: fitted.lines.join('\n'),
        position: place.position,
        fontSizePx: fitted.fontSizePx,
        fontFamily: layer.style.font,
        color: layer.style.color,
        bold: layer.style.bold,
        ...(layer.style.background ? { backgroundColor: layer.style.background } : {}),
      };
    }
  }
}

/** The voiceover's captions as they will show (their words and look), or null when none show. */
export function captionTrack(inputs: Pick<TimelineInputs, 'template' | 'slots'>): CaptionTrack | null {
  const captions = inputs.template.captions;
  if (!captions) return null;
  const slot = inputs.slots.get(captions.slot);
  if (slot?.type !== 'voiceover' || !slot.speech || slot.speech.words.length === 0) return null;
  const style = captions.style;
  // Shown as written ("$29", "12 h"), and a number keeps its case ("32 oz", not "32 OZ").
  const words = wordsAsShown(slot.speech.words).map((w) => ({ ...w, word: /\d/.test(w.word) ? w.word : applyCase(w.word, style.case) }));
  const sizePx = style.sizePx ?? 70;
  const setting: CaptionSettingInput = {
    style: style.style,
    offset: style.position,
    font_size: sizePx,
    ...(style.font ? { font_family: style.font } : {}),
    ...(style.color ? { text_color: style.color } : {}),
    ...(style.highlightColor ? { highlight_text_color: style.highlightColor } : {}),
    ...(style.background ? { background_color: style.background } : {}),
    // Words per line as a width: the average word of this script at this size, times the count.
    ...(style.wordsPerLine ? { max_width: Math.round(averageWordPx(words, sizePx) * style.wordsPerLine) } : {}),
  };
  return { words, setting };
}

function averageWordPx(words: readonly WordTiming[], sizePx: number): number {
  const chars = words.reduce((sum, w) => sum + w.word.length, 0) / Math.max(1, words.length);
  return (chars * 0.62 + 0.35) * sizePx;
}
