import type { CaptionSettingInput } from '../../../media/captions/caption-setting.js';
import type { AspectRatio, Layer, Scene } from '../../../media/timeline.js';
import type { AvatarClip } from '../../avatar/clips/avatar-clip-maker.js';
import type { Box, Decorate } from '../layout-box.js';
import { rectOf, type FrameRect } from '../product-area.js';
import { FULL_AVATAR_PLACES, STAGE_COLOR } from './scene-styles.js';

/**
 * AI Avatar v1 over a background picture with a product in it (the cut-out found one): the
 * presenter and the product share the frame instead of the presenter standing in front of it.
 * The places are v2 FullAvatar's (the presenter large, the product whole in the rest), so one
 * product and one presenter look the same in both versions; captions go over the presenter's part.
 */
export interface TalkingBackdropPlaces {
  /** Where the product's box lies, in fractions of the frame; nothing is drawn over it. */
  product: FrameRect;
  presenter: { position: { x: number; y: number }; box: Box };
  /** The caption's place (centre and widest line), clear of the product. */
  caption: CaptionSettingInput;
}

function places(aspectRatio: AspectRatio): TalkingBackdropPlaces {
  const p = FULL_AVATAR_PLACES[aspectRatio];
  const product = rectOf(p.product.position, p.product.box);
  // Tall frames: captions low, across the presenter's body. Wide and square: in the presenter's half.
  const caption: CaptionSettingInput =
    aspectRatio === '9:16'
      ? { offset: { x: 0, y: 0.4 } }
      : { offset: { x: p.presenter.position.x, y: 0.38 }, max_width: Math.round(p.presenter.box.width * 0.92 * (aspectRatio === '16:9' ? 1920 : 1080)) };
  return { product, presenter: { position: p.presenter.position, box: p.presenter.box }, caption };
}

export const TALKING_BACKDROP_PLACES: Record<AspectRatio, TalkingBackdropPlaces> = {
  '9:16': places('9:16'),
  '16:9': places('16:9'),
  '1:1': places('1:1'),
};

/**
 * The one scene of a v1 video whose background shows a product: the picture cropped (or the
 * product cut out on a backdrop in its colours) so the product lies whole in its place, the
 * presenter's clip in theirs. Pure; `decorate` names the shot the renderer draws.
 */
export function talkingBackdropScene(aspectRatio: AspectRatio, picture: string, durationSeconds: number, clip: AvatarClip, decorate: Decorate): Scene {
  const at = TALKING_BACKDROP_PLACES[aspectRatio];
  const shot = decorate(
    'shot',
    { width: 1, height: 1 },
    { picture, keep: at.product, palette: { primary: STAGE_COLOR, accent: '#FFFFFF' }, whenNoProduct: 'fill' },
  );
  const presenter: Layer = {
    kind: 'avatar',
    path: clip.path,
    position: at.presenter.position,
    box: at.presenter.box,
    shape: 'normal',
    chromaKeyColor: clip.hasAlpha ? undefined : clip.chromaKeyColor,
  };
  return { durationSeconds, background: { kind: 'image', path: shot, fit: 'crop' }, layers: [presenter], layersInScene: true };
}
