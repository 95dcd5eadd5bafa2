import { lipsyncV2Kind } from '../../domain/avatars/lipsync-kind.js';
import { prepareAvatarScenesPlan } from '../../pipelines/video/avatar-scenes/prepare-scene-plan.js';
import { renderAvatarScenes } from '../../pipelines/video/avatar-scenes/render-avatar-scenes.js';
import { avatarScenesPlanFiles, isAvatarScenesPlan } from '../../pipelines/video/avatar-scenes/scene-plan.js';
import type { LipsyncJobDeps } from './lipsync.js';
import { plannedVideoJob } from './planned-video-job.js';

/**
 * AI Avatar v2: plan once (every scene voiced, every picture fetched), save the plan with the
 * task, then draw a preview and/or the full render from it.
 */
export function lipsyncV2Job(deps: LipsyncJobDeps) {
  return plannedVideoJob(lipsyncV2Kind, deps.blobs, {
    planProgressShare: 30,
    planFiles: avatarScenesPlanFiles,
    isPlan: isAvatarScenesPlan,
    prepare: (task, opts) => prepareAvatarScenesPlan(lipsyncV2Kind.inputOf(task).spec, task.accountId, deps, opts),
    render: (plan, req, opts) => renderAvatarScenes(plan, req, deps, opts),
  });
}
