import type { FaceEngine } from '../../../engines/face/index.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/index.js';
import { mouthTrackFromAudioFile, type MouthTrack } from '../visemes/index.js';
import { animatePortrait, type PhotoAvatarRequest, type PhotoAvatarResult } from './animate-photo.js';
import { photoFramesFromMouthTrack } from './from-mouth-track.js';

export interface TalkingPhotoRequest extends Omit<PhotoAvatarRequest, 'face' | 'frames' | 'audioPath'> {
  audioPath: string;
  /** The mouth per frame when it is known (e.g. from a speech engine's phones); default: from the audio itself. */
  mouthTrack?: MouthTrack;
}

/**
 * A photo speaking an audio file (Aurora; a photo avatar in AI Avatar v1/v2): the one face is
 * found (or `FaceNotUsable` thrown), the mouth track comes from the audio's energy and spectrum
 * unless given, and the video lasts as long as the audio (to the frame).
 */
export async function makeTalkingPhoto(engines: { faces: FaceEngine; ffmpeg: FfmpegEngine }, req: TalkingPhotoRequest): Promise<PhotoAvatarResult> {
  const track = req.mouthTrack ?? (await mouthTrackFromAudioFile(engines.ffmpeg, req.audioPath, { signal: req.signal }));
  const { mouthTrack: _unused, ...rest } = req;
  return animatePortrait(engines, { ...rest, frames: photoFramesFromMouthTrack(track) });
}
