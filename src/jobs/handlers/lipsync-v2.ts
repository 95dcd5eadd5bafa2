import type { AvatarVideoSpec } from '../../domain/avatars/avatar-video-spec.js';
import { LIPSYNC_V2_JOB_NAME } from '../../domain/avatars/lipsync-service.js';
import { prepareAvatarScenesPlan } from '../../pipelines/video/avatar-scenes/prepare-scene-plan.js';
import { renderAvatarScenes } from '../../pipelines/video/avatar-scenes/render-avatar-scenes.js';
import { avatarScenesPlanFiles, type AvatarScenesPlan } from '../../pipelines/video/avatar-scenes/scene-plan.js';
import type { LipsyncJobDeps } from './lipsync.js';
import { plannedVideoJob } from './planned-video-job.js';

/**
 * AI Avatar v2: plan once (every scene voiced, every picture fetched), save the plan with the
 * task, then draw a preview and/or the full render from it.
 */
export function lipsyncV2Job(deps: LipsyncJobDeps) {
  return plannedVideoJob<AvatarScenesPlan>(deps.blobs, {
    name: LIPSYNC_V2_JOB_NAME,
    planProgressShare: 30,
    planFiles: avatarScenesPlanFiles,
    prepare: (task, opts) => prepareAvatarScenesPlan(task.input.spec as AvatarVideoSpec, task.accountId, deps, opts),
    render: (plan, req, opts) => renderAvatarScenes(plan, req, deps, opts),
  });
}
