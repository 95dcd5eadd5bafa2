import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { TaskFailure } from '../../core/errors.js';
import type { RgbaImage } from '../../core/raster.js';
import type { CustomAvatarRecord } from '../../domain/avatars/custom-avatars.js';
import { findBuiltinAvatar } from '../../domain/catalog/avatars.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { PersonSegmenter } from '../../engines/image/port.js';
import { renderStill } from '../avatar/draw/character.js';
import { decodeImage } from '../images/raster-io.js';
import { trimToAlpha } from '../images/raster-io.js';

export interface PresenterCutoutDeps {
  segmenter: PersonSegmenter;
  blobs: Pick<BlobStore, 'read'>;
  /** The account's active custom avatar, or null. */
  records: (accountId: string, avatarId: string) => Promise<CustomAvatarRecord | null>;
}

/** Size a built-in avatar is drawn at before trimming: a portrait card, tall enough for any staging. */
const DRAWN_WIDTH_PX = 720;
const DRAWN_HEIGHT_PX = 960;

/**
 * The presenter of a product shot, cut out (alpha 0 around the person), trimmed to the person.
 * Built-in avatars are drawn without their backdrop (they are vector characters: nothing to
 * segment); a custom avatar's photo is cut out with the person segmenter.
 */
export async function presenterCutout(
  deps: PresenterCutoutDeps,
  req: { accountId: string; avatarId: string; workDir: string; signal?: AbortSignal },
): Promise<RgbaImage> {
  const builtin = findBuiltinAvatar(req.avatarId);
  if (builtin) {
    const canvas = await renderStill(builtin.look, DRAWN_WIDTH_PX, DRAWN_HEIGHT_PX, { kind: 'transparent' });
    const pixels = canvas.getContext('2d').getImageData(0, 0, DRAWN_WIDTH_PX, DRAWN_HEIGHT_PX);
    return trimToAlpha(
      { width: DRAWN_WIDTH_PX, height: DRAWN_HEIGHT_PX, data: new Uint8Array(pixels.data.buffer, pixels.data.byteOffset, pixels.data.length) },
      17,
    );
  }
  const record = await deps.records(req.accountId, req.avatarId);
  if (!record) throw new TaskFailure(`The avatar ${req.avatarId} is not available any more (deleted, or not active); choose another override_avatar.`);
  const stillPath = join(req.workDir, 'presenter-still');
  await pipeline(deps.blobs.read(record.stillKey), createWriteStream(stillPath));
  const photo = await decodeImage(stillPath);
  const mask = await deps.segmenter.segment(photo, { signal: req.signal });
  const data = new Uint8Array(photo.data);
  let kept = 0;
  for (let i = 0; i < mask.length; i++) {
    data[i * 4 + 3] = Math.min(data[i * 4 + 3]!, mask[i]!);
    if (mask[i]! > 127) kept++;
  }
  if (kept < mask.length * 0.02) throw new TaskFailure(`No person could be found in the photo of avatar ${req.avatarId}; choose another override_avatar.`);
  return trimToAlpha({ width: photo.width, height: photo.height, data }, 17);
}
