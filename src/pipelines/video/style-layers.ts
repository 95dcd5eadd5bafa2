import type { CaptionSettingInput } from '../../media/captions/caption-setting.js';
import type { Layer } from '../../media/timeline.js';
import { readableOn } from '../images/text/text-plate.js';
import { shortProductName } from '../text/short-name.js';
import type { AdMaterials } from './ad-materials.js';
import { boxPx, labelPlate, layoutFrame, plateLayers, type FramePlace } from './frame-text.js';
import { phoneCaption, placedCaption, TEXT_ZONES } from './layout-zones.js';
import { planSceneCuts } from './scene-cuts.js';

/** The layers URL-to-video styles lay over their scenes: the presenter, the logo, headlines and feature labels, each in its zone. */

export function avatarLayer(m: AdMaterials, place: { position: { x: number; y: number }; scale: number; shape?: 'normal' | 'circle' }): Layer[] {
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
export function logoLayer(m: AdMaterials): Layer[] {
  if (!m.logoPath) return [];
  return [{ kind: 'logo', path: m.logoPath, ...TEXT_ZONES[m.aspectRatio].logo, endSeconds: m.durationSeconds - m.endCardSeconds }];
}

/** The headline (the product's name) in the label place for the first seconds, fitted to it. */
export function headlineLayers(m: AdMaterials, color: string, background: string | undefined): Layer[] {
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
export function highlightLayers(m: AdMaterials, background = '#000000B0'): Layer[] {
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
export function besideBubble(m: AdMaterials, caption: CaptionSettingInput, bubble: Corner): CaptionSettingInput {
  if (!m.avatar) return placedCaption(m.aspectRatio, caption);
  const f = layoutFrame(m.aspectRatio);
  const column = TEXT_ZONES[m.aspectRatio].captionColumn;
  // Wide and square frames: in the column, above the bubble at its foot.
  if (column) return phoneCaption(m.aspectRatio, { ...caption, offset: { x: column.x, y: -0.05 }, max_width: Math.round(column.maxWidth * f.width) });
  return phoneCaption(m.aspectRatio, { ...caption, offset: { x: bubble === 'bottom-left' ? 0.17 : -0.17, y: 0.36 }, max_width: Math.round(0.6 * f.width) });
}

/**
 * Where a bubble-only style (no labels) puts its presenter: a bottom corner of a tall frame; the
 * foot of the words' column on wide and square ones, so the product has the whole left side.
 */
export function bubbleSpot(m: AdMaterials, which: Corner): { x: number; y: number } {
  const column = TEXT_ZONES[m.aspectRatio].captionColumn;
  return column ? { x: column.x, y: 0.3 } : corner(m, which);
}

export type Corner = 'bottom-left' | 'bottom-right';

/** Bubble centres a little inside the frame's corner, for any aspect. */
export function corner(m: AdMaterials, which: Corner): { x: number; y: number } {
  const x = m.aspectRatio === '16:9' ? 0.36 : 0.3;
  const y = m.aspectRatio === '9:16' ? 0.3 : 0.3;
  return { x: which === 'bottom-left' ? -x : x, y };
}
