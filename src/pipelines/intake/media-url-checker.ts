import { MediaUnusable, type MediaUrlChecker } from '../../domain/media-check.js';
import { probeDownload, type ProbeDownloadDeps } from './probe-download.js';

/**
 * The create-time check of a client's media URL (the `MediaUrlChecker` port): downloaded into a
 * scratch folder and probed; nothing is kept.
 */
export function createMediaUrlChecker(deps: ProbeDownloadDeps): MediaUrlChecker {
  return {
    check(url, accept, signal) {
      return probeDownload(deps, url, { accept, signal, what: 'the file at this URL', scratchPrefix: 'check-' }, ({ file, probe }) => {
        const isPicture = file.contentType.startsWith('image/');
        // The label and the first bytes agreed on a picture; the decoder has the last word.
        if (isPicture && (!probe.video || probe.audio)) throw new MediaUnusable(`the file at this URL is labelled ${file.contentType} but is not a picture`);
        if (!isPicture && !(probe.durationSeconds > 0)) throw new MediaUnusable('the file at this URL has no playable length');
        if (accept.includes('audio') && !accept.includes('video') && !probe.audio) throw new MediaUnusable('the file at this URL has no audio track');
        return { contentType: file.contentType, durationSeconds: isPicture ? null : probe.durationSeconds, hasAudio: Boolean(probe.audio), ...(probe.video ? { widthPx: probe.video.width, heightPx: probe.video.height } : {}) };
      });
    },
  };
}
