import type { AspectRatio, RenderQuality } from './timeline.js';

export interface FrameSize {
  width: number;
  height: number;
}

export const FRAMES_PER_SECOND = 30;

const FULL_SIZES: Record<AspectRatio, FrameSize> = {
  '16:9': { width: 1920, height: 1080 },
  '9:16': { width: 1080, height: 1920 },
  '1:1': { width: 1080, height: 1080 },
};

/** The contract's sizes; a preview is the 360p class: the short side is 360. */
export function frameSizeFor(aspectRatio: AspectRatio, quality: RenderQuality): FrameSize {
  const full = FULL_SIZES[aspectRatio];
  if (quality === 'render') return full;
  const factor = 360 / Math.min(full.width, full.height);
  return { width: even(full.width * factor), height: even(full.height * factor) };
}

/** Accepts `16:9` and the `16x9` form. */
export function parseAspectRatio(value: string): AspectRatio | undefined {
  const normalized = value.trim().replace('x', ':');
  return normalized === '16:9' || normalized === '9:16' || normalized === '1:1' ? normalized : undefined;
}

export function even(value: number): number {
  return Math.max(2, 2 * Math.round(value / 2));
}
