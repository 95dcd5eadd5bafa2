import { createWriteStream } from 'node:fs';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { customAvatarKind, type StoredMedia } from '../../domain/avatars/custom-avatar-kind.js';
import { consentMismatchReason, type CustomAvatarResult } from '../../domain/avatars/custom-avatars.js';
import type { PersonaAspect } from '../../domain/catalog/avatars-personas.js';
import { TaskFailure } from '../../core/errors.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { FaceEngine } from '../../engines/face/index.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import { buildCustomAvatar, type AvatarMedia } from '../../pipelines/avatar/custom/index.js';
import { defineKindJob } from '../job-definition.js';

export interface CustomAvatarJobDeps {
  faces: FaceEngine;
  ffmpeg: FfmpegEngine;
  blobs: BlobStore;
  /** Whether the avatar still exists (it may be deleted while it is being built). */
  taskExists(taskId: string): Promise<boolean>;
}

/**
 * Builds a custom avatar from the media kept at create: the one face and its still, a thumbnail
 * and previews cut around it, and the consent check. A consent of another person fails the
 * avatar with the measured distance. Free: the hold is 0.
 */
export function buildCustomAvatarJob(deps: CustomAvatarJobDeps) {
  return defineKindJob(customAvatarKind, 'build', async ({ input, task, signal, workDir, reportProgress }) => {
    const source = await restore(deps.blobs, input.source, join(workDir, 'source'));
    const consent = input.consent ? await restore(deps.blobs, input.consent, join(workDir, 'consent')) : null;
    reportProgress(5);
    const built = await buildCustomAvatar(
      deps,
      { source, consent, outDir: join(workDir, 'built') },
      {
        signal,
        onProgress: (f) => reportProgress(5 + f * 85),
      },
    );
    if (built.consent && !built.consent.consentVerified) {
      throw new TaskFailure(
        consentMismatchReason(input.consent!.field, { verified: false, distance: built.consent.distance, threshold: built.consent.threshold }),
      );
    }

    const result: CustomAvatarResult = {
      stillKey: customAvatarKind.fileKey(task, 'still'),
      face: { box: built.face.box, score: built.face.score, landmarks68: built.face.landmarks68 },
      thumbnailKey: customAvatarKind.fileKey(task, 'thumbnail'),
      previewImageKeys: {},
      consent: built.consent ? { verified: built.consent.consentVerified, distance: built.consent.distance, threshold: built.consent.threshold } : null,
      stillFromSeconds: built.stillFromSeconds,
    };
    await deps.blobs.putFile(result.stillKey, built.stillPath);
    await deps.blobs.putFile(result.thumbnailKey, built.thumbnailPath);
    for (const aspect of Object.keys(built.previewPaths) as PersonaAspect[]) {
      const key = customAvatarKind.fileKey(task, 'previewImage', aspect);
      await deps.blobs.putFile(key, built.previewPaths[aspect]!);
      result.previewImageKeys[aspect] = key;
    }
    // Deleted while it was being built: nothing may be left behind.
    if (!(await deps.taskExists(task.id))) {
      await Promise.all(
        [result.stillKey, result.thumbnailKey, ...Object.values(result.previewImageKeys)].map((k) => deps.blobs.remove(k).catch(() => undefined)),
      );
    }
    return { result: customAvatarKind.resultPatch(result), costMillicredits: customAvatarKind.price('build', input, null) };
  });
}

/** A kept media file back on local disk, for the pipeline. */
async function restore(blobs: BlobStore, media: StoredMedia, pathStem: string): Promise<AvatarMedia> {
  if (!(await blobs.stat(media.key))) throw new TaskFailure(`${media.field}: the file is no longer stored; create the avatar again.`);
  const path = pathStem + extname(media.key);
  await pipeline(blobs.read(media.key), createWriteStream(path));
  return { kind: media.kind, path, label: media.field };
}
