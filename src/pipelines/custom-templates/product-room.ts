import type { Template, TemplateBox } from '../../domain/custom-templates/template-format.js';
import type { CaptionSettingInput } from '../../media/captions/caption-setting.js';
import type { BackgroundMotion } from '../../media/timeline.js';
import { captionRect, motionSafe, within } from '../video/layout-zones.js';
import { freeArea, overlaps, type FrameRect } from '../video/product-area.js';

/**
 * Where a template's pictures may show their product so no text, panel, presenter or caption
 * covers it. A picture (a scene's background, or an image layer with something laid over it) is
 * made into a product shot (`video/product-shot.ts`): the photo framed, or the product cut out on a
 * backdrop in its colours, so the product's box lies whole in the part of the picture that nothing
 * covers — through the background's move. Templates that keep their words apart ask for nothing.
 * Ad Clone renders through here too: its text keeps the reference's places, and the product moves.
 */
export interface PictureRoom {
  /** The picture's box in the frame (fractions, top-left based): the whole frame for a background. */
  area: FrameRect;
  /** Where the product's box may lie, in fractions of the picture (0..1 both ways). */
  keep: FrameRect;
  /** The picture stands still (its background motion left out): the room is too small for the move. */
  still?: boolean;
  /**
   * How a background framed for its product alone is shown (`frameEvery`): the whole product with
   * room around it, a closer framing that still holds its whole box, or the cut-out on a designed
   * backdrop. Shots cycle through them, so a clone's cycled pictures do not all look alike.
   */
  framing?: Framing;
}

export type Framing = 'whole' | 'closer' | 'designed';
const FRAMINGS: readonly Framing[] = ['whole', 'closer', 'designed'];

/** Rooms by scene: the background's (`background`), and image layers' by their index. */
export interface SceneRooms {
  background: PictureRoom | null;
  layers: Map<number, PictureRoom>;
}

const FULL: FrameRect = { x0: 0, y0: 0, x1: 1, y1: 1 };
/** A gap kept between the product and what is laid beside it (share of the picture's side). */
const MARGIN = 0.02;

/**
 * The least room a product is moved into: an eighth of the picture each way, a twelfth of its area
 * (a band above a reference's title and captions that fill the middle of the frame still holds it).
 */
const MIN_SIDE = 0.12;
const MIN_AREA = 0.08;

const rectOfBox = (b: TemplateBox): FrameRect => ({ x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height });

/**
 * Pure. `isStill(slot)`: the slot holds a still picture (a clip is not re-framed). `captions`: the
 * caption look when the video shows captions, else null; they may show over any scene.
 * `frameEvery`: every still background that the template crops is a product photo (Ad Clone's link
 * pictures): it is framed around its product even when nothing is laid over it, since a crop to the
 * frame's shape that knows nothing of the product cuts it (a landscape photo at 9:16).
 */
export function productRooms(template: Template, isStill: (slot: string) => boolean, captions: CaptionSettingInput | null, frameEvery = false): SceneRooms[] {
  const units = { width: Number(template.aspect.split(':')[0]), height: Number(template.aspect.split(':')[1]) };
  const captionBox = captions ? captionRect(template.aspect, captions) : null;
  return template.scenes.map((scene, sceneIndex) => {
    const above = (from: number) => [...scene.layers.slice(from).map((l) => rectOfBox(l.box)), ...(captionBox ? [captionBox] : [])];
    const presenters = (from: number) => scene.layers.slice(from).flatMap((l) => (l.kind === 'avatar' ? [rectOfBox(l.box)] : []));
    const room = (area: FrameRect, obstacles: FrameRect[], motion: BackgroundMotion | null, standing: FrameRect[], always = false): PictureRoom | null => {
      const over = obstacles.filter((o) => overlaps(o, area));
      if (over.length === 0 && !always) return null;
      // A presenter standing over a large part of the picture (two fifths): it is their backdrop (a room, a colour).
      const areaOf = (r: FrameRect) => Math.max(0, r.x1 - r.x0) * Math.max(0, r.y1 - r.y0);
      const clip = (r: FrameRect) => ({ x0: Math.max(r.x0, area.x0), y0: Math.max(r.y0, area.y0), x1: Math.min(r.x1, area.x1), y1: Math.min(r.y1, area.y1) });
      if (standing.some((p) => areaOf(clip(p)) >= 0.4 * areaOf(area))) return null;
      const w = area.x1 - area.x0;
      const h = area.y1 - area.y0;
      const free = freeArea(
        { width: units.width * w, height: units.height * h },
        over.map((o) => within(area, o)),
        MARGIN,
      );
      if (!free) return null;
      const roomy = (k: FrameRect) => k.x1 - k.x0 >= MIN_SIDE && k.y1 - k.y0 >= MIN_SIDE && (k.x1 - k.x0) * (k.y1 - k.y0) >= MIN_AREA;
      const keep = motionSafe(free, motion);
      if (roomy(keep)) return { area, keep };
      // The move would take too much of a small room: the picture stands still instead.
      if (motion && roomy(free)) return { area, keep: free, still: true };
      // Too little room for a product to show: the picture is a backdrop (a room, a colour under a
      // presenter or a full panel), kept as the template places it.
      return null;
    };
    const bg = scene.background;
    const framed = 'slot' in bg && bg.fit === 'crop' && isStill(bg.slot);
    const found = framed ? room(FULL, above(0), (bg.motion ?? null) as BackgroundMotion | null, presenters(0), frameEvery) : null;
    const background = found && frameEvery ? { ...found, framing: FRAMINGS[sceneIndex % FRAMINGS.length]! } : found;
    const layers = new Map<number, PictureRoom>();
    scene.layers.forEach((layer, j) => {
      if (layer.kind !== 'image' || layer.shape === 'circle' || !isStill(layer.slot)) return;
      const r = room(rectOfBox(layer.box), above(j + 1), null, presenters(j + 1));
      if (r) layers.set(j, r);
    });
    return { background, layers };
  });
}
