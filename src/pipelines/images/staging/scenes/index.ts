import type { RgbaImage } from '../../../../core/raster.js';
import { canvasToRgba } from '../../raster-io.js';
import type { SceneChoice } from '../choose-scene.js';
import type { StageLayout } from '../layout.js';
import type { SceneKind } from '../staged-scene.js';
import { paintOutdoor } from './outdoor.js';
import { startPainting, type Painting } from './painting.js';
import { paintPaletteBackdrop, paintPodium, paintReflectionFloor, paintStudio } from './studio-scenes.js';
import { paintFabric, paintMarble, paintWood } from './surfaces.js';

const PAINTERS: Record<SceneKind, (p: Painting) => void> = {
  'studio-gradient': paintStudio,
  podium: paintPodium,
  'reflection-floor': paintReflectionFloor,
  'wood-surface': paintWood,
  'marble-surface': paintMarble,
  'fabric-surface': paintFabric,
  'palette-backdrop': paintPaletteBackdrop,
  'outdoor-light': paintOutdoor,
};

/** The scene alone (wall, floor, podium, light), opaque, the frame's size. */
export function paintScene(choice: SceneChoice, layout: StageLayout, palette: string[]): RgbaImage {
  const { canvas, p } = startPainting(choice, layout, palette);
  PAINTERS[choice.kind](p);
  return canvasToRgba(canvas);
}
