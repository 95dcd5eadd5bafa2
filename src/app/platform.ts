import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import type { TaskWireRegistry } from '../api/wire/task-wire-registry.js';
import { webhookBodies } from '../api/wire/webhook-body.js';
import { type Clock, systemClock } from '../core/clock.js';
import type { Store } from '../core/store.js';
import { CustomAvatarService } from '../domain/avatars/custom-avatar-service.js';
import { customAvatarDirectory } from '../domain/avatars/custom-avatar-directory.js';
import { avatarVoiceIn, voiceForGender } from '../domain/catalog/avatar-voice.js';
import { PersonaDirectory } from '../domain/catalog/avatars-personas.js';
import type { PageScraper } from '../domain/links/link-facts.js';
import { LinkService } from '../domain/links/link-service.js';
import type { MediaUrlChecker } from '../domain/media-check.js';
import { clonedVoiceLookup } from '../domain/speech/cloned-voice-service.js';
import { InlineTasks } from '../domain/tasks/inline-tasks.js';
import { TaskEventBus } from '../domain/tasks/task-events.js';
import { countTaskOutcomes } from '../domain/tasks/task-outcome-metrics.js';
import { stagedPort } from '../engines/metrics/job-stages.js';
import { meteredFfmpeg } from '../engines/metrics/metered-ffmpeg.js';
import type { Metrics } from '../engines/metrics/port.js';
import { createPromMetrics } from '../engines/metrics/prom-metrics.js';
import { TaskService } from '../domain/tasks/task-service.js';
import { UploadFiles } from '../domain/upload-files.js';
import type { AvatarDirectory } from '../domain/videos/avatar-directory.js';
import { builtinAvatarDirectory } from '../domain/videos/builtin-avatar-directory.js';
import { subscribeWebhooks } from '../domain/webhooks/webhook-outbox.js';
import { LazyBlobs } from '../engines/blobs/lazy-blobs.js';
import type { BlobStore } from '../engines/blobs/port.js';
import { UrlSigner } from '../engines/blobs/url-signer.js';
import { kyselyStore } from '../engines/db/kysely-store.js';
import { type OpenDatabase, openDatabase } from '../engines/db/open-database.js';
import { publishingStore } from '../engines/db/publishing-store.js';
import { MemoryTaskChangeFeed } from '../engines/events/memory-feed.js';
import type { TaskChangeFeed } from '../engines/events/port.js';
import { PostgresTaskChangeFeed } from '../engines/events/postgres-feed.js';
import { createFaceApiEngine, type FaceEngine } from '../engines/face/index.js';
import { createFfmpegEngine } from '../engines/ffmpeg/real-engine.js';
import type { FfmpegEngine } from '../engines/ffmpeg/types.js';
import type { UrlFetcher } from '../engines/fetch/port.js';
import { uploadAwareFetcher } from '../engines/fetch/upload-aware-fetcher.js';
import { createStockMedia, type StockMediaSearch } from '../engines/stock-media/index.js';
import type { ImageEngines } from '../engines/image/port.js';
import { BullQueue } from '../engines/queue/bullmq-queue.js';
import type { Lane } from '../engines/queue/lanes.js';
import { LocalQueue } from '../engines/queue/local-queue.js';
import type { JobQueue } from '../engines/queue/port.js';
import { createTranscriber, type Transcriber } from '../engines/transcribe/index.js';
import type { WebhookSender } from '../engines/webhook/port.js';
import { photoAvatarClips } from '../pipelines/avatar/clips/photo-avatar-clips.js';
import { drawnAvatarClips } from '../pipelines/avatar/clips/drawn-avatar-clips.js';
import { concurrencyLimit } from '../core/concurrency.js';
import { createAvatarMediaIntake } from '../pipelines/intake/avatar-media-intake.js';
import { createMediaUrlChecker } from '../pipelines/intake/media-url-checker.js';
import { linkPageScraper } from '../pipelines/links/page-scraper.js';
import type { AvatarClipMaker } from '../pipelines/avatar/clips/avatar-clip-maker.js';
import { createBlobStore } from './blob-wiring.js';
import type { Config } from './config.js';
import { createImageEngines } from './image-wiring.js';
import { createFetcher } from './link-wiring.js';
import type { NetworkOverride } from './network-override.js';
import { createSpeech, type SpeechWiring } from './speech-wiring.js';
import { createWebhookSender, webhookUrlCheck } from './webhook-wiring.js';
import { createWriters, type WriterWiring } from './writer-wiring.js';

/**
 * What every group builds on, wired once from configuration: storage, the queue and tasks, the
 * engines, and the services several groups share (links, avatars, voices). A group module
 * (`app/groups/`) receives it and makes its own services from it; nothing here knows the groups.
 */
export interface Platform {
  config: Config;
  log: Logger;
  clock: Clock;
  db: OpenDatabase;
  store: Store;
  signer: UrlSigner;
  blobs: BlobStore;
  /** Files sent as multipart parts, each owned by the account that sent it. */
  uploads: UploadFiles;
  /** Catalog media made on first request; groups register their prefixes. */
  lazyBlobs: LazyBlobs;
  queue: JobQueue;
  tasks: TaskService;
  /** Tasks run inside a request (streamed text), leased so a dead process's are failed by a sweep. */
  inlineTasks: InlineTasks;
  /** Every task's end, heard by the webhook outbox; the job runner and inline tasks announce it. */
  taskEvents: TaskEventBus;
  /** Task status and progress changes, announced by the store and heard by event streams. */
  taskFeed: TaskChangeFeed;
  /** Every kind's GET mapper: webhook bodies, event streams and the task list show a task as its GET does. */
  taskWire: TaskWireRegistry;
  /** The create-time check of `webhook_url`: the fetcher's address rules. */
  webhookUrls: (url: string) => string | null;
  /** PUTs finished files to a client's upload URL under the same rules. */
  uploader: WebhookSender;
  /** Scratch folders of jobs and create-time checks; each run removes its own. */
  tempRoot: string;
  /** Library music tracks, made once per machine and reused by every video job. */
  musicCacheDir: string;
  /** Stock b-roll (Pexels/Pixabay) when the operator has a key, with the folder its clips are kept in; null offline. */
  stockMedia: { search: StockMediaSearch; cacheDir: string } | null;
  ffmpeg: FfmpegEngine;
  /** This process's figures for `/metrics` (prom-client): stages, jobs, queue, outcomes, credits, ffmpeg time. */
  metrics: Metrics;
  /** A client's URL or its `upload:` part alike. */
  fetcher: UrlFetcher;
  /** Link pages, read with the plain fetcher: a link is a URL, never an upload. */
  pageScraper: PageScraper;
  mediaChecker: MediaUrlChecker;
  speech: SpeechWiring;
  /** The voice used when a request names none (null when this machine has no voice). */
  defaultVoice: () => string | null;
  /** Faces and landmarks (@vladmandic/face-api on TensorFlow.js WASM, loaded on first use). */
  faces: FaceEngine;
  /** Cut-out, person masks, smart crop and the optional remote images provider (the images family). */
  images: ImageEngines;
  /** Speech in clients' media → words with times (Whisper sidecar, pocketsphinx or a remote provider). */
  transcriber: Transcriber;
  links: LinkService;
  /** Custom avatars: a group of their own, and the avatars every video group can name. */
  customAvatars: CustomAvatarService;
  /** Avatars endpoints: built-in avatars, custom ones through `personas.useCustomSource`. */
  personas: PersonaDirectory;
  /** Any avatar id (built-in or the account's custom one) → what the services check. */
  avatars: AvatarDirectory;
  /** Talking clips of any avatar for the video jobs. */
  avatarClips: AvatarClipMaker;
  /** Two preview renders at a time (built-in and custom avatars', templates') keep the API responsive on a 2-core machine. */
  previewSlot: <T>(task: () => Promise<T>) => Promise<T>;
  /** Who writes ad scripts (the local model when LLM_MODEL_PATH is set, else the built-in copywriter), and that model. */
  writers: WriterWiring;
}

export interface PlatformOptions {
  log?: Logger;
  clock?: Clock;
  network?: NetworkOverride;
  /** The groups' GET mappers, made once the file store exists (they sign its URLs). */
  taskWire: (blobs: BlobStore) => TaskWireRegistry;
  /** The job catalog, built from the groups after the queue: the queue asks it for names and lanes. */
  jobs: () => { names(): string[]; laneOf(name: string): Lane } | null;
}

export async function createPlatform(config: Config, opts: PlatformOptions): Promise<Platform> {
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
  // Each shared port a job's stages are read from is staged once here (`engines/metrics/job-stages.ts`).
  const blobs = stagedPort(await createBlobStore(config, signer, (key) => lazyRef.current?.handles(key) ?? false), { putFile: 'upload', putBuffer: 'upload' });
  const lazyBlobs = new LazyBlobs(blobs);
  lazyRef.current = lazyBlobs;

  const lanes = { laneOf: (name: string) => opts.jobs()?.laneOf(name) ?? ('heavy' as const), lightConcurrency: config.queue.lightConcurrency };
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
    : new LocalQueue(store, clock, { ...config.queue, names: () => opts.jobs()?.names() ?? [], lanes }, log);

  const metrics = createPromMetrics({ onCollectError: (err) => log.warn({ err }, 'metrics: the queue depth could not be read') });
  metrics.readQueueDepth(() => store.jobs.countByStatus());
  const ffmpeg = stagedPort(meteredFfmpeg(createFfmpegEngine(config.ffmpeg), metrics), { run: 'encode', measureLoudness: 'normalise' });
  const tempRoot = join(config.dataDir, 'tmp');
  const webhookUrls = webhookUrlCheck(config, opts.network);
  const tasks = new TaskService(store, queue, clock, config.queue.maxAttempts, webhookUrls);
  const taskWire = opts.taskWire(blobs);
  const taskEvents = new TaskEventBus();
  countTaskOutcomes(taskEvents, metrics);
  subscribeWebhooks(taskEvents, { bodyOf: webhookBodies(taskWire, log), dispatcher: queue, clock, maxAttempts: config.webhooks.maxAttempts });
  const inlineLeaseMs = config.inlineTasks.leaseSeconds * 1000;
  const inlineTasks = new InlineTasks(store, clock, taskEvents, webhookUrls, { leaseMs: inlineLeaseMs, renewEveryMs: Math.floor(inlineLeaseMs / 3) });

  const speechWired = await createSpeech(config, log, ffmpeg, { clonedVoices: clonedVoiceLookup(store) });
  const speech = { ...speechWired, synthesizer: stagedPort(speechWired.synthesizer, { synthesize: 'speak' }) };
  const uploads = new UploadFiles(blobs);
  const fetcher = stagedPort(
    uploadAwareFetcher(createFetcher(config, opts.network), blobs, (ref) => uploads.keyOf(ref)),
    { fetch: 'fetch', download: 'fetch' },
  );
  const pageScraper = linkPageScraper(createFetcher(config, opts.network));
  const mediaChecker = createMediaUrlChecker({ fetcher, ffmpeg, tempRoot });
  const faces = createFaceApiEngine();

  const customAvatars = new CustomAvatarService(tasks, store, createAvatarMediaIntake({ fetcher, ffmpeg, blobs, tempRoot }), blobs, clock, {
    limit: config.customAvatarLimit,
    voiceForGender: voiceForGender(speech.catalog),
  });
  const personas = new PersonaDirectory((avatar) => avatarVoiceIn(speech.catalog, avatar));
  personas.useCustomSource(customAvatars);
  const records = (accountId: string, id: string) => customAvatars.record(accountId, id);

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
    queue,
    tasks,
    inlineTasks,
    taskEvents,
    taskFeed,
    taskWire,
    webhookUrls,
    uploader: createWebhookSender(config, opts.network, 'Clipwright-Uploads/0.1'),
    tempRoot,
    musicCacheDir: join(config.dataDir, 'cache', 'music'),
    stockMedia: stockMediaOf(config),
    ffmpeg,
    metrics,
    fetcher,
    pageScraper,
    mediaChecker,
    speech,
    defaultVoice: () => speech.defaultVoiceId ?? null,
    faces,
    images: stagedImages(createImageEngines(config)),
    transcriber: stagedPort(createTranscriber(ffmpeg, config.transcription), { transcribe: 'transcribe' }),
    links: new LinkService(store, pageScraper, clock, mediaChecker),
    customAvatars,
    personas,
    avatars: builtinAvatarDirectory(speech.catalog, customAvatarDirectory(customAvatars)),
    avatarClips: stagedPort(drawnAvatarClips(ffmpeg, photoAvatarClips({ ffmpeg, faces, blobs, records })), { make: 'presenter' }),
    previewSlot: concurrencyLimit(2),
    writers: stagedWriters(createWriters(config, log)),
  };
}

function stagedImages(images: ImageEngines): ImageEngines {
  return { ...images, cutout: stagedPort(images.cutout, { cutOut: 'cut-out' }), segmenter: stagedPort(images.segmenter, { segment: 'cut-out' }) };
}

function stagedWriters(writers: WriterWiring): WriterWiring {
  return { ...writers, scriptAuthor: stagedPort(writers.scriptAuthor, { write: 'write' }) };
}

/** The stock libraries the operator has keys for, their searches and clips cached under the data folder. */
function stockMediaOf(config: Config): Platform['stockMedia'] {
  const cacheDir = join(config.dataDir, 'cache', 'stock');
  const search = createStockMedia(config.stockMedia, cacheDir);
  return search ? { search, cacheDir } : null;
}
