import type { PixelBox, RgbaImage } from '../../../core/raster.js';
import type { StageLayout } from './layout.js';

/**
 * The shared shape of a staged product shot. `stageProduct` (staging/stage-product.ts) makes it;
 * Product Video, IAB banners and the asset models read it; the motion renderers animate its
 * layers (saved as PNG files by `saveStagedLayers`).
 */

/** The built-in scene kinds: procedural, no neural generator (see README "Images"). */
export const SCENE_KINDS = [
  'studio-gradient',
  'podium',
  'reflection-floor',
  'wood-surface',
  'marble-surface',
  'fabric-surface',
  'palette-backdrop',
  'outdoor-light',
] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

export interface StageRequest {
  /** The cut-out product (alpha 0 outside it), any size; it is scaled, never redrawn. */
  product: RgbaImage;
  /** Output size in pixels. */
  width: number;
  height: number;
  /** Words that choose and tune the scene (colours, materials, mood). */
  prompt?: string;
  /** Same seed, same prompt, same inputs → the same picture; another seed → a visibly different one. */
  seed: number;
  /** Forces a scene kind instead of choosing from the prompt. */
  scene?: SceneKind;
  /** A second view of the product (cut-out), placed beside the first. */
  showcase?: RgbaImage;
  /** A cut-out presenter who stands beside the product. */
  presenter?: RgbaImage;
  /** A background made elsewhere (remote images provider), used instead of a built-in scene. */
  background?: RgbaImage;
  /**
   * A setting painted around this staging's own layout (the prompt's place and surface, drawn by
   * `images/settings/`), used instead of a built-in scene: painted after the layout is planned, so
   * its floor and light fall under the product, its second view and its presenter. `background` wins.
   */
  setting?: (layout: StageLayout, palette: string[]) => PaintedSetting;
  signal?: AbortSignal;
  /** Progress 0..1 (staging takes about a second at 1080p). */
  onProgress?: (fraction: number) => void;
}

/** A setting as `StageRequest.setting` paints it. */
export interface PaintedSetting {
  /** Opaque, the frame's size. */
  image: RgbaImage;
  /** What was drawn ("mountain on granite, …"), the staged scene's description. */
  description: string;
  /** Where its key light stands, 0 (left) … 1 (right): the shadows fall away from it. */
  lightX: number;
}

/** A layer cut to its box: `image` is `box.width × box.height`, transparent around the subject. */
export interface PlacedLayer {
  image: RgbaImage;
  box: PixelBox;
}

export interface StagedScene {
  /** The built-in scene, `remote` (a provider's background) or `setting` (a place painted from the prompt). */
  kind: SceneKind | 'remote' | 'setting';
  /** A short description of what was chosen ("walnut wood surface, warm light"). */
  description: string;
  /** The finished still, `width × height`, opaque. */
  composite: RgbaImage;
  /** The scene alone (backdrop and floor), `width × height`, opaque. */
  background: RgbaImage;
  /** Contact shadow and reflection, `width × height`, transparent elsewhere; null when the scene has none. */
  shadow: RgbaImage | null;
  product: PlacedLayer;
  showcase?: PlacedLayer;
  presenter?: PlacedLayer;
  /** The product's own colours, `#rrggbb`, most prominent first. */
  palette: string[];
}

/** A staged scene's layers as PNG files, for ffmpeg. Paths are absolute. */
export interface StagedLayerFiles {
  width: number;
  height: number;
  backgroundPng: string;
  shadowPng: string | null;
  product: { png: string; box: PixelBox };
  showcase?: { png: string; box: PixelBox };
  presenter?: { png: string; box: PixelBox };
  /** The finished still, for motions that move the whole picture. */
  compositePng: string;
}
