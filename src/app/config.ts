import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_CPU_WORKERS } from '../engines/cpu/off-thread.js';
import { DEFAULT_RENDER_SEGMENTS } from '../engines/ffmpeg/real-engine.js';
import { X264_PRESETS, type X264Preset } from '../engines/ffmpeg/args/video-encoders.js';
import type { S3Settings } from '../engines/blobs/open-s3-blob-store.js';
import type { StockMediaSettings } from '../engines/stock-media/index.js';
import { DEFAULT_OUTAGE_GIVE_UP_SECONDS, DEFAULT_OUTAGE_RETRY_MS } from '../jobs/job-runner.js';

/** Everything the service reads from its environment, read once at start-up. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  publicBaseUrl: string;
  allowPrivateUrls: boolean;
  signingSecret: string;
  fileUrlTtlSeconds: number;
  /** Where files live (an S3-compatible bucket when `S3_BUCKET` is set, else `<DATA_DIR>/files`) and which URLs clients get for them. */
  blobStorage: { s3: S3Settings | null; fileUrls: FileUrls };
  bodyLimitBytes: number;
  /** Largest file part of a multipart request (files become `upload:` values). */
  uploadLimitBytes: number;
  /** Slow clients: headers must arrive within `headersTimeoutMs`, the whole request within `requestTimeoutMs` (0 = no limit); at most `maxConnectionsPerAddress` open connections per remote address (0 = no cap). */
  connections: { headersTimeoutMs: number; requestTimeoutMs: number; maxConnectionsPerAddress: number };
  /** Uploads no task uses: how long they are kept, and seconds between passes of the sweep that deletes them (job-running roles). */
  uploadSweep: { graceSeconds: number; sweepSeconds: number };
  rateLimit: { capacity: number; refillPerSecond: number };
  /** Failed authentications per remote address: a burst, then this many a minute; beyond that, 429 for the address. */
  authFailureLimit: { capacity: number; refillPerSecond: number };
  /** How long a verified key is trusted without a database look-up; also how long a key revoked by another process may still work. */
  authCacheSeconds: number;
  fetch: { timeoutMs: number; maxBytes: number; maxRedirects: number };
  /**
   * `outageRetryMs`/`outageGiveUpMs`: a job that meets an outage (the database, the file storage,
   * a full disk) is run again every `outageRetryMs` without spending an attempt, and fails with
   * the outage as its reason once it has waited `outageGiveUpMs` for it.
   */
  queue: {
    concurrency: number;
    lightConcurrency: number;
    leaseMs: number;
    pollMs: number;
    maxAttempts: number;
    retryBaseMs: number;
    dispatchTimeoutMs: number;
    outageRetryMs: number;
    outageGiveUpMs: number;
  };
  /**
   * `OPERATIONS_TOKEN`: the bearer token of the operations endpoints (`/metrics`); unset, they answer
   * 404. `METRICS_PORT`: a worker process (no API port) serves its own `/metrics` there; unset, none.
   */
  operations: { token: string | null; workerMetricsPort: number | null };
  /** How long /readyz waits for each dependency (database, Redis, file storage, disk) before reporting it down. */
  readinessTimeoutMs: number;
  /** /readyz reports the data disk down below this much free space. */
  diskMinFreeBytes: number;
  /** Webhook delivery: per-attempt timeout, attempts per event, and the exponential wait between them. */
  webhooks: { timeoutMs: number; maxAttempts: number; retryBaseMs: number; retryMaxDelayMs: number };
  /** Seconds between passes of the output-retention sweep (workers only; tasks created with ttl_days). */
  retentionSweepSeconds: number;
  /** Inline tasks (streamed text): how long a lease lasts unrenewed, and seconds between passes of the sweep that fails lapsed ones (job-running roles). */
  inlineTasks: { leaseSeconds: number; sweepSeconds: number };
  /** Idempotency-Key: how long a key keeps its first response, how long an in-flight key stays locked unrenewed (a crashed holder's key is free after it), and seconds between sweeps of expired keys. */
  idempotency: { ttlHours: number; lockSeconds: number; sweepSeconds: number };
  /** Worker threads for CPU-bound JavaScript (music synthesis, voice analysis); 0 runs it in the calling thread. */
  cpuWorkers: number;
  /** The ffmpeg and ffprobe executables (a name found on PATH, or a path); passed into the ffmpeg engine. */
  ffmpeg: { ffmpegPath: string; ffprobePath: string; renderSegments: number; renderPreset: X264Preset };
  /** Debug aid for crash tests: a pause at the start of every job, so a worker can be killed mid-run. */
  jobStartDelayMs: number;
  /** Task event streams (`GET /api/tasks/{id}/events`): seconds between heartbeat comments (each also re-reads the task). */
  events: { heartbeatSeconds: number };
  /** SIGTERM: how long in-flight requests and running jobs may take before streams are ended and jobs handed back. */
  shutdownGraceSeconds: number;
  /** An OpenAI-compatible /v1/audio/speech provider whose voices join the catalog. */
  remoteSpeech: { baseUrl: string; apiKey: string | undefined; model: string; voices: { name: string; locale?: string; gender?: 'male' | 'female' }[] } | null;
  /** Price of one voice clone; the contract publishes none, so it defaults to 0. */
  voiceCloneCredits: number;
  /** Custom avatars an account may have at once (failed ones do not count); the compatible API's is 3. */
  customAvatarLimit: number;
  /** Product Video: frame sizes multiplied by `outputScale` (PRODUCT_VIDEO_OUTPUT_SCALE, 0.1–1; tests and small machines render smaller). */
  productVideo: { outputScale: number };
  /** Ad clone: output frame multiplied by `outputScale` (AD_CLONE_OUTPUT_SCALE, 0.1–1; tests render smaller). */
  adClone: { outputScale: number };
  /** Custom Templates: the operator's template folder, the synchronous preview's wait, and a size factor for tests. */
  templates: { operatorDir: string; previewWaitMs: number; outputScale: number };
  /**
   * Text Generator: an optional OpenAI-compatible chat-completions provider, the price, and how long `sync: true` waits.
   * `local`: an optional GGUF model run in-process (LLM_MODEL_PATH); when set it also writes the ad scripts, the built-in
   * copywriter standing in on failure or past `timeoutMs` (LLM_TIMEOUT_MS, per script); `threads` 0 = half the cores.
   */
  llm: {
    remote: { baseUrl: string; apiKey: string | undefined; models: { name: string; providerModel: string }[]; timeoutMs: number } | null;
    local: { modelPath: string; timeoutMs: number; threads: number } | null;
    textGenerationCredits: number;
    syncTimeoutMs: number;
  };
  /** The images family: which cut-out engine (`auto` = the ISNet sidecar when installed, else border-key), and an optional remote OpenAI-compatible images provider. */
  images: {
    cutout: { engine: CutoutEngineChoice; model: 'small' | 'medium'; timeoutMs: number; idleExitMs: number };
    remote: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | null;
  };
  /** Who hears speech in clients' media (AI editing captions, ad-clone transcripts): `auto` = the remote provider if configured, else the Whisper sidecar when installed, else pocketsphinx. */
  transcription: {
    choice: TranscriberChoice;
    remote: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
  };
  /**
   * Stock b-roll for URL to Video (PEXELS_API_KEY, PIXABAY_API_KEY; either, both — Pexels asked first — or none: no stock
   * footage, the offline default). `*_API_URL` moves an API root (a proxy, or a test's loopback mock); STOCK_TIMEOUT_MS bounds each search.
   */
  stockMedia: StockMediaSettings;
  logLevel: string;
  createDefaultAccount: boolean;
  defaultAccountCredits: number;
}

type Env = Record<string, string | undefined>;

export const FILE_URL_CHOICES = ['service', 'presigned'] as const;
export type FileUrls = (typeof FILE_URL_CHOICES)[number];

export const TRANSCRIBER_CHOICES = ['auto', 'whisper', 'pocketsphinx', 'remote'] as const;
export type TranscriberChoice = (typeof TRANSCRIBER_CHOICES)[number];
export const CUTOUT_ENGINE_CHOICES = ['auto', 'imgly', 'border-key'] as const;
export type CutoutEngineChoice = (typeof CUTOUT_ENGINE_CHOICES)[number];

function oneOf<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(choices as readonly string[]).includes(raw)) throw new Error(`${name} must be one of ${choices.join(', ')}, got "${raw}"`);
  return raw as T;
}

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got "${raw}"`);
  return value;
}

function flag(env: Env, name: string, fallback = false): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

/** The signing secret survives restarts so signed file URLs stay valid; it lives in the data folder. */
function loadSigningSecret(env: Env, dataDir: string): string {
  if (env.SIGNING_SECRET) return env.SIGNING_SECRET;
  const file = join(dataDir, 'signing-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** S3 presigned URLs live at most a week. */
const MAX_PRESIGNED_TTL_SECONDS = 7 * 24 * 3600;
const DNS_BUCKET = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/** `S3_*` and `FILE_URLS`; a combination that cannot work stops the start with the reason. */
function loadBlobStorage(env: Env, fileUrlTtlSeconds: number): Config['blobStorage'] {
  const fileUrls = oneOf(env, 'FILE_URLS', FILE_URL_CHOICES, 'service');
  const bucket = env.S3_BUCKET || null;
  if (!bucket) {
    const stray = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'].filter((n) => env[n]);
    if (stray.length) throw new Error(`${stray.join(', ')} set but S3_BUCKET is not: set S3_BUCKET to store files in S3, or unset them`);
    if (fileUrls === 'presigned') throw new Error('FILE_URLS=presigned needs S3 storage (S3_BUCKET)');
    return { s3: null, fileUrls };
  }
  const endpoint = env.S3_ENDPOINT ? env.S3_ENDPOINT.replace(/\/+$/, '') : null;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || null;
  if (!accessKeyId !== !secretAccessKey)
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the default AWS credential chain');
  const forcePathStyle = flag(env, 'S3_FORCE_PATH_STYLE', endpoint !== null);
  if (!forcePathStyle && !DNS_BUCKET.test(bucket)) throw new Error(`S3_BUCKET "${bucket}" is not a DNS name, so it needs S3_FORCE_PATH_STYLE=true`);
  if (fileUrls === 'presigned') {
    if (!accessKeyId) throw new Error('FILE_URLS=presigned needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (presigned URLs are signed with static keys)');
    if (fileUrlTtlSeconds > MAX_PRESIGNED_TTL_SECONDS || fileUrlTtlSeconds < 1) {
      throw new Error(
        `FILE_URLS=presigned: FILE_URL_TTL_SECONDS must be 1–${MAX_PRESIGNED_TTL_SECONDS} (S3 presigned URLs live at most 7 days), got ${fileUrlTtlSeconds}`,
      );
    }
  }
  return { s3: { bucket, endpoint, region: env.S3_REGION || 'us-east-1', forcePathStyle, accessKeyId, secretAccessKey }, fileUrls };
}

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 8080);
  const dataDir = resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  const fileUrlTtlSeconds = int(env, 'FILE_URL_TTL_SECONDS', 7 * 24 * 3600);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    publicBaseUrl: (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    allowPrivateUrls: flag(env, 'ALLOW_PRIVATE_URLS'),
    signingSecret: loadSigningSecret(env, dataDir),
    fileUrlTtlSeconds,
    blobStorage: loadBlobStorage(env, fileUrlTtlSeconds),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    uploadLimitBytes: int(env, 'UPLOAD_LIMIT_BYTES', 200 * 1024 * 1024),
    connections: {
      headersTimeoutMs: Math.max(1, int(env, 'HEADERS_TIMEOUT_MS', 10_000)),
      // Long enough for a 200 MB upload on a slow line; a body that trickles slower than that is cut.
      requestTimeoutMs: Math.max(0, int(env, 'REQUEST_TIMEOUT_MS', 600_000)),
      maxConnectionsPerAddress: Math.max(0, int(env, 'MAX_CONNECTIONS_PER_ADDRESS', 100)),
    },
    uploadSweep: {
      graceSeconds: Math.max(0, int(env, 'UPLOAD_SWEEP_GRACE_SECONDS', 6 * 3600)),
      sweepSeconds: Math.max(1, int(env, 'UPLOAD_SWEEP_SECONDS', 600)),
    },
    rateLimit: {
      capacity: int(env, 'RATE_LIMIT_BURST', 60),
      refillPerSecond: int(env, 'RATE_LIMIT_PER_SECOND', 10),
    },
    authFailureLimit: {
      capacity: Math.max(1, int(env, 'AUTH_FAILURE_BURST', 20)),
      refillPerSecond: Math.max(1, int(env, 'AUTH_FAILURES_PER_MINUTE', 10)) / 60,
    },
    authCacheSeconds: Math.max(0, int(env, 'AUTH_CACHE_SECONDS', 5)),
    fetch: {
      timeoutMs: int(env, 'FETCH_TIMEOUT_MS', 15_000),
      maxBytes: int(env, 'FETCH_MAX_BYTES', 200 * 1024 * 1024),
      maxRedirects: int(env, 'FETCH_MAX_REDIRECTS', 5),
    },
    queue: {
      concurrency: int(env, 'WORKER_CONCURRENCY', 2),
      // Slots of their own for light jobs (speech, text, webhooks); at least one, or they would wait behind renders.
      lightConcurrency: Math.max(1, int(env, 'WORKER_LIGHT_CONCURRENCY', 2)),
      leaseMs: int(env, 'JOB_LEASE_MS', 30_000),
      pollMs: int(env, 'JOB_POLL_MS', 250),
      maxAttempts: int(env, 'JOB_MAX_ATTEMPTS', 3),
      retryBaseMs: int(env, 'JOB_RETRY_BASE_MS', 1000),
      // A create waits this long at most for Redis; past it the job waits in the outbox for the sweep.
      dispatchTimeoutMs: Math.max(50, int(env, 'QUEUE_DISPATCH_TIMEOUT_MS', 500)),
      outageRetryMs: Math.max(100, int(env, 'JOB_OUTAGE_RETRY_MS', DEFAULT_OUTAGE_RETRY_MS)),
      outageGiveUpMs: Math.max(0, int(env, 'JOB_OUTAGE_GIVE_UP_SECONDS', DEFAULT_OUTAGE_GIVE_UP_SECONDS)) * 1000,
    },
    operations: { token: env.OPERATIONS_TOKEN || null, workerMetricsPort: env.METRICS_PORT ? int(env, 'METRICS_PORT', 0) : null },
    readinessTimeoutMs: Math.max(50, int(env, 'READINESS_TIMEOUT_MS', 500)),
    diskMinFreeBytes: Math.max(0, int(env, 'DISK_MIN_FREE_MB', 100)) * 1024 * 1024,
    webhooks: {
      timeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
      // 30 s doubling to a 1 h cap: ten attempts span about three hours of receiver downtime.
      maxAttempts: Math.max(1, int(env, 'WEBHOOK_MAX_ATTEMPTS', 10)),
      retryBaseMs: int(env, 'WEBHOOK_RETRY_BASE_MS', 30_000),
      retryMaxDelayMs: int(env, 'WEBHOOK_RETRY_MAX_MS', 3_600_000),
    },
    // At least a second: a zero would turn the sweep into a busy loop against the database.
    retentionSweepSeconds: Math.max(1, int(env, 'RETENTION_SWEEP_SECONDS', 300)),
    inlineTasks: {
      // Renewed every third of it: at least 3 s, so a renewal is never due faster than a second.
      leaseSeconds: Math.max(3, int(env, 'INLINE_LEASE_SECONDS', 30)),
      sweepSeconds: Math.max(1, int(env, 'INLINE_SWEEP_SECONDS', 15)),
    },
    idempotency: {
      ttlHours: Math.max(1, int(env, 'IDEMPOTENCY_KEY_TTL_HOURS', 24)),
      // Renewed every third of it, as inline leases are.
      lockSeconds: Math.max(3, int(env, 'IDEMPOTENCY_LOCK_SECONDS', 60)),
      sweepSeconds: Math.max(1, int(env, 'IDEMPOTENCY_SWEEP_SECONDS', 3600)),
    },
    cpuWorkers: Math.max(0, int(env, 'CPU_WORKERS', DEFAULT_CPU_WORKERS)),
    ffmpeg: {
      ffmpegPath: env.FFMPEG_PATH || 'ffmpeg',
      ffprobePath: env.FFPROBE_PATH || 'ffprobe',
      renderSegments: Math.min(4, Math.max(1, int(env, 'RENDER_SEGMENTS', DEFAULT_RENDER_SEGMENTS))),
      renderPreset: oneOf(env, 'RENDER_PRESET', X264_PRESETS, 'veryfast'),
    },
    jobStartDelayMs: int(env, 'JOB_START_DELAY_MS', 0),
    events: { heartbeatSeconds: Math.max(1, int(env, 'EVENTS_HEARTBEAT_SECONDS', 15)) },
    shutdownGraceSeconds: Math.max(0, int(env, 'SHUTDOWN_GRACE_SECONDS', 25)),
    remoteSpeech: env.SPEECH_REMOTE_BASE_URL
      ? {
          baseUrl: env.SPEECH_REMOTE_BASE_URL.replace(/\/+$/, ''),
          apiKey: env.SPEECH_REMOTE_API_KEY || undefined,
          model: env.SPEECH_REMOTE_MODEL || 'tts-1',
          voices: parseRemoteVoices(env.SPEECH_REMOTE_VOICES || 'alloy:en-US:female'),
        }
      : null,
    voiceCloneCredits: int(env, 'VOICE_CLONE_CREDITS', 0),
    customAvatarLimit: Math.max(0, int(env, 'CUSTOM_AVATAR_LIMIT', 3)),
    productVideo: { outputScale: Math.min(1, Math.max(0.1, int(env, 'PRODUCT_VIDEO_OUTPUT_SCALE', 1))) },
    adClone: { outputScale: Math.min(1, Math.max(0.1, int(env, 'AD_CLONE_OUTPUT_SCALE', 1))) },
    templates: {
      operatorDir: env.TEMPLATES_DIR ?? join(dataDir, 'templates'),
      previewWaitMs: int(env, 'TEMPLATE_PREVIEW_WAIT_MS', 120_000),
      outputScale: Math.min(1, Math.max(0.1, int(env, 'TEMPLATE_OUTPUT_SCALE', 1))),
    },
    llm: {
      remote: env.LLM_REMOTE_BASE_URL
        ? {
            baseUrl: env.LLM_REMOTE_BASE_URL.replace(/\/+$/, ''),
            apiKey: env.LLM_REMOTE_API_KEY || undefined,
            models: parseRemoteModels(env.LLM_REMOTE_MODELS ?? ''),
            timeoutMs: int(env, 'LLM_REMOTE_TIMEOUT_MS', 120_000),
          }
        : null,
      local: env.LLM_MODEL_PATH?.trim()
        ? {
            modelPath: env.LLM_MODEL_PATH.trim(),
            timeoutMs: Math.max(1000, int(env, 'LLM_TIMEOUT_MS', 60_000)),
            threads: Math.max(0, int(env, 'LLM_THREADS', 0)),
          }
        : null,
      textGenerationCredits: int(env, 'TEXT_GENERATION_CREDITS', 0),
      syncTimeoutMs: int(env, 'TEXT_SYNC_TIMEOUT_MS', 120_000),
    },
    images: {
      cutout: {
        engine: oneOf(env, 'CUTOUT_ENGINE', CUTOUT_ENGINE_CHOICES, 'auto'),
        model: oneOf(env, 'CUTOUT_MODEL', ['small', 'medium'] as const, 'medium'),
        timeoutMs: Math.max(1000, int(env, 'CUTOUT_TIMEOUT_MS', 120_000)),
        // The sidecar holds ~0.8 GB; it gives it back after this long without cut-outs (0 = never).
        idleExitMs: Math.max(0, int(env, 'CUTOUT_IDLE_EXIT_MS', 600_000)),
      },
      remote: env.IMAGES_API_URL
        ? {
            baseUrl: env.IMAGES_API_URL.replace(/\/+$/, ''),
            apiKey: env.IMAGES_API_KEY || undefined,
            model: env.IMAGES_MODEL || 'gpt-image-1',
            timeoutMs: Math.max(1000, int(env, 'IMAGES_TIMEOUT_MS', 120_000)),
          }
        : null,
    },
    transcription: {
      choice: oneOf(env, 'TRANSCRIBER', TRANSCRIBER_CHOICES, 'auto'),
      remote: env.TRANSCRIPTION_API_URL
        ? {
            baseUrl: env.TRANSCRIPTION_API_URL.replace(/\/+$/, ''),
            apiKey: env.TRANSCRIPTION_API_KEY || undefined,
            model: env.TRANSCRIPTION_MODEL || 'whisper-1',
            timeoutMs: Math.max(1000, int(env, 'TRANSCRIPTION_TIMEOUT_MS', 300_000)),
          }
        : undefined,
    },
    stockMedia: {
      pexels: env.PEXELS_API_KEY?.trim()
        ? { apiKey: env.PEXELS_API_KEY.trim(), baseUrl: (env.PEXELS_API_URL || 'https://api.pexels.com').replace(/\/+$/, '') }
        : null,
      pixabay: env.PIXABAY_API_KEY?.trim()
        ? { apiKey: env.PIXABAY_API_KEY.trim(), baseUrl: (env.PIXABAY_API_URL || 'https://pixabay.com').replace(/\/+$/, '') }
        : null,
      timeoutMs: Math.max(1000, int(env, 'STOCK_TIMEOUT_MS', 10_000)),
    },
    logLevel: env.LOG_LEVEL || 'info',
    createDefaultAccount: flag(env, 'CREATE_DEFAULT_ACCOUNT', true),
    defaultAccountCredits: int(env, 'DEFAULT_ACCOUNT_CREDITS', 100),
  };
}

/**
 * `name,…` or `name=provider-model,…` (clients send `name` as model_name; the provider gets its
 * own id), e.g. `gpt-4o-mini,local-llama=meta-llama/Llama-3.1-8B-Instruct`.
 */
function parseRemoteModels(raw: string): { name: string; providerModel: string }[] {
  const models = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [name, providerModel] = entry.split('=').map((s) => s.trim());
      return { name: name!, providerModel: providerModel || name! };
    });
  if (!models.length) throw new Error('LLM_REMOTE_MODELS must name at least one model when LLM_REMOTE_BASE_URL is set (e.g. "gpt-4o-mini").');
  return models;
}

/** `name:locale:gender,…`, e.g. `alloy:en-US:female,onyx:en-US:male`. */
function parseRemoteVoices(raw: string): { name: string; locale?: string; gender?: 'male' | 'female' }[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [name, locale, gender] = entry.split(':');
      return { name: name!, locale: locale || undefined, gender: gender === 'male' || gender === 'female' ? gender : undefined };
    });
}
