import type { Task } from '../../core/task.js';
import { outputMediaJob } from '../../domain/tasks/media-job.js';
import { adCloneKind } from '../../domain/ad-clone/ad-clone-kind.js';
import type { AdAnalysis } from '../../domain/ad-clone/ad-analysis.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { envelopeWith } from './task.js';
import { retentionToWire } from './retention.js';
import { field, none, type TaskSummaryFields } from './task-summary.js';

/** The analysis in the contract's snake_case: what was seen in the reference. */
function analysisToWire(a: AdAnalysis) {
  return {
    duration: a.durationSeconds,
    width: a.widthPx,
    height: a.heightPx,
    shots: a.shots.map((s) => ({ index: s.index, start: s.startSeconds, end: s.endSeconds, duration: s.durationSeconds })),
    pacing: {
      shot_count: a.pacing.shotCount,
      average_shot_seconds: a.pacing.averageShotSeconds,
      shortest_shot_seconds: a.pacing.shortestShotSeconds,
      longest_shot_seconds: a.pacing.longestShotSeconds,
      cuts_per_minute: a.pacing.cutsPerMinute,
    },
    texts: a.texts.map((t) => ({ shot: t.shotIndex, at: t.atSeconds, text: t.text, box: t.box, color: t.color, words: t.words, lines: t.lines })),
    caption_look: a.captionLook
      ? {
          position: a.captionLook.position,
          region: a.captionLook.region,
          color: a.captionLook.color,
          case: a.captionLook.case,
          words_per_line: a.captionLook.wordsPerLine,
          text_height: a.captionLook.textHeight,
          shot_share: a.captionLook.shotShare,
        }
      : null,
    transcript: a.transcript
      ? {
          text: a.transcript.text,
          language: a.transcript.language,
          engine: a.transcript.engine,
          words: a.transcript.words.map((w) => ({ word: w.word, start: w.startSeconds, end: w.endSeconds })),
        }
      : null,
    script: {
      sentence_count: a.script.sentenceCount,
      hook: a.script.hook,
      call_to_action: a.script.callToAction,
      words_per_second: a.script.wordsPerSecond,
      sentences: a.script.sentences,
    },
    energy: {
      mean_db: a.energy.meanDb,
      voice_db: a.energy.voiceDb,
      background_db: a.energy.backgroundDb,
      speech_share: a.energy.speechShare,
      level: a.energy.level,
      curve_db: a.energy.curveDb,
    },
  };
}

/** An ad clone task: the envelope, the request's fields, the MP4, and what was cloned (analysis, template, script). */
export function adCloneToWire(t: Task, blobs: BlobStore) {
  const input = adCloneKind.shownInputOf(t);
  const result = adCloneKind.shownResultOf(t);
  const output = result.outputKey && result.outputExpired !== true ? blobs.signedUrl(result.outputKey) : null;
  return envelopeWith(t, {
    link: input.linkId ?? null,
    video_url: input.videoUrl ?? null,
    aspect_ratio: input.aspectRatio ?? null,
    language: input.language ?? null,
    output,
    video_output: output,
    thumbnail: result.thumbnailKey && result.outputExpired !== true ? blobs.signedUrl(result.thumbnailKey) : null,
    media_job: outputMediaJob(t, result.outputKey),
    analysis: result.analysis ? analysisToWire(result.analysis) : null,
    template: result.template ?? null,
    script: result.script ?? null,
    ...retentionToWire(result),
  });
}

export const adCloneSummary: TaskSummaryFields = { group: 'ads_clone', name: none, thumbnail: field('thumbnail'), output: field('output') };
