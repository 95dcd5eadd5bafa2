import { writeAssDocument, type AssEvent, type AssStyle } from './captions/ass-document.js';
import { buildCaptionTrack } from './captions/caption-events.js';
import { normalizeCaptionSetting } from './captions/caption-setting.js';
import { captionLook } from './captions/caption-styles.js';
import { ctaLayerAss, previewWatermarkAss, textLayerAss, type CtaLayer, type TextLayer, type TimedLayer } from './captions/overlay-text.js';
import { resolveFontFamily } from './fonts.js';
import type { FrameSize } from './frame-size.js';
import type { Timeline } from './timeline.js';

export interface OverlayAssInput {
  timeline: Timeline;
  /** Full-quality frame: ASS coordinates are in its pixels whatever the output size. */
  frame: FrameSize;
  durationSeconds: number;
  textLayers: TimedLayer<TextLayer>[];
  ctaLayers: TimedLayer<CtaLayer>[];
  watermark: boolean;
  installedFontFamilies: readonly string[];
}

/**
 * Everything drawn as text goes into one ASS file rendered by one `ass` filter: captions, text
 * layers, call-to-action cards and the preview mark. Undefined when there is nothing to draw.
 */
export function buildOverlayAss(input: OverlayAssInput): string | undefined {
  const resolveFont = (family: string | undefined): string => resolveFontFamily(family, input.installedFontFamilies);
  const styles: AssStyle[] = [];
  const events: AssEvent[] = [];

  const tracks = [...(input.timeline.captions ? [input.timeline.captions] : []), ...(input.timeline.captionTracks ?? [])];
  tracks.forEach((captions, i) => {
    if (captions.words.length === 0) return;
    const setting = normalizeCaptionSetting(captions.setting);
    const track = buildCaptionTrack(captions.words, setting, input.frame, resolveFont(setting.fontFamily ?? lookFont(setting.style)));
    // Each track keeps its own look: its own style name (the first keeps the plain name).
    const name = i === 0 ? track.style.name : `${track.style.name}${i + 1}`;
    styles.push({ ...track.style, name });
    events.push(...track.events.map((e) => (e.style === track.style.name ? { ...e, style: name } : e)));
  });
  const text = textLayerAss(input.textLayers, input.frame, resolveFont);
  const cta = ctaLayerAss(input.ctaLayers, input.frame, resolveFont);
  styles.push(...text.styles, ...cta.styles);
  events.push(...text.events, ...cta.events);
  if (input.watermark) {
    const mark = previewWatermarkAss(input.frame, input.durationSeconds, resolveFont('Montserrat'));
    styles.push(mark.style);
    events.push(mark.event);
  }
  if (events.length === 0) return undefined;
  return writeAssDocument(input.frame, styles, events);
}

function lookFont(style: string): string | undefined {
  return captionLook(style).fontFamily;
}
