import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { decideSamePerson, detectSingleFace, SAME_PERSON_MAX_DISTANCE, type FaceEngine } from '../../../engines/face/index.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/index.js';
import { chooseFrontalStill } from './frontal-still.js';

/** A picture or a video showing one person. */
export interface FaceMedia {
  kind: 'image' | 'video';
  path: string;
}

export interface ConsentCheck {
  /** True when the consent media shows the same person as the avatar. */
  consentVerified: boolean;
  /** Descriptor distance; below `SAME_PERSON_MAX_DISTANCE` counts as the same person. */
  distance: number;
  threshold: number;
}

/**
 * Custom avatars v2: is the person in the consent video (or image) the avatar's person? Each side
 * must show exactly one face (`FaceNotUsable` otherwise; for a video, the most frontal frame is
 * used), and their recognition descriptors are compared.
 */
export async function checkConsent(
  engines: { faces: FaceEngine; ffmpeg: FfmpegEngine },
  avatar: FaceMedia,
  consent: FaceMedia,
  opts: { workDir: string; signal?: AbortSignal; maxDistance?: number },
): Promise<ConsentCheck> {
  const descriptorOf = async (media: FaceMedia, name: string): Promise<Float32Array> => {
    const picture =
      media.kind === 'image'
        ? media.path
        : (await chooseFrontalStill(engines, media.path, { workDir: await mkdtemp(join(opts.workDir, `${name}-`)), signal: opts.signal, sampleCount: 5 }))
            .imagePath;
    const face = await detectSingleFace(engines.faces, picture, { withDescriptors: true, signal: opts.signal });
    if (!face.descriptor) throw new Error(`the face engine gave no descriptor for the ${name}`);
    return face.descriptor;
  };
  const avatarDescriptor = await descriptorOf(avatar, 'avatar');
  const consentDescriptor = await descriptorOf(consent, 'consent');
  const threshold = opts.maxDistance ?? SAME_PERSON_MAX_DISTANCE;
  const { distance, samePerson } = decideSamePerson(avatarDescriptor, consentDescriptor, threshold);
  return { consentVerified: samePerson, distance, threshold };
}
