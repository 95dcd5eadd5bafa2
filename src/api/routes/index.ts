import type { FastifyInstance } from 'fastify';
import { linkRoutes, type LinkRouteDeps } from './links.js';
import { linkToVideoRoutes, type LinkToVideoRouteDeps } from './link-to-videos.js';
import { lipsyncRoutes, type LipsyncRouteDeps } from './lipsyncs.js';
import { lipsyncV2Routes, type LipsyncV2RouteDeps } from './lipsyncs-v2.js';
import { textToSpeechRoutes, type TextToSpeechRouteDeps } from './text-to-speech.js';
import { musicRoutes, type MusicRouteDeps } from './music.js';
import { personaRoutes, type PersonaRouteDeps } from './personas.js';
import { voiceRoutes, type VoiceRouteDeps } from './voices.js';
import { workspaceRoutes, type WorkspaceRouteDeps } from './workspace.js';
import { aiScriptRoutes, type AiScriptRouteDeps } from './ai-scripts.js';
import { textGeneratorRoutes, type TextGeneratorRouteDeps } from './text-generator.js';
import { customAvatarRoutes, type CustomAvatarRouteDeps } from './custom-avatars.js';
import { auroraRoutes, type AuroraRouteDeps } from './aurora.js';
import { iabImagesRoutes, type IabImagesRouteDeps } from './iab-images.js';
import { productVideoRoutes, type ProductVideoRouteDeps } from './product-videos.js';
import { assetGenerationRoutes, type AssetGenerationRouteDeps } from './asset-generation.js';
import { inspirationRoutes, type InspirationRouteDeps } from './inspirations.js';
import { adCloneRoutes, type AdCloneRouteDeps } from './ads-clone.js';
import { customTemplateRoutes, dyoaRoutes, type CustomTemplateRouteDeps } from './custom-templates.js';
import { aiShortRoutes, type AiShortRouteDeps } from './ai-shorts.js';
import { aiEditingRoutes, type AiEditingRouteDeps } from './ai-editing.js';
import { taskEventRoutes, type TaskEventRouteDeps } from './task-events.js';
import { taskListRoutes, type TaskListRouteDeps } from './task-list.js';

/** Everything the route modules use together; app/ supplies it, each module gets only its part. */
export type RouteDeps = LinkRouteDeps &
  LinkToVideoRouteDeps &
  LipsyncRouteDeps &
  LipsyncV2RouteDeps &
  TextToSpeechRouteDeps &
  MusicRouteDeps &
  PersonaRouteDeps &
  VoiceRouteDeps &
  WorkspaceRouteDeps &
  AiScriptRouteDeps &
  TextGeneratorRouteDeps &
  CustomAvatarRouteDeps &
  AuroraRouteDeps &
  IabImagesRouteDeps &
  ProductVideoRouteDeps &
  AssetGenerationRouteDeps &
  InspirationRouteDeps &
  AdCloneRouteDeps &
  CustomTemplateRouteDeps &
  AiShortRouteDeps &
  AiEditingRouteDeps &
  TaskEventRouteDeps &
  TaskListRouteDeps;

/** One module per spec group; each registers its own paths and receives only the services it uses. */
export function registerRoutes(app: FastifyInstance, d: RouteDeps): void {
  const { blobs, publicBaseUrl } = d;
  workspaceRoutes(app, { accountRecords: d.accountRecords });
  linkRoutes(app, { links: d.links, publicBaseUrl });
  textToSpeechRoutes(app, { tts: d.tts, blobs, publicBaseUrl });
  voiceRoutes(app, { clonedVoices: d.clonedVoices, voiceCatalog: d.voiceCatalog, blobs, publicBaseUrl });
  musicRoutes(app, { blobs, publicBaseUrl });
  linkToVideoRoutes(app, { linkVideos: d.linkVideos, blobs });
  lipsyncRoutes(app, { lipsyncs: d.lipsyncs, blobs });
  lipsyncV2Routes(app, { lipsyncsV2: d.lipsyncsV2, lipsyncs: d.lipsyncs, blobs });
  personaRoutes(app, { personas: d.personas, blobs, publicBaseUrl });
  customAvatarRoutes(app, { customAvatars: d.customAvatars, blobs });
  auroraRoutes(app, { aurora: d.aurora, blobs });
  iabImagesRoutes(app, { iabImages: d.iabImages, blobs });
  productVideoRoutes(app, { productVideos: d.productVideos, blobs });
  assetGenerationRoutes(app, { assetGeneration: d.assetGeneration, blobs });
  inspirationRoutes(app, { inspirations: d.inspirations, blobs });
  adCloneRoutes(app, { adClones: d.adClones, blobs });
  customTemplateRoutes(app, { templateCatalog: d.templateCatalog, templateJobs: d.templateJobs, blobs });
  dyoaRoutes(app, { templateCatalog: d.templateCatalog, blobs });
  aiShortRoutes(app, { aiShorts: d.aiShorts, blobs });
  aiEditingRoutes(app, { aiEditing: d.aiEditing, blobs });
  aiScriptRoutes(app, { aiScripts: d.aiScripts });
  textGeneratorRoutes(app, { textGeneration: d.textGeneration, streams: d.streams });
  taskListRoutes(app, { taskList: d.taskList, blobs, publicBaseUrl });
  taskEventRoutes(app, { taskWatcher: d.taskWatcher, blobs, streams: d.streams, eventsHeartbeatMs: d.eventsHeartbeatMs });
}
