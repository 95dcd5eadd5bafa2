import type { ClipwrightClient, Settling, TaskKindName } from '../../sdk/src/index.js';

/**
 * The names the tools give each kind of task, and the SDK group that reads it. Every creating
 * tool answers with its kind, so get_task and wait_for_task know where to look; a model that lost
 * it may leave it out and every kind is tried.
 */
export const TASK_KIND_GROUPS = {
  text_to_speech: 'textToSpeech',
  product_video: 'linkToVideos',
  avatar_video: 'avatarVideos',
  avatar_video_v2: 'avatarVideosV2',
  ai_short: 'aiShorts',
  template_video: 'customTemplateJobs',
  aurora: 'aurora',
  product_to_video: 'productVideos',
  ai_editing: 'aiEditing',
  text_generation: 'textGenerator',
  ai_script: 'aiScripts',
  asset_generation: 'assetGenerator',
  iab_images: 'iabImages',
  voice_clone: 'voiceClones',
  custom_avatar: 'customAvatars',
  inspiration_job: 'inspirationJobs',
  ad_clone: 'adClone',
} as const satisfies Record<string, TaskKindName>;

export type TaskKind = keyof typeof TASK_KIND_GROUPS;

/**
 * The tools' kinds under the API's task groups (`GET /api/tasks/`'s `group`: the first path
 * segment of the task's GET).
 */
export const API_GROUPS_OF_KIND: Record<TaskKind, readonly string[]> = {
  text_to_speech: ['text_to_speech'],
  product_video: ['link_to_videos'],
  avatar_video: ['lipsyncs'],
  avatar_video_v2: ['lipsyncs_v2'],
  ai_short: ['ai_shorts'],
  template_video: ['custom_template_jobs'],
  aurora: ['aurora'],
  product_to_video: ['product_to_videos'],
  ai_editing: ['ai_editing'],
  text_generation: ['text_generator'],
  ai_script: ['ai_scripts'],
  asset_generation: ['ai_generation'],
  iab_images: ['iab_images'],
  voice_clone: ['voices'],
  custom_avatar: ['personas'],
  inspiration_job: ['inspiration_jobs'],
  ad_clone: ['ads_clone'],
};

/** The tool's kind of an API group, or undefined for a group no tool reads. */
export function kindOfApiGroup(group: string): TaskKind | undefined {
  return (Object.keys(API_GROUPS_OF_KIND) as TaskKind[]).find((k) => API_GROUPS_OF_KIND[k].includes(group));
}
export const TASK_KIND_NAMES = Object.keys(TASK_KIND_GROUPS) as [TaskKind, ...TaskKind[]];

/** A task as the service answers it: the envelope plus the group's own fields. */
export type AnyTask = Settling & Record<string, unknown>;

interface Reader {
  get(id: string, options?: { signal?: AbortSignal }): Promise<AnyTask>;
  wait(id: string, options?: Parameters<ClipwrightClient['textToSpeech']['wait']>[1]): Promise<AnyTask>;
}

export function readerOf(client: ClipwrightClient, kind: TaskKind): Reader {
  return client[TASK_KIND_GROUPS[kind]] as unknown as Reader;
}

/**
 * The fields worth a model's context: status, why it failed, what it cost, and the media URLs.
 * Echoed request fields and word timings are left out (get_task's `full` returns everything).
 */
const SUMMARY_FIELDS = [
  'id',
  'status',
  'progress',
  'failed_reason',
  'credits_used',
  'duration',
  'name',
  'title',
  'output',
  'preview',
  'previews',
  'video_thumbnail',
  'thumbnail',
  'audio_url',
  'image_url',
  'video_url',
  'url',
  'link',
  'created_at',
  'updated_at',
] as const;

export function summarizeTask(kind: TaskKind, task: AnyTask): Record<string, unknown> {
  const summary: Record<string, unknown> = { kind };
  for (const field of SUMMARY_FIELDS) {
    const value = task[field];
    if (value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0)) summary[field] = value;
  }
  summary.next_step = nextStep(kind, task);
  return summary;
}

/** What to do next, in words a model acts on: the most common mistake is reading a URL that is not there yet. */
function nextStep(kind: TaskKind, task: AnyTask): string {
  const ref = `task_id "${task.id}", kind "${kind}"`;
  switch (task.status) {
    case 'pending':
    case 'processing':
      return `Still running. Call wait_for_task with ${ref} (or get_task later); media URLs appear when status is done.`;
    case 'failed':
      return 'The task failed; failed_reason says why. A failed task is not charged.';
    default:
      if (kind === 'product_video' && !task.output && task.preview) {
        return `Preview ready (a reduced-size MP4 with a preview mark). Show it; to make the full-quality video call render_product_video with task_id "${task.id}"${Array.isArray(task.previews) && task.previews.length > 1 ? ' and the media_job of the chosen entry of previews' : ''}.`;
      }
      return 'Done. The URLs are signed and expire (about 7 days by default); download what you need.';
  }
}
