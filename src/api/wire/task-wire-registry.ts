import { LIPSYNC_KIND, LIPSYNC_V2_KIND } from '../../domain/avatars/lipsync-service.js';
import { CLONED_VOICE_KIND } from '../../domain/speech/cloned-voice-service.js';
import { TTS_KIND } from '../../domain/speech/tts-service.js';
import type { Task } from '../../core/task.js';
import { LINK_VIDEO_KIND } from '../../domain/videos/link-video-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { linkVideoToWire } from './link-to-video.js';
import { lipsyncToWire } from './lipsync.js';
import { taskEnvelope } from './task.js';
import { ttsToWire } from './text-to-speech.js';
import { clonedVoiceToWire } from './voice.js';
import { AI_SCRIPT_KIND } from '../../domain/text/ai-script-service.js';
import { TEXT_GENERATION_KIND } from '../../domain/text/text-generation-service.js';
import { aiScriptToWire } from './ai-script.js';
import { textTaskToWire } from './text-generation.js';
import { AURORA_KIND } from '../../domain/avatars/aurora-service.js';
import { auroraToWire } from './aurora.js';
import { CUSTOM_AVATAR_KIND } from '../../domain/avatars/custom-avatars.js';
import { customAvatarToWire } from './custom-avatar.js';
import { IAB_KIND } from '../../domain/images/iab-service.js';
import { iabToWire } from './iab-images.js';
import { PRODUCT_VIDEO_KIND } from '../../domain/images/product-video-service.js';
import { productVideoToWire } from './product-video.js';
import { ASSET_GENERATION_KIND } from '../../domain/assets/asset-generation-service.js';
import { assetGenerationToWire } from './asset-generation.js';
import { INSPIRATION_JOB_KIND } from '../../domain/inspirations/inspiration-service.js';
import { inspirationJobToWire } from './inspiration.js';
import { AD_CLONE_KIND } from '../../domain/ad-clone/ad-clone-service.js';
import { adCloneToWire } from './ad-clone.js';
import { TEMPLATE_JOB_KIND } from '../../domain/templates/template-job-service.js';
import { templateJobToWire } from './custom-template.js';
import { AI_SHORT_KIND } from '../../domain/shorts/ai-short-service.js';
import { aiShortToWire } from './ai-short.js';
import { AI_EDITING_KIND } from '../../domain/editing/ai-editing-service.js';
import { aiEditingToWire } from './ai-editing.js';

/** A group's GET mapper, bound to what it needs. */
export type TaskWireMapper = (task: Task) => Record<string, unknown>;

/**
 * Task kind → the mapper its GET uses, so a webhook body is exactly the GET body. A new task kind
 * adds its line here (the GET route and the webhook then cannot drift apart).
 */
export function taskWireMappers(blobs: BlobStore): Record<string, TaskWireMapper> {
  return {
    [TTS_KIND]: (t) => ttsToWire(t, blobs),
    [LINK_VIDEO_KIND]: (t) => linkVideoToWire(t, blobs),
    [CLONED_VOICE_KIND]: (t) => clonedVoiceToWire(t, blobs),
    [LIPSYNC_KIND]: (t) => lipsyncToWire(t, blobs),
    [LIPSYNC_V2_KIND]: (t) => lipsyncToWire(t, blobs),
    [TEXT_GENERATION_KIND]: (t) => textTaskToWire(t),
    [AI_SCRIPT_KIND]: (t) => aiScriptToWire(t),
    [CUSTOM_AVATAR_KIND]: (t) => customAvatarToWire(t, blobs),
    [AURORA_KIND]: (t) => auroraToWire(t, blobs),
    [IAB_KIND]: (t) => iabToWire(t, blobs),
    [PRODUCT_VIDEO_KIND]: (t) => productVideoToWire(t, blobs),
    [ASSET_GENERATION_KIND]: (t) => assetGenerationToWire(t, blobs),
    [INSPIRATION_JOB_KIND]: (t) => inspirationJobToWire(t, blobs),
    [AD_CLONE_KIND]: (t) => adCloneToWire(t, blobs),
    [TEMPLATE_JOB_KIND]: (t) => templateJobToWire(t, blobs),
    [AI_SHORT_KIND]: (t) => aiShortToWire(t, blobs),
    [AI_EDITING_KIND]: (t) => aiEditingToWire(t, blobs),
  };
}

export class TaskWireRegistry {
  private readonly byKind: Map<string, TaskWireMapper>;

  constructor(mappers: Record<string, TaskWireMapper>) {
    this.byKind = new Map(Object.entries(mappers));
  }

  has(kind: string): boolean {
    return this.byKind.has(kind);
  }

  /** The GET shape; a kind with no mapper yet falls back to the shared envelope (id, status, failed_reason …). */
  toWire(task: Task): Record<string, unknown> {
    const mapper = this.byKind.get(task.kind);
    return mapper ? mapper(task) : taskEnvelope(task);
  }
}
