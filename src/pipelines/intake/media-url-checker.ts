import { MediaUnusable, type MediaUrlChecker } from '../../domain/media-check.js';
import type { MediaProbe } from '../../engines/ffmpeg/types.js';
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
        // A container with neither (an AVI holding only a subtitle chunk) has a length but nothing to play.
        if (!isPicture && !probe.audio && !probe.video) throw new MediaUnusable('the file at this URL has no audio or video track');
        if (accept.includes('audio') && !accept.includes('video') && !probe.audio) throw new MediaUnusable('the file at this URL has no audio track');
        return {
          contentType: decodedType(file.contentType, probe),
          durationSeconds: isPicture ? null : probe.durationSeconds,
          hasAudio: Boolean(probe.audio),
          ...(probe.video ? { widthPx: probe.video.width, heightPx: probe.video.height } : {}),
        };
      });
    },
  };
}

/** ffprobe's container names → the type of a sound-only file in them. */
const AUDIO_CONTAINERS: [RegExp, string][] = [
  [/^mp3$/, 'audio/mpeg'],
  [/^wav$/, 'audio/wav'],
  [/^flac$/, 'audio/flac'],
  [/^aac$/, 'audio/aac'],
  [/^ogg$/, 'audio/ogg'],
  [/\bwebm\b|matroska/, 'audio/webm'],
  [/\bmp4\b|\bm4a\b|\bmov\b/, 'audio/mp4'],
];

/**
 * A file labelled as a video that the decoder finds holds only sound (an M4A named clip.mp4) is
 * audio: the type the checks and their messages go by is the decoder's, not the label's.
 */
function decodedType(labelled: string, probe: MediaProbe): string {
  if (!labelled.startsWith('video/') || probe.video || !probe.audio) return labelled;
  return AUDIO_CONTAINERS.find(([re]) => re.test(probe.formatName))?.[1] ?? `audio/x-${probe.formatName.split(',')[0]}`;
}
