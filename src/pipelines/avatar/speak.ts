import { join } from 'node:path';
import type { AvatarLook } from '../../domain/catalog/avatars-look.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { SpeechEngines } from '../../engines/speech/port.js';
import { synthesizeToWav, type SpeechVoice } from '../speech/synthesize-speech.js';
import type { AvatarBackground } from './draw/character.js';
import { renderTalkingHead, type TalkingHeadResult } from './render/render-talking-head.js';
import type { TalkingHeadFormat } from './render/ffmpeg-args.js';
import { mouthTrackFromAudioFile, mouthTrackFromTimings } from './visemes/index.js';

export interface SpeakingClipOptions {
  workDir: string;
  width: number;
  height: number;
  background: AvatarBackground;
  format: TalkingHeadFormat;
  outputPath: string;
  seed: number;
  preset?: string;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/** Share of progress for speech synthesis; the rest is the clip. */
const SPEECH_SHARE = 0.2;

/**
 * A drawn avatar saying a text: the speech engine speaks it (with phone timings where the engine
 * has them), the mouth follows those phones, and the voice is muxed into the clip.
 */
export async function renderSpeakingAvatar(
  input: { look: AvatarLook; text: string; voice: SpeechVoice },
  deps: { engines: SpeechEngines; ffmpeg: FfmpegEngine },
  opts: SpeakingClipOptions,
): Promise<TalkingHeadResult & { wavPath: string }> {
  const wavPath = join(opts.workDir, 'speech.wav');
  const speech = await synthesizeToWav({ text: input.text, voice: input.voice }, deps, {
    workDir: opts.workDir,
    outWavPath: wavPath,
    signal: opts.signal,
    onProgress: (f) => opts.onProgress?.(f * SPEECH_SHARE),
  });
  const track = mouthTrackFromTimings(speech, speech.durationSeconds);
  const clip = await renderTalkingHead(
    {
      look: input.look,
      track,
      width: opts.width,
      height: opts.height,
      background: opts.background,
      audioPath: wavPath,
      format: opts.format,
      outputPath: opts.outputPath,
      seed: opts.seed,
      preset: opts.preset,
    },
    { workDir: opts.workDir, signal: opts.signal, ffmpeg: deps.ffmpeg, onProgress: (f) => opts.onProgress?.(SPEECH_SHARE + f * (1 - SPEECH_SHARE)) },
  );
  return { ...clip, wavPath };
}

/** A drawn avatar mouthing a recording (a client's own voiceover): the mouth is read from the audio. */
export async function renderAvatarForAudio(
  input: { look: AvatarLook; audioPath: string },
  deps: { ffmpeg: FfmpegEngine },
  opts: SpeakingClipOptions,
): Promise<TalkingHeadResult> {
  const track = await mouthTrackFromAudioFile(deps.ffmpeg, input.audioPath, { signal: opts.signal });
  return renderTalkingHead(
    {
      look: input.look,
      track,
      width: opts.width,
      height: opts.height,
      background: opts.background,
      audioPath: input.audioPath,
      format: opts.format,
      outputPath: opts.outputPath,
      seed: opts.seed,
      preset: opts.preset,
    },
    { workDir: opts.workDir, signal: opts.signal, ffmpeg: deps.ffmpeg, onProgress: opts.onProgress },
  );
}
