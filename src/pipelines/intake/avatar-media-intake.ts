import type { AvatarMediaIntake, KeptMedia } from '../../domain/avatars/custom-avatar-service.js';
import { MediaUnusable } from '../../domain/media-check.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { probeDownload, type ProbeDownloadDeps } from './probe-download.js';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/gif': '.gif',
  'video/mp4': '.mp4',
  'video/quicktime': '.mov',
  'video/webm': '.webm',
  'video/x-matroska': '.mkv',
  'video/x-msvideo': '.avi',
  'video/ogg': '.ogv',
};

/**
 * Custom avatars' media at create time (the `AvatarMediaIntake` port): fetched through the
 * service's fetcher (a URL, or an `upload:` value from a multipart part), probed, and kept in
 * blob storage for the build job.
 */
export function createAvatarMediaIntake(deps: ProbeDownloadDeps & { blobs: Pick<BlobStore, 'putFile'> }): AvatarMediaIntake {
  return {
    keep(value, keyStem, accept, signal) {
      return probeDownload(deps, value, { accept, signal, what: 'the file', scratchPrefix: 'avatar-media-' }, async ({ file, probe }): Promise<KeptMedia> => {
        const kind = file.contentType.startsWith('image/') ? 'image' : 'video';
        if (!probe.video || !(probe.video.width > 0)) throw new MediaUnusable(`the file has no picture (${file.contentType})`);
        if (kind === 'video' && !(probe.durationSeconds > 0)) throw new MediaUnusable('the video has no playable length');
        const key = keyStem + (EXTENSIONS[file.contentType] ?? (kind === 'image' ? '.img' : '.video'));
        await deps.blobs.putFile(key, file.path);
        return {
          key,
          kind,
          durationSeconds: kind === 'video' ? probe.durationSeconds : null,
          width: probe.video.width,
          height: probe.video.height,
        };
      });
    },
  };
}
