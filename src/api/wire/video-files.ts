import type { BlobStore } from '../../engines/blobs/port.js';

/** Where a video task's steps put its files (`plannedVideoOutputs`): the render, the preview and the thumbnail. */
interface VideoFileKeys {
  outputKey?: string | null;
  previewKey?: string | null;
  thumbnailKey?: string | null;
}

/**
 * A video task's files as the contract shows them, signed: `output` (again as `video_output`),
 * `preview` and `video_thumbnail`, each null until made (`videoFilesShape` documents them).
 */
export function videoFilesToWire(result: VideoFileKeys, blobs: BlobStore) {
  const url = (key: string | null | undefined) => (typeof key === 'string' ? blobs.signedUrl(key) : null);
  const output = url(result.outputKey);
  return {
    output,
    video_output: output,
    preview: url(result.previewKey),
    video_thumbnail: url(result.thumbnailKey),
  };
}
