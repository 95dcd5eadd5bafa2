import { CLONE_VOICE_JOB } from '../domain/speech/cloned-voice-service.js';
import type { SpeechSynthesizer, VoiceCloner } from '../domain/speech/voice-directory.js';
import { TTS_JOB } from '../domain/speech/tts-service.js';
import type { BlobStore } from '../engines/blobs/port.js';
import { JobCatalog } from '../jobs/job-catalog.js';
import { cloneVoiceJob } from '../jobs/handlers/clone-voice.js';
import { textToSpeechJob } from '../jobs/handlers/text-to-speech.js';
import { LINK_VIDEO_JOB } from '../domain/videos/link-video-service.js';
import { linkToVideoJob, type LinkVideoJobDeps } from '../jobs/handlers/link-to-video.js';
import { LIPSYNC_JOB } from '../domain/avatars/lipsync-service.js';
import { lipsyncJob, type LipsyncJobDeps } from '../jobs/handlers/lipsync.js';
import { LIPSYNC_V2_JOB_NAME } from '../domain/avatars/lipsync-service.js';
import { lipsyncV2Job } from '../jobs/handlers/lipsync-v2.js';
import { WEBHOOK_JOB } from '../domain/webhooks/webhook-event.js';
import { deliverWebhookJob, type WebhookJobDeps } from '../jobs/handlers/deliver-webhook.js';
import { TEXT_GENERATION_JOB } from '../domain/text/text-generation-service.js';
import { textGenerationJob, type TextGenerationJobDeps } from '../jobs/handlers/text-generation.js';
import { AURORA_JOB } from '../domain/avatars/aurora-service.js';
import { auroraJob, type AuroraJobDeps } from '../jobs/handlers/aurora.js';
import { CUSTOM_AVATAR_JOB } from '../domain/avatars/custom-avatars.js';
import { buildCustomAvatarJob, type CustomAvatarJobDeps } from '../jobs/handlers/build-custom-avatar.js';
import { IAB_JOB } from '../domain/images/iab-service.js';
import { iabImagesJob, type IabJobDeps } from '../jobs/handlers/iab-images.js';
import { PRODUCT_VIDEO_JOBS } from '../domain/images/product-video-service.js';
import { productImageJob, productVideoJob, type ProductVideoJobDeps } from '../jobs/handlers/product-video.js';
import { ASSET_GENERATION_JOB } from '../domain/assets/asset-generation-service.js';
import { assetGenerationJob, type AssetGenerationJobDeps } from '../jobs/handlers/asset-generation.js';
import { INSPIRATION_JOB } from '../domain/inspirations/inspiration-service.js';
import { inspirationJob, type InspirationJobDeps } from '../jobs/handlers/inspiration-job.js';
import { AD_CLONE_JOB } from '../domain/ad-clone/ad-clone-service.js';
import { adCloneJob, type AdCloneJobDeps } from '../jobs/handlers/ad-clone.js';
import { templateJobKind } from '../domain/templates/template-job-kind.js';
import { customTemplateJob, type TemplateJobDeps } from '../jobs/handlers/custom-template-job.js';
import { AI_SHORT_JOB } from '../domain/shorts/ai-short-service.js';
import { aiShortJob, type AiShortJobDeps } from '../jobs/handlers/ai-short.js';
import { AI_EDITING_JOB } from '../domain/editing/ai-editing-service.js';
import { aiEditingJob, type AiEditingJobDeps } from '../jobs/handlers/ai-editing.js';

/** Every job name a domain service may enqueue; the catalog must cover all of them at start-up. */
export const enqueuedJobNames = [
  TTS_JOB,
  CLONE_VOICE_JOB,
  LINK_VIDEO_JOB,
  LIPSYNC_JOB,
  LIPSYNC_V2_JOB_NAME,
  WEBHOOK_JOB,
  TEXT_GENERATION_JOB,
  CUSTOM_AVATAR_JOB,
  AURORA_JOB,
  IAB_JOB,
  ...PRODUCT_VIDEO_JOBS,
  ASSET_GENERATION_JOB,
  INSPIRATION_JOB,
  AD_CLONE_JOB,
  templateJobKind.jobs.make,
  AI_SHORT_JOB,
  AI_EDITING_JOB,
];

export interface JobWiringDeps {
  speech: SpeechSynthesizer;
  blobs: BlobStore;
  cloner: VoiceCloner;
  linkVideo: LinkVideoJobDeps;
  lipsync: LipsyncJobDeps;
  webhooks: WebhookJobDeps;
  text: TextGenerationJobDeps;
  customAvatars: CustomAvatarJobDeps;
  aurora: AuroraJobDeps;
  iab: IabJobDeps;
  productVideo: ProductVideoJobDeps;
  assetGeneration: AssetGenerationJobDeps;
  inspiration: InspirationJobDeps;
  adClone: AdCloneJobDeps;
  templates: TemplateJobDeps;
  aiShorts: AiShortJobDeps;
  aiEditing: AiEditingJobDeps;
}

export function buildJobCatalog(deps: JobWiringDeps): JobCatalog {
  return new JobCatalog()
    .register(textToSpeechJob(deps))
    .register(cloneVoiceJob(deps))
    .register(linkToVideoJob(deps.linkVideo))
    .register(lipsyncJob(deps.lipsync))
    .register(lipsyncV2Job(deps.lipsync))
    .register(deliverWebhookJob(deps.webhooks))
    .register(textGenerationJob(deps.text))
    .register(buildCustomAvatarJob(deps.customAvatars))
    .register(auroraJob(deps.aurora))
    .register(iabImagesJob(deps.iab))
    .register(productImageJob(deps.productVideo))
    .register(productVideoJob(deps.productVideo))
    .register(assetGenerationJob(deps.assetGeneration))
    .register(inspirationJob(deps.inspiration))
    .register(adCloneJob(deps.adClone))
    .register(customTemplateJob(deps.templates))
    .register(aiShortJob(deps.aiShorts))
    .register(aiEditingJob(deps.aiEditing));
}
