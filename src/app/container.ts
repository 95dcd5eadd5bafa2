import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import { storeRateLimiter, memoryRateLimiter, type RateLimiter } from '../api/rate-limit.js';
import { AuthFailureThrottle } from '../api/auth-failures.js';
import { AccountService } from '../domain/accounts/account-service.js';
import { LinkService } from '../domain/links/link-service.js';
import { prices } from '../domain/credits/prices.js';
import { ClonedVoiceService, clonedVoiceLookup } from '../domain/speech/cloned-voice-service.js';
import { TextToSpeechService } from '../domain/speech/tts-service.js';
import type { Store } from '../core/store.js';
import { TaskService } from '../domain/tasks/task-service.js';
import { LazyBlobs } from '../engines/blobs/lazy-blobs.js';
import type { BlobStore } from '../engines/blobs/port.js';
import { UrlSigner } from '../engines/blobs/url-signer.js';
import { systemClock, type Clock } from '../core/clock.js';
import { kyselyStore } from '../engines/db/kysely-store.js';
import { openDatabase, type OpenDatabase } from '../engines/db/open-database.js';
import { BullQueue } from '../engines/queue/bullmq-queue.js';
import { LocalQueue } from '../engines/queue/local-queue.js';
import type { JobQueue } from '../engines/queue/port.js';
import { JobCatalog } from '../jobs/job-catalog.js';
import { JobRunner } from '../jobs/job-runner.js';
import { OutputRetentionSweep } from '../jobs/schedules/output-retention.js';
import { InlineLeaseSweep } from '../jobs/schedules/inline-leases.js';
import { IdempotencyKeySweep } from '../jobs/schedules/idempotency-keys.js';
import { IdempotencyService } from '../domain/idempotency/idempotency-service.js';
import { UploadSweep } from '../jobs/schedules/upload-sweep.js';
import type { Config } from './config.js';
import { createBlobStore } from './blob-wiring.js';
import { buildJobCatalog, enqueuedJobNames } from './job-wiring.js';
import { createFetcher } from './link-wiring.js';
import { linkPageScraper } from '../pipelines/links/page-scraper.js';
import { MUSIC_MP3_PREFIX, musicMp3s } from '../pipelines/music/music-mp3.js';
import { createSpeech, type SpeechWiring } from './speech-wiring.js';
import { PersonaDirectory } from '../domain/catalog/avatars-personas.js';
import { builtinAvatarPreviews } from '../pipelines/avatar/builtin-previews.js';
import { concurrencyLimit } from '../pipelines/avatar/preview-slots.js';
import { createVoiceCloner } from '../pipelines/speech/voice-match/voice-cloner.js';
import { linkVideoJobDeps } from './video-wiring.js';
import { videoVocabulary } from '../pipelines/video/video-vocabulary.js';
import { builtinAvatarDirectory } from '../domain/videos/builtin-avatar-directory.js';
import { customAvatarDirectory } from '../domain/avatars/custom-avatar-directory.js';
import { avatarVoiceIn, voiceForGender } from '../domain/catalog/avatar-voice.js';
import { findBuiltinAvatar } from '../domain/catalog/avatars.js';
import { drawnAvatarClips } from '../pipelines/avatar/clips/drawn-avatar-clips.js';
import { photoAvatarClips } from '../pipelines/avatar/clips/photo-avatar-clips.js';
import { createMediaUrlChecker } from '../pipelines/intake/media-url-checker.js';
import { createAvatarMediaIntake } from '../pipelines/intake/avatar-media-intake.js';
import { LipsyncService } from '../domain/avatars/lipsync-service.js';
import { LipsyncV2Service } from '../domain/avatars/lipsync-v2-service.js';
import { AiShortService } from '../domain/shorts/ai-short-service.js';
import { isLibraryMusicUrl } from '../pipelines/video/background-music.js';
import { VOICE_PREVIEW_PREFIX, voicePreviewMp3s } from '../pipelines/speech/voice-preview-mp3s.js';
import { LinkVideoService } from '../domain/videos/link-video-service.js';
import { createFfmpegEngine } from '../engines/ffmpeg/real-engine.js';
import { uploadAwareFetcher } from '../engines/fetch/upload-aware-fetcher.js';
import { UploadFiles } from '../domain/upload-files.js';
import { TaskEventBus } from '../domain/tasks/task-events.js';
import { createWebhookSender, taskWire, webhookJobDeps, webhookUrlCheck } from './webhook-wiring.js';
import type { NetworkOverride } from './network-override.js';
import { subscribeWebhooks } from '../domain/webhooks/webhook-outbox.js';
import { webhookBodies } from '../api/wire/webhook-body.js';
import { AiScriptService } from '../domain/text/ai-script-service.js';
import { TextGenerationService } from '../domain/text/text-generation-service.js';
import { InlineTasks } from '../domain/tasks/inline-tasks.js';
import type { LlmRegistry } from '../engines/llm/registry.js';
import { createTextModels } from './text-wiring.js';
import { builtInCopywriter } from '../pipelines/text/built-in-copywriter.js';
import { AuroraService } from '../domain/avatars/aurora-service.js';
import { createTranscriber, type Transcriber } from '../engines/transcribe/index.js';
import { ProductVideoService } from '../domain/images/product-video-service.js';
import { createFaceApiEngine, type FaceEngine } from '../engines/face/index.js';
import { CustomAvatarService } from '../domain/avatars/custom-avatar-service.js';
import { customAvatarPreviewVideos } from '../pipelines/avatar/custom/custom-avatar-previews.js';
import { createImageEngines } from './image-wiring.js';
import type { ImageEngines } from '../engines/image/port.js';
import { CUSTOM_AVATAR_PREVIEW_PREFIX } from '../domain/avatars/custom-avatars.js';
import { IabImagesService } from '../domain/images/iab-service.js';
import { AssetGenerationService } from '../domain/assets/asset-generation-service.js';
import { AiEditingService } from '../domain/editing/ai-editing-service.js';
import { createAssetModelCatalog } from './asset-wiring.js';
import { InspirationService } from '../domain/inspirations/inspiration-service.js';
import { INSPIRATIONS } from '../domain/catalog/inspirations.js';
import { assertRecipesCover } from '../pipelines/images/inspirations/inspiration-recipes.js';
import { INSPIRATION_PREVIEW_PREFIX, inspirationPreviews } from '../pipelines/images/inspirations/inspiration-previews.js';
import { AdCloneService } from '../domain/ad-clone/ad-clone-service.js';
import { createTesseractOcr } from '../engines/ocr/tesseract-ocr.js';
import { TemplateCatalog, TEMPLATE_PREVIEW_PREFIX } from '../domain/templates/template-catalog.js';
import { TemplateJobService } from '../domain/templates/template-job-service.js';
import { loadTemplateCatalog } from '../pipelines/templates/template-files.js';
import { templatePreviews } from '../pipelines/templates/template-previews.js';
import type { TaskChangeFeed } from '../engines/events/port.js';
import { MemoryTaskChangeFeed } from '../engines/events/memory-feed.js';
import { PostgresTaskChangeFeed } from '../engines/events/postgres-feed.js';
import { publishingStore } from '../engines/db/publishing-store.js';
import { TaskWatcher } from '../domain/tasks/task-watch.js';
import { TaskList } from '../domain/tasks/task-list.js';

/** Everything wired once; the only place that chooses implementations from configuration. */
export interface Container {
  config: Config;
  log: Logger;
  clock: Clock;
  db: OpenDatabase;
  store: Store;
  signer: UrlSigner;
  blobs: BlobStore;
  /** Files sent as multipart parts, each owned by the account that sent it. */
  uploads: UploadFiles;
  lazyBlobs: LazyBlobs;
  speech: SpeechWiring;
  queue: JobQueue;
  catalog: JobCatalog;
  runner: JobRunner;
  rateLimiter: RateLimiter;
  /** Wrong credentials per remote address (429 once an address has spent its burst). */
  authFailures: AuthFailureThrottle;
  accounts: AccountService;
  tasks: TaskService;
  links: LinkService;
  tts: TextToSpeechService;
  /** Avatars endpoints: built-in avatars, custom ones through `personas.useCustomSource`. */
  personas: PersonaDirectory;
  /** Faces and landmarks (@vladmandic/face-api on TensorFlow.js WASM, loaded on first use). */
  faces: FaceEngine;
  /** Cut-out, person masks, smart crop and the optional remote images provider (the images family). */
  images: ImageEngines;
  /** Speech in clients' media → words with times (Whisper sidecar, pocketsphinx or a remote provider). */
  transcriber: Transcriber;
  customAvatars: CustomAvatarService;
  aurora: AuroraService;
  iabImages: IabImagesService;
  /** Product Video: staged product images, then display or talking videos from them. */
  productVideos: ProductVideoService;
  /** Asset Generator: the model catalog (built-in, and the remote provider's when configured) and its tasks. */
  assetGeneration: AssetGenerationService;
  aiEditing: AiEditingService;
  /** Inspiration: the pre-made styles (recipes over the images family) and the jobs that apply them. */
  inspirations: InspirationService;
  /** Ad Clone: a reference ad analysed (shots, OCR, transcript, energy) and re-made as a template with a link's product. */
  adClones: AdCloneService;
  linkVideos: LinkVideoService;
  /** Custom Templates and DYOA: the catalog (built-in files, then the operator's folder) and the jobs. */
  templateCatalog: TemplateCatalog;
  templateJobs: TemplateJobService;
  lipsyncs: LipsyncService;
  /** AI Avatar v2 creates and reads; its preview and render go through `lipsyncs`. */
  lipsyncsV2: LipsyncV2Service;
  /** AI Shorts: creates, previews, renders and reads. */
  aiShorts: AiShortService;
  clonedVoices: ClonedVoiceService;
  /** Text models by model_name: built-in, and a configured chat-completions provider's. */
  textModels: LlmRegistry;
  textGeneration: TextGenerationService;
  aiScripts: AiScriptService;
  /** Deletes the files of tasks whose ttl_days ran out; started by the roles that run jobs. */
  retention: OutputRetentionSweep;
  /** Fails inline tasks (streamed text) whose process died, releasing their hold; started by the roles that run jobs. */
  inlineLeases: InlineLeaseSweep;
  /** Idempotency-Key of POST requests (`api/idempotency/`). */
  idempotency: IdempotencyService;
  /** Deletes expired idempotency keys; started by the roles that run jobs. */
  idempotencySweep: IdempotencyKeySweep;
  /** Deletes uploads no task uses once their grace period is over; started by the roles that run jobs. */
  uploadSweep: UploadSweep;
  /** Task status and progress changes, announced by the store and heard by event streams. */
  taskFeed: TaskChangeFeed;
  taskWatcher: TaskWatcher;
  /** Every group's tasks of an account in one list (`GET /api/tasks/`). */
  taskList: TaskList;
  close(): Promise<void>;
}

export async function createContainer(config: Config, opts: { log?: Logger; clock?: Clock; network?: NetworkOverride } = {}): Promise<Container> {
  // Asynchronous stdout: a poll's access line is handed to the event loop instead of a blocking
  // write, and lines that arrive while one is being written go out together; pino flushes what is
  // left when the process exits.
  const log = opts.log ?? pino({ level: config.logLevel, base: { service: 'clipwright' } }, pino.destination({ dest: 1, sync: false }));
  const clock = opts.clock ?? systemClock;
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Live task events: LISTEN/NOTIFY when the database is shared (PostgreSQL), in-process otherwise.
  const taskFeed: TaskChangeFeed =
    db.dialect === 'postgres' && config.databaseUrl ? new PostgresTaskChangeFeed(db.db, config.databaseUrl, log) : new MemoryTaskChangeFeed();
  const store = publishingStore(kyselyStore(db.db, db.dialect, db.direct), taskFeed);
  const signer = new UrlSigner(config.signingSecret, config.publicBaseUrl, config.fileUrlTtlSeconds, () => clock.nowMs());
  // Local files or an S3 bucket (S3_BUCKET); lazily made keys are known once lazyBlobs exists below.
  const lazyRef: { current: LazyBlobs | null } = { current: null };
  const blobs = await createBlobStore(config, signer, (key) => lazyRef.current?.handles(key) ?? false);

  const catalogRef: { current: JobCatalog | null } = { current: null };
  const lanes = { laneOf: (name: string) => catalogRef.current?.laneOf(name) ?? ('heavy' as const), lightConcurrency: config.queue.lightConcurrency };
  const queue: JobQueue = config.redisUrl
    ? new BullQueue(
        store,
        clock,
        {
          redisUrl: config.redisUrl,
          queueName: 'clipwright-jobs',
          concurrency: config.queue.concurrency,
          leaseMs: config.queue.leaseMs,
          maxAttempts: config.queue.maxAttempts,
          retryBaseMs: config.queue.retryBaseMs,
          dispatchSweepMs: Math.max(500, config.queue.pollMs * 4),
          dispatchTimeoutMs: config.queue.dispatchTimeoutMs,
          outageRetryMs: config.queue.outageRetryMs,
          lanes,
        },
        log,
      )
    : new LocalQueue(store, clock, { ...config.queue, names: () => catalogRef.current?.names() ?? [], lanes }, log);

  const ffmpeg = createFfmpegEngine(config.ffmpeg);
  // Scratch folders of jobs and create-time checks; each run removes its own.
  const tempRoot = join(config.dataDir, 'tmp');
  const webhookUrls = webhookUrlCheck(config, opts.network);
  const tasks = new TaskService(store, queue, clock, config.queue.maxAttempts, webhookUrls);
  const speech = await createSpeech(config, log, ffmpeg, { clonedVoices: clonedVoiceLookup(store) });
  const defaultVoice = () => speech.defaultVoiceId ?? null;
  // Media fields take a URL or a multipart file part (`upload:` values) alike.
  const uploads = new UploadFiles(blobs);
  const fetcher = uploadAwareFetcher(createFetcher(config, opts.network), blobs, (ref) => uploads.keyOf(ref));
  const cloner = createVoiceCloner({ engines: speech.engines, catalog: speech.catalog, fetcher, ffmpeg, blobs, tempRoot });
  const lazyBlobs = new LazyBlobs(blobs);
  lazyRef.current = lazyBlobs;
  lazyBlobs.register(MUSIC_MP3_PREFIX, musicMp3s(ffmpeg));
  lazyBlobs.register(VOICE_PREVIEW_PREFIX, voicePreviewMp3s(speech.renderPreview));
  const personas = new PersonaDirectory((avatar) => avatarVoiceIn(speech.catalog, avatar));
  // Two preview renders at a time (built-in and custom avatars' alike) keep the API responsive on a 2-core machine.
  const previewSlot = concurrencyLimit(2);
  lazyBlobs.register('avatar-previews/', builtinAvatarPreviews({ catalog: speech.catalog, engines: speech.engines, ffmpeg, slot: previewSlot }));
  const faces = createFaceApiEngine();
  const images = createImageEngines(config);
  const transcriber = createTranscriber(ffmpeg, config.transcription);
  const customAvatars = new CustomAvatarService(tasks, store, createAvatarMediaIntake({ fetcher, ffmpeg, blobs, tempRoot }), blobs, clock, {
    limit: config.customAvatarLimit,
    voiceForGender: voiceForGender(speech.catalog),
  });
  personas.useCustomSource(customAvatars);
  const customRecords = (accountId: string, id: string) => customAvatars.record(accountId, id);
  const avatarClips = drawnAvatarClips(ffmpeg, photoAvatarClips({ ffmpeg, faces, blobs, records: customRecords }));
  lazyBlobs.register(
    CUSTOM_AVATAR_PREVIEW_PREFIX,
    customAvatarPreviewVideos({
      records: customRecords,
      blobs,
      ffmpeg,
      faces,
      synthesizer: speech.synthesizer,
      fallbackVoiceId: defaultVoice,
      slot: previewSlot,
    }),
  );
  const avatars = builtinAvatarDirectory(speech.catalog, customAvatarDirectory(customAvatars));
  const mediaChecker = createMediaUrlChecker({ fetcher, ffmpeg, tempRoot });
  const linkVideo = linkVideoJobDeps({ blobs, fetcher, speech: speech.synthesizer, ffmpeg, dataDir: config.dataDir, avatars: avatarClips });
  const assetModels = createAssetModelCatalog(images);
  assertRecipesCover(INSPIRATIONS);
  lazyBlobs.register(INSPIRATION_PREVIEW_PREFIX, inspirationPreviews({ engines: images, ffmpeg }));
  // A broken operator template is logged and skipped; the service starts without it.
  const templateCatalog = new TemplateCatalog(
    await loadTemplateCatalog(config.templates.operatorDir, (skipped) => {
      log.warn({ file: skipped.file, problems: skipped.problems }, 'template file skipped: not a valid template');
    }),
  );
  const templateRender = {
    ffmpeg,
    speech: speech.synthesizer,
    avatars: avatarClips,
    fetcher,
    musicCacheDir: linkVideo.musicCacheDir,
    defaultVoiceId: speech.defaultVoiceId ?? '',
    voiceOfAvatar: (id: string) => {
      const builtin = findBuiltinAvatar(id);
      return builtin ? avatarVoiceIn(speech.catalog, builtin) : null;
    },
  };
  lazyBlobs.register(TEMPLATE_PREVIEW_PREFIX, templatePreviews({ ...templateRender, catalog: templateCatalog, blobs, slot: previewSlot }));
  const textModels = createTextModels(config);
  const textPriceMillicredits = prices.textGeneration(config.llm.textGenerationCredits);
  const catalog = buildJobCatalog({
    speech: speech.synthesizer,
    blobs,
    cloner,
    linkVideo,
    lipsync: { ...linkVideo, avatars: avatarClips },
    webhooks: webhookJobDeps(config, store, clock, createWebhookSender(config, opts.network)),
    text: { models: textModels, priceMillicredits: textPriceMillicredits },
    aurora: { blobs, fetcher, faces, ffmpeg, uploader: createWebhookSender(config, opts.network, 'Clipwright-Uploads/0.1') },
    customAvatars: { faces, ffmpeg, blobs, taskExists: async (id) => (await store.tasks.get(id)) !== null },
    iab: { blobs, fetcher, faces, images },
    productVideo: {
      blobs,
      fetcher,
      images,
      ffmpeg,
      speech: speech.synthesizer,
      avatars: avatarClips,
      presenters: { blobs, records: customRecords },
      musicCacheDir: linkVideo.musicCacheDir,
      outputScale: config.productVideo.outputScale,
    },
    assetGeneration: { blobs, fetcher, ffmpeg, images, catalog: assetModels },
    inspiration: { blobs, fetcher, ffmpeg, images },
    adClone: {
      blobs,
      fetcher,
      outputScale: config.adClone.outputScale,
      analysis: { ffmpeg, ocr: createTesseractOcr(), transcriber },
      render: {
        ffmpeg,
        speech: speech.synthesizer,
        avatars: null,
        fetcher,
        musicCacheDir: linkVideo.musicCacheDir,
        defaultVoiceId: speech.defaultVoiceId ?? '',
      },
      voiceFor: (language) => videoVocabulary(speech.catalog).defaultVoiceFor(language),
      scriptLanguages: builtInCopywriter.languages,
    },
    templates: { ...templateRender, blobs, outputScale: config.templates.outputScale },
    aiShorts: { blobs, fetcher, speech: speech.synthesizer, ffmpeg, images, musicCacheDir: linkVideo.musicCacheDir },
    aiEditing: { blobs, fetcher, ffmpeg, faces, transcriber, musicCacheDir: linkVideo.musicCacheDir },
  });
  catalog.assertCovers(enqueuedJobNames);
  catalogRef.current = catalog;
  const taskEvents = new TaskEventBus();
  subscribeWebhooks(taskEvents, { bodyOf: webhookBodies(taskWire(blobs), log), dispatcher: queue, clock, maxAttempts: config.webhooks.maxAttempts });
  const runner = new JobRunner(
    store,
    catalog,
    clock,
    log,
    {
      startDelayMs: config.jobStartDelayMs,
      tempRoot,
      outageRetryMs: config.queue.outageRetryMs,
      outageGiveUpMs: config.queue.outageGiveUpMs,
    },
    taskEvents,
  );

  // Pages are read with the plain fetcher: a link is a URL, never an upload.
  const pageScraper = linkPageScraper(createFetcher(config, opts.network));
  const links = new LinkService(store, pageScraper, clock, mediaChecker);
  const inlineLeaseMs = config.inlineTasks.leaseSeconds * 1000;
  const inlineTasks = new InlineTasks(store, clock, taskEvents, webhookUrls, { leaseMs: inlineLeaseMs, renewEveryMs: Math.floor(inlineLeaseMs / 3) });
  const inlineLeases = new InlineLeaseSweep(store, inlineTasks, clock, log, { intervalMs: config.inlineTasks.sweepSeconds * 1000 });
  const idempotencyLockMs = config.idempotency.lockSeconds * 1000;
  const idempotency = new IdempotencyService(store.idempotencyKeys, clock, {
    ttlMs: config.idempotency.ttlHours * 3_600_000,
    lockMs: idempotencyLockMs,
    renewEveryMs: Math.floor(idempotencyLockMs / 3),
  });
  const idempotencySweep = new IdempotencyKeySweep(store.idempotencyKeys, clock, log, { intervalMs: config.idempotency.sweepSeconds * 1000 });
  const retention = new OutputRetentionSweep(store, blobs, clock, log, { intervalMs: config.retentionSweepSeconds * 1000 });
  const uploadSweep = new UploadSweep(uploads, store, clock, log, {
    intervalMs: config.uploadSweep.sweepSeconds * 1000,
    graceMs: config.uploadSweep.graceSeconds * 1000,
  });
  // Shared counters in the database when it is shared (PostgreSQL); in memory for the embedded one.
  const limiter = (capacity: number, refillPerSecond: number) =>
    config.databaseUrl ? storeRateLimiter(store, capacity, refillPerSecond, clock) : memoryRateLimiter(capacity, refillPerSecond, clock);
  const rateLimiter = limiter(config.rateLimit.capacity, config.rateLimit.refillPerSecond);
  const authFailures = new AuthFailureThrottle(limiter(config.authFailureLimit.capacity, config.authFailureLimit.refillPerSecond), clock);

  return {
    config,
    log,
    clock,
    db,
    store,
    signer,
    blobs,
    uploads,
    lazyBlobs,
    speech,
    queue,
    catalog,
    runner,
    rateLimiter,
    authFailures,
    accounts: new AccountService(store, clock, { verifiedTtlMs: config.authCacheSeconds * 1000 }),
    tasks,
    links,
    tts: new TextToSpeechService(tasks, speech.voices),
    personas,
    faces,
    images,
    transcriber,
    customAvatars,
    aurora: new AuroraService(tasks, mediaChecker, webhookUrls),
    iabImages: new IabImagesService(tasks, mediaChecker),
    productVideos: new ProductVideoService(tasks, mediaChecker, avatars, speech.voices, builtInCopywriter, defaultVoice),
    assetGeneration: new AssetGenerationService(tasks, assetModels, mediaChecker),
    inspirations: new InspirationService(tasks, mediaChecker),
    adClones: new AdCloneService(tasks, links, mediaChecker, builtInCopywriter.languages),
    templateCatalog,
    templateJobs: new TemplateJobService(tasks, store, templateCatalog, mediaChecker, avatars, speech.voices, defaultVoice, config.templates.previewWaitMs),
    aiEditing: new AiEditingService(tasks, mediaChecker, isLibraryMusicUrl),
    linkVideos: new LinkVideoService(tasks, links, speech.voices, avatars, videoVocabulary(speech.catalog), mediaChecker, isLibraryMusicUrl),
    lipsyncs: new LipsyncService(tasks, speech.voices, avatars, mediaChecker, defaultVoice),
    lipsyncsV2: new LipsyncV2Service(tasks, speech.voices, avatars, mediaChecker, defaultVoice, isLibraryMusicUrl),
    aiShorts: new AiShortService(tasks, speech.voices, mediaChecker, defaultVoice, isLibraryMusicUrl),
    clonedVoices: new ClonedVoiceService(tasks, store, cloner, blobs, clock, prices.voiceClone(config.voiceCloneCredits)),
    textModels,
    textGeneration: new TextGenerationService(tasks, inlineTasks, store, textModels, textPriceMillicredits, config.llm.syncTimeoutMs),
    aiScripts: new AiScriptService(store, tasks, pageScraper, builtInCopywriter, clock),
    retention,
    inlineLeases,
    idempotency,
    idempotencySweep,
    uploadSweep,
    taskFeed,
    taskWatcher: new TaskWatcher(store.tasks, taskFeed),
    taskList: new TaskList(store.tasks),
    async close() {
      await retention.stop();
      await inlineLeases.stop();
      await idempotencySweep.stop();
      await uploadSweep.stop();
      transcriber.stop?.();
      log.flush();
      // Streams still running past the server's close lose their lease; a sweep fails them.
      inlineTasks.stopRenewing();
      await queue.close();
      await taskFeed.close();
      await db.close();
    },
  };
}
