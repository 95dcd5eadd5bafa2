import { colorOrDefault, toAssAlpha, toAssColor, toAssStyleColor } from '../color.js';
import type { FrameSize } from '../frame-size.js';
import type { Layer } from '../timeline.js';
import { escapeAssText, round, type AssEvent, type AssStyle } from './ass-document.js';
import { textWidthPx } from './caption-layout.js';

export type TextLayer = Extract<Layer, { kind: 'text' }>;
export type CtaLayer = Extract<Layer, { kind: 'cta' }>;

/** A layer with its absolute time range on the timeline. */
export interface TimedLayer<L> {
  layer: L;
  startSeconds: number;
  endSeconds: number;
}

type ResolveFont = (family: string | undefined) => string;

const baseStyle = (name: string, fontName: string, fontSizePx: number): AssStyle => ({
  name,
  fontName,
  fontSizePx,
  primaryColor: '&H00FFFFFF',
  secondaryColor: '&H00FFFFFF',
  outlineColor: '&H00000000',
  backColor: '&H80000000',
  bold: true,
  italic: false,
  underline: false,
  borderStyle: 1,
  outlineWidthPx: 0,
  shadowPx: 0,
  alignment: 5,
});

function centerOf(frame: FrameSize, position: { x: number; y: number } | undefined, fallback: { x: number; y: number }): [number, number] {
  const p = position ?? fallback;
  return [frame.width * (0.5 + p.x), frame.height * (0.5 + p.y)];
}

/** Free text placed on the frame; each layer has its own style so it can carry its own box. */
export function textLayerAss(items: TimedLayer<TextLayer>[], frame: FrameSize, resolveFont: ResolveFont): { styles: AssStyle[]; events: AssEvent[] } {
  const styles: AssStyle[] = [];
  const events: AssEvent[] = [];
  items.forEach(({ layer, startSeconds, endSeconds }, i) => {
    const name = `Text${i + 1}`;
    const fontSizePx = (layer.fontSizePx ?? Math.round(Math.min(frame.width, frame.height) * 0.06)) * (layer.scale ?? 1);
    const color = colorOrDefault(layer.color, '#FFFFFF');
    const box = layer.backgroundColor ? colorOrDefault(layer.backgroundColor, '#000000') : undefined;
    styles.push({
      ...baseStyle(name, resolveFont(layer.fontFamily), fontSizePx),
      primaryColor: toAssStyleColor(color),
      outlineColor: box ? toAssStyleColor(box) : '&H00000000',
      bold: layer.bold ?? true,
      borderStyle: box ? 3 : 1,
      outlineWidthPx: box ? fontSizePx * 0.25 : fontSizePx * 0.05,
    });
    const [x, y] = centerOf(frame, layer.position, { x: 0, y: 0 });
    events.push({ layer: 2, startSeconds, endSeconds, style: name, text: `{\\an5\\pos(${round(x)},${round(y)})}${escapeAssText(layer.text)}` });
  });
  return { styles, events };
}

/** A call-to-action card: a rounded panel with a title and an optional subtitle. */
export function ctaLayerAss(items: TimedLayer<CtaLayer>[], frame: FrameSize, resolveFont: ResolveFont): { styles: AssStyle[]; events: AssEvent[] } {
  const styles: AssStyle[] = [];
  const events: AssEvent[] = [];
  items.forEach(({ layer, startSeconds, endSeconds }, i) => {
    const scale = layer.scale ?? 1;
    const titleSize = Math.min(frame.width, frame.height) * 0.075 * scale;
    const subtitleSize = titleSize * 0.62;
    const name = `Cta${i + 1}`;
    const textColor = colorOrDefault(layer.textColor, '#FFFFFF');
    const panel = colorOrDefault(layer.backgroundColor, '#E11D48');
    styles.push({ ...baseStyle(name, resolveFont(layer.fontFamily), titleSize), primaryColor: toAssStyleColor(textColor) });

    const cardWidth = frame.width * 0.8 * scale;
    const textWidth = cardWidth - titleSize * 1.2;
    const titleLines = wrapText(layer.title, textWidth, titleSize);
    const subtitleLines = layer.subtitle ? wrapText(layer.subtitle, textWidth, subtitleSize) : [];
    const titleBlock = titleLines.length * titleSize * 1.15;
    const subtitleBlock = subtitleLines.length * subtitleSize * 1.2;
    const gap = subtitleLines.length > 0 ? titleSize * 0.35 : 0;
    const cardHeight = titleBlock + gap + subtitleBlock + titleSize * 1.1;
    const [cx, cy] = centerOf(frame, layer.position, { x: 0, y: 0.2 });

    const drawing = roundedRect(cardWidth, cardHeight, Math.min(cardHeight, cardWidth) * 0.18);
    events.push({
      layer: 3,
      startSeconds,
      endSeconds,
      style: name,
      text: `{\\an5\\pos(${round(cx)},${round(cy)})\\p1\\bord0\\shad0\\c${toAssColor(panel)}\\1a${toAssAlpha(panel)}}${drawing}{\\p0}`,
    });
    const top = cy - cardHeight / 2 + titleSize * 0.55;
    const titleY = top + titleBlock / 2;
    events.push({
      layer: 4,
      startSeconds,
      endSeconds,
      style: name,
      text: `{\\an5\\pos(${round(cx)},${round(titleY)})}${titleLines.map(escapeAssText).join('\\N')}`,
    });
    if (subtitleLines.length > 0) {
      const subtitleY = top + titleBlock + gap + subtitleBlock / 2;
      events.push({
        layer: 4,
        startSeconds,
        endSeconds,
        style: name,
        text: `{\\an5\\pos(${round(cx)},${round(subtitleY)})\\fs${round(subtitleSize)}\\b0}${subtitleLines.map(escapeAssText).join('\\N')}`,
      });
    }
  });
  return { styles, events };
}

/** The preview mark: large, half-transparent, across the middle of the frame. */
export function previewWatermarkAss(frame: FrameSize, durationSeconds: number, fontFamily: string): { style: AssStyle; event: AssEvent } {
  const fontSizePx = Math.min(frame.width, frame.height) * 0.16;
  const style: AssStyle = {
    ...baseStyle('Watermark', fontFamily, fontSizePx),
    primaryColor: '&H70FFFFFF',
    outlineColor: '&H70000000',
    outlineWidthPx: fontSizePx * 0.04,
  };
  const event: AssEvent = {
    layer: 10,
    startSeconds: 0,
    endSeconds: durationSeconds + 1,
    style: 'Watermark',
    text: `{\\an5\\pos(${round(frame.width / 2)},${round(frame.height / 2)})\\frz20}PREVIEW`,
  };
  return { style, event };
}

function wrapText(text: string, maxWidthPx: number, fontSizePx: number): string[] {
  const lines: string[] = [];
  for (const word of text.trim().split(/\s+/)) {
    const last = lines[lines.length - 1];
    const candidate = last === undefined ? word : `${last} ${word}`;
    if (last !== undefined && textWidthPx(candidate, { fontSizePx, uppercase: false, bold: true }) > maxWidthPx) lines.push(word);
    else if (last === undefined) lines.push(word);
    else lines[lines.length - 1] = candidate;
  }
  return lines;
}

/** ASS vector drawing (\p1) of a rounded rectangle with its top-left at 0,0. */
function roundedRect(width: number, height: number, radius: number): string {
  const [w, h, r] = [width, height, radius].map((v) => Math.round(v));
  return [
    `m ${r} 0 l ${w! - r!} 0 b ${w} 0 ${w} 0 ${w} ${r}`,
    `l ${w} ${h! - r!} b ${w} ${h} ${w} ${h} ${w! - r!} ${h}`,
    `l ${r} ${h} b 0 ${h} 0 ${h} 0 ${h! - r!}`,
    `l 0 ${r} b 0 0 0 0 ${r} 0`,
  ].join(' ');
}
