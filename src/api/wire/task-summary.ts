import type { Task } from '../../core/task.js';
import { AD_CLONE_KIND } from '../../domain/ad-clone/ad-clone-service.js';
import { ASSET_GENERATION_KIND } from '../../domain/assets/asset-generation-service.js';
import { AURORA_KIND } from '../../domain/avatars/aurora-service.js';
import { CUSTOM_AVATAR_KIND } from '../../domain/avatars/custom-avatars.js';
import { LIPSYNC_KIND, LIPSYNC_V2_KIND } from '../../domain/avatars/lipsync-service.js';
import { AI_EDITING_KIND } from '../../domain/editing/ai-editing-service.js';
import { IAB_KIND } from '../../domain/images/iab-service.js';
import { PRODUCT_VIDEO_KIND } from '../../domain/images/product-video-service.js';
import { INSPIRATION_JOB_KIND } from '../../domain/inspirations/inspiration-service.js';
import { AI_SHORT_KIND } from '../../domain/shorts/ai-short-service.js';
import { CLONED_VOICE_KIND } from '../../domain/speech/cloned-voice-service.js';
import { TTS_KIND } from '../../domain/speech/tts-service.js';
import { TEMPLATE_JOB_KIND } from '../../domain/templates/template-job-service.js';
import { AI_SCRIPT_KIND } from '../../domain/text/ai-script-service.js';
import { TEXT_GENERATION_KIND } from '../../domain/text/text-generation-service.js';
import { LINK_VIDEO_KIND } from '../../domain/videos/link-video-service.js';
import { type TaskGroupName } from '../schemas/tasks.js';
import { taskEnvelope } from './task.js';
import type { TaskWireRegistry } from './task-wire-registry.js';

type Body = Record<string, any>;
type FieldPick = (body: Body) => string | null;

/** Where a group's GET body keeps what a task list shows; read from that body, so URLs are signed exactly as its GET signs them. */
interface SummaryFields {
  group: TaskGroupName;
  name: FieldPick;
  thumbnail: FieldPick;
  output: FieldPick;
}

const NAME_CHARACTERS = 80;
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const field =
  (name: string): FieldPick =>
  (b) =>
    text(b[name]);
const none: FieldPick = () => null;
const firstOf =
  (...picks: FieldPick[]): FieldPick =>
  (b) => {
    for (const pick of picks) {
      const found = pick(b);
      if (found !== null) return found;
    }
    return null;
  };
/** A long text (a script, a prompt) as a one-line name. */
const excerpt =
  (pick: FieldPick): FieldPick =>
  (b) => {
    const found = pick(b)?.replace(/\s+/g, ' ').trim();
    if (!found) return null;
    return found.length <= NAME_CHARACTERS ? found : `${found.slice(0, NAME_CHARACTERS - 1).trimEnd()}…`;
  };

const video = (group: TaskGroupName, name: FieldPick = field('name')): SummaryFields => ({
  group,
  name,
  thumbnail: field('video_thumbnail'),
  output: field('output'),
});

/** Task kind → its group and the fields of its GET body that name it, picture it and hold its result. */
const summaries: Record<string, SummaryFields> = {
  [TTS_KIND]: { group: 'text_to_speech', name: excerpt(field('text')), thumbnail: none, output: field('output') },
  [LINK_VIDEO_KIND]: video('link_to_videos', firstOf(field('name'), field('url'))),
  [LIPSYNC_KIND]: video('lipsyncs'),
  [LIPSYNC_V2_KIND]: video('lipsyncs_v2'),
  [AURORA_KIND]: video('aurora'),
  [PRODUCT_VIDEO_KIND]: {
    group: 'product_to_videos',
    name: firstOf(field('product_url'), excerpt(field('image_prompt'))),
    thumbnail: firstOf(field('video_thumbnail'), field('generated_photo_url')),
    // Until a video is made, the staged photo is what the task produced.
    output: firstOf(field('video_url'), field('generated_photo_url')),
  },
  [AI_EDITING_KIND]: video('ai_editing'),
  [AI_SHORT_KIND]: video('ai_shorts', firstOf(field('name'), excerpt(field('script')))),
  [TEMPLATE_JOB_KIND]: video('custom_template_jobs'),
  [TEXT_GENERATION_KIND]: { group: 'text_generator', name: excerpt((b) => text(b.messages?.[0]?.content)), thumbnail: none, output: none },
  [AI_SCRIPT_KIND]: { group: 'ai_scripts', name: firstOf(field('title'), (b) => text(b.product?.title)), thumbnail: none, output: none },
  [ASSET_GENERATION_KIND]: {
    group: 'ai_generation',
    name: field('model_name'),
    thumbnail: (b) => text(b.assets?.[0]?.thumbnail_url) ?? (b.assets?.[0]?.type === 'image' ? text(b.assets[0].url) : null),
    output: field('output'),
  },
  [IAB_KIND]: { group: 'iab_images', name: none, thumbnail: (b) => text(b.output?.[0]?.url), output: (b) => text(b.output?.[0]?.url) },
  [CLONED_VOICE_KIND]: { group: 'voices', name: field('name'), thumbnail: none, output: field('preview_url') },
  [CUSTOM_AVATAR_KIND]: { group: 'personas', name: field('name'), thumbnail: field('thumbnail'), output: none },
  [INSPIRATION_JOB_KIND]: {
    group: 'inspiration_jobs',
    name: field('inspiration_id'),
    thumbnail: (b) => text(b.thumbnail) ?? (b.gen_type === 'image' ? text(b.output) : null),
    output: field('output'),
  },
  [AD_CLONE_KIND]: { group: 'ads_clone', name: none, thumbnail: field('thumbnail'), output: field('output') },
};

export function groupOfKind(kind: string): TaskGroupName | null {
  return summaries[kind]?.group ?? null;
}

/** The task kinds of the given groups. */
export function kindsOfGroups(groups: readonly TaskGroupName[]): string[] {
  return Object.entries(summaries)
    .filter(([, s]) => groups.includes(s.group))
    .map(([kind]) => kind);
}

/**
 * One item of `GET /api/tasks/`: the shared envelope's status fields, the group, and the name,
 * thumbnail and output its group's GET shows (the first file where a task makes several).
 */
export function taskSummary(task: Task, wire: TaskWireRegistry) {
  const e = taskEnvelope(task);
  const s = summaries[task.kind];
  const body = s ? wire.toWire(task) : {};
  return {
    group: s?.group ?? task.kind,
    id: e.id,
    status: e.status,
    progress: e.progress,
    name: s ? s.name(body) : null,
    thumbnail: s ? s.thumbnail(body) : null,
    output: s ? s.output(body) : null,
    credits_used: e.credits_used,
    duration: e.duration,
    failed_reason: e.failed_reason,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}
