import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { videoThumbnailArgs } from '../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import { encodePng } from '../images/raster-io.js';
import type { AssetOutput } from '../images/asset-output.js';
import { thumbnailOf } from './asset-runners.js';

/** Thumbnails of generated videos are this wide (height by aspect). */
const VIDEO_THUMBNAIL_WIDTH = 480;

/** A model's or a recipe's output as files ready to store: a PNG, or the video with a JPEG thumbnail. */
export type AssetFiles =
  | { type: 'image'; path: string /** A small PNG, when asked for. */; thumbnailPath: string | null; widthPx: number; heightPx: number }
  | { type: 'video'; path: string; thumbnailPath: string; widthPx: number; heightPx: number; durationSeconds: number };

/**
 * Writes an output's files into `dir` as `<stem>.png` (and `<stem>-thumbnail.png` with
 * `imageThumbnail`) or `<stem>-thumbnail.jpg` beside the video, which stays where it was made.
 */
export async function assetFiles(
  out: AssetOutput,
  req: { dir: string; stem: string; imageThumbnail: boolean },
  ffmpeg: Pick<FfmpegEngine, 'run'>,
  signal: AbortSignal,
): Promise<AssetFiles> {
  if (out.type === 'image') {
    const path = join(req.dir, `${req.stem}.png`);
    await writeFile(path, await encodePng(out.image));
    const thumbnailPath = req.imageThumbnail ? join(req.dir, `${req.stem}-thumbnail.png`) : null;
    if (thumbnailPath) await writeFile(thumbnailPath, await thumbnailOf(out.image));
    return { type: 'image', path, thumbnailPath, widthPx: out.image.width, heightPx: out.image.height };
  }
  const thumbnailPath = join(req.dir, `${req.stem}-thumbnail.jpg`);
  await ffmpeg.run(
    videoThumbnailArgs({ input: out.path, durationSeconds: out.durationSeconds, atMostSeconds: 0.5, width: VIDEO_THUMBNAIL_WIDTH, output: thumbnailPath }),
    { signal },
  );
  return { type: 'video', path: out.path, thumbnailPath, widthPx: out.widthPx, heightPx: out.heightPx, durationSeconds: out.durationSeconds };
}
