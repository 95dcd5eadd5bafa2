/**
 * Planning an AI edit: fetch the source, read it (silences, shots, speech, the speaker's face),
 * and decide the cuts, the moving crop of each, the captions and the music. The plan is saved
 * with the task; previews and renders draw it (`render-edit.ts`).
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { TaskFailure } from '../../core/errors.js';
import type { WordTiming } from '../../core/timing.js';
import type { aiEditingKind } from '../../domain/editing/ai-editing-kind.js';
import { ASKED_PUNCH_IN_ZOOM, editingStyleLook } from '../../domain/editing/editing-styles.js';
import type { FaceEngine } from '../../engines/face/port.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import { TranscriptionError, type Transcriber, type Transcript } from '../../engines/transcribe/port.js';
import { firstFramePngArgs, pngSize } from '../../engines/ffmpeg/args/index.js';
import { editedSeconds } from '../../media/edit-compile.js';
import { FRAMES_PER_SECOND } from '../../media/frame-size.js';
import { resolveBackgroundMusic } from '../music/background-music.js';
import { findSilences, scanPicture } from './analyse-source.js';
import { planKeptSpans, retimeWords, splitForPunchIns } from './dead-air.js';
import type { EditPlan } from './edit-plan.js';
import { cutFor, fullWindow, smoothFacePath, type FaceSample, type Size } from './reframe.js';
import type { StepRun } from '../../core/step-run.js';

export type EditInput = ReturnType<typeof aiEditingKind.inputOf>;

export interface EditDeps {
  fetcher: UrlFetcher;
  ffmpeg: FfmpegEngine;
  faces: FaceEngine;
  transcriber: Transcriber;
  musicCacheDir: string;
}

const FULL_FRAMES: Record<'16:9' | '9:16' | '1:1', Size> = {
  '16:9': { width: 1920, height: 1080 },
  '9:16': { width: 1080, height: 1920 },
  '1:1': { width: 1080, height: 1080 },
};
/** Styles that score an edit with music when the request does not say. */
const MUSIC_BY_DEFAULT = new Set(['commercial', 'music', 'vlog', 'social']);
/** Pause kept at each pace, as a multiple of the style's; fast is a jump cut (0.12 s in the plain style). */
const PACE_FACTOR = { slow: 1.6, normal: 1, fast: 0.3 } as const;
/** A cut shorter than this keeps the previous cut's zoom: a punch-in on a blink is a jolt, not an edit. */
const MIN_PUNCH_IN_SECONDS = 1.2;
/** With zooms, the framing changes about this often during continuous speech. */
const PUNCH_IN_EVERY_SECONDS = 4;

export async function prepareEdit(input: EditInput, deps: EditDeps, opts: StepRun & { planDir: string }): Promise<EditPlan> {
  const { signal } = opts;
  const ops = input.operations;
  const look = editingStyleLook(input.editingStyle);
  const notes: string[] = [];
  await mkdir(opts.planDir, { recursive: true });

  const downloaded = await deps.fetcher.download(input.videoUrl, join(opts.workDir, 'source-download'), { accept: ['video'], signal });
  const sourceName = `source${safeExtension(downloaded.path, downloaded.contentType)}`;
  await copyFile(downloaded.path, join(opts.planDir, sourceName));
  const sourcePath = join(opts.planDir, sourceName);
  const probe = await deps.ffmpeg.probe(sourcePath, { signal });
  if (!probe.video) throw new TaskFailure('The file at video_url has no video stream; send an MP4 or MOV video.');
  // The decoded size: a phone video stored sideways with a rotation tag is decoded upright.
  const decoded = pngSize(await deps.ffmpeg.capture(firstFramePngArgs(sourcePath), { signal }));
  const size = decoded ?? { width: probe.video.width, height: probe.video.height };
  const source = { ...size, durationSeconds: probe.durationSeconds, hasAudio: Boolean(probe.audio) };
  opts.onProgress(0.08);

  const frame = input.aspectRatio ? FULL_FRAMES[input.aspectRatio] : sourceShapedFrame(source);
  const window = fullWindow(source, frame);
  const reframed = window.width < source.width - 2 || window.height < source.height - 2;
  const zoom = ops.zoom === false ? 1 : ops.zoom ? Math.max(look.punchInZoom, ASKED_PUNCH_IN_ZOOM) : look.punchInZoom;

  const silenceRead = source.hasAudio ? await findSilences(deps.ffmpeg, sourcePath, source.durationSeconds, signal) : null;
  opts.onProgress(0.12);

  // Speech and picture are read at once: the recogniser and the face search each leave a core idle much of the time.
  const share = { speech: 0, picture: 0 };
  const progress = () => opts.onProgress(0.12 + 0.83 * (0.6 * share.speech + 0.4 * share.picture));
  const needsPicture = reframed || zoom > 1;
  const [transcript, picture] = await Promise.all([
    source.hasAudio
      ? transcribe(deps.transcriber, sourcePath, notes, signal, (f) => {
          share.speech = f;
          progress();
        })
      : Promise.resolve(null),
    needsPicture
      ? scanPicture(deps, sourcePath, source, {
          workDir: opts.workDir,
          signal,
          onProgress: (f) => {
            share.picture = f;
            progress();
          },
        })
      : Promise.resolve({ shotChanges: [] as number[], samples: [] as FaceSample[] }),
  ]);
  if (!source.hasAudio) notes.push('The video has no sound: nothing to caption, no pauses to cut.');
  const words: WordTiming[] = transcript?.words ?? [];
  if (transcript && words.length === 0) notes.push('No speech was heard in the video: it was edited without captions.');
  const { shotChanges, samples: faceSamples } = picture;
  const seen = faceSamples.filter((s) => s.face).length;
  const faceSeenShare = faceSamples.length > 0 ? seen / faceSamples.length : null;
  if (faceSeenShare !== null && seen === 0) notes.push('No face was found in the video: the frame is cropped from its centre.');

  // Dead air is the quiet between words: with no words heard there is nothing to tighten (music, ambience).
  const noSpeech = transcript !== null && words.length === 0;
  const removeSilences = (ops.removeSilences ?? true) && source.hasAudio && !noSpeech;
  const keptFor = (cutPauses: boolean) =>
    planKeptSpans({
      durationSeconds: source.durationSeconds,
      silences: silenceRead?.silences ?? [],
      words,
      removeSilences: cutPauses,
      keptPauseSeconds: look.keptPauseSeconds * PACE_FACTOR[ops.pace ?? 'normal'],
      trimStartSeconds: ops.trimStartSeconds ?? 0,
      trimEndSeconds: ops.trimEndSeconds ?? 0,
      targetSeconds: ops.targetSeconds ?? null,
      framesPerSecond: FRAMES_PER_SECOND,
    });
  let kept = keptFor(removeSilences);
  if (removeSilences && editedLength(kept.spans) < Math.min(1, source.durationSeconds / 2)) {
    // Nearly all of it reads as silence (a very quiet take): cutting by level would leave nothing.
    kept = keptFor(false);
    notes.push('Almost the whole sound is under the silence level: pauses were not cut.');
  } else if (removeSilences) {
    notes.push(
      kept.pausesCut > 0
        ? `${kept.pausesCut} pauses cut down to a breath (${round1(kept.pauseSecondsCut)} s of dead air removed).`
        : 'No pause long enough to cut was found.',
    );
  } else if (noSpeech && (ops.removeSilences ?? true)) {
    notes.push('Pauses were not cut: with no speech there is no dead air between words.');
  }
  if (kept.spans.length === 0) throw new TaskFailure('Nothing of the video is left after the cuts the instructions ask for; ask for less to be cut.');
  if (kept.endedForTargetAtSeconds !== null) notes.push(`Ended at the end of a word to keep it to ${ops.targetSeconds} s.`);

  const path = smoothFacePath(faceSamples, shotChanges, source);
  let zoomed = false;
  // With zooms, long continuous stretches are split too, so the punch-in also changes while someone talks on.
  const pieces = zoom > 1 ? splitForPunchIns(kept.spans, words, PUNCH_IN_EVERY_SECONDS, FRAMES_PER_SECOND) : kept.spans;
  const cuts = pieces.map((span, i) => {
    // Punch in on every other cut (and never on a very short one) so the jump cuts read as edits.
    const long = span.endSeconds - span.startSeconds >= MIN_PUNCH_IN_SECONDS;
    zoomed = zoom > 1 && long ? i % 2 === 1 : zoomed && !long;
    return cutFor(span, path, source, window, zoomed ? zoom : 1, shotChanges);
  });

  const wantsCaptions = ops.captions ?? input.caption?.hidden !== true;
  const editWords = retimeWords(words, kept.spans);
  const captioned = wantsCaptions && editWords.length > 0;
  if (!wantsCaptions) notes.push('Captions were not asked for.');

  const wantsMusic = ops.music ?? (input.musicUrl !== null || MUSIC_BY_DEFAULT.has(input.editingStyle ?? ''));
  let musicName: string | null = null;
  if (wantsMusic) {
    const musicPath = await resolveBackgroundMusic({ url: input.musicUrl, seed: input.seed }, deps, { workDir: opts.workDir, signal });
    musicName = `music${extname(musicPath) || '.mp3'}`;
    await copyFile(musicPath, join(opts.planDir, musicName));
  }
  opts.onProgress(1);

  return {
    version: 1,
    files: { source: sourceName, music: musicName },
    source,
    frame,
    cuts,
    captions: captioned ? { words: editWords, setting: captionSettingFor(input.caption, look.captionStyle) } : null,
    music: musicName ? { volume: input.musicVolume ?? look.musicVolume } : null,
    voiceVolume: input.voiceVolume ?? 1,
    sourceSeconds: round3(source.durationSeconds),
    editedSeconds: round3(editedSeconds(cuts)),
    captioned,
    transcript: transcript?.text ?? '',
    transcriber: transcript?.engine ?? null,
    shotChanges,
    faceSeenShare,
    notes,
  };
}

/** What the recogniser heard; null (with a note) when it cannot hear this file, a retryable failure when it failed for now. */
async function transcribe(
  transcriber: Transcriber,
  mediaPath: string,
  notes: string[],
  signal: AbortSignal,
  onProgress: (f: number) => void,
): Promise<Transcript | null> {
  try {
    return await transcriber.transcribe({ mediaPath, signal, onProgress });
  } catch (err) {
    if (!(err instanceof TranscriptionError)) throw err;
    if (!err.permanent) throw new TaskFailure(`Speech recognition failed (${err.message}); create the edit again later.`, true);
    notes.push(`Speech could not be recognised (${err.message}): no captions, and pauses were cut by sound level alone.`);
    return null;
  }
}

/** The client's caption_setting, with the editing style's look when it names no style. */
function captionSettingFor(caption: Record<string, unknown> | null | undefined, styleDefault: string): Record<string, unknown> {
  const given = caption ?? {};
  const named = typeof given.style === 'string' && given.style.trim() !== '';
  return { ...given, style: named ? given.style : styleDefault, hidden: false };
}

/** The source's own shape at the contract's sizes: a contract shape when it is one, else the long side 1920. */
function sourceShapedFrame(source: Size): Size {
  const ratio = source.width / source.height;
  for (const size of Object.values(FULL_FRAMES)) {
    if (Math.abs(size.width / size.height - ratio) / ratio < 0.02) return size;
  }
  const scale = 1920 / Math.max(source.width, source.height);
  return { width: 2 * Math.round((source.width * scale) / 2), height: 2 * Math.round((source.height * scale) / 2) };
}

function safeExtension(path: string, contentType: string): string {
  const ext = extname(path).toLowerCase();
  if (/^\.(mp4|mov|m4v|webm|mkv)$/.test(ext)) return ext;
  return contentType === 'video/quicktime' ? '.mov' : contentType === 'video/webm' ? '.webm' : '.mp4';
}

function editedLength(spans: readonly { startSeconds: number; endSeconds: number }[]): number {
  return spans.reduce((sum, s) => sum + s.endSeconds - s.startSeconds, 0);
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
