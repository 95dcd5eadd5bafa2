import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Task } from '../../../src/core/task.js';
import { lipsyncKind } from '../../../src/domain/avatars/lipsync-kind.js';
import { defineTaskKind } from '../../../src/domain/tasks/task-kind.js';
import { plannedVideoFiles, plannedVideoOutputs } from '../../../src/domain/videos/planned-video-kind.js';
import { MemoryBlobStore } from '../../../src/engines/blobs/memory-blob-store.js';
import { plannedVideoJob, type PlannedVideoSteps, type StepPrice } from '../../../src/jobs/handlers/planned-video-job.js';

interface DemoPlan {
  files: { voice: string };
  speechSeconds: number;
}

let workDir: string;
beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'planned-video-'));
});
afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

function task(result: Record<string, unknown>): Task {
  return {
    id: 't-1',
    accountId: 'a-1',
    kind: 'lipsync',
    status: 'processing',
    progress: 0,
    failedReason: null,
    input: {},
    result,
    heldMillicredits: 0,
    chargedMillicredits: 0,
    webhookUrl: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    finishedAt: null,
  };
}

/** Plans by writing a voice file, draws a video named `video.<format>`; its own price stands in for the kind's. */
function steps(format: 'mp4' | 'webm'): PlannedVideoSteps<DemoPlan> & { price: StepPrice } {
  return {
    planProgressShare: 20,
    planFiles: (plan) => [plan.files.voice],
    isPlan: (plan): plan is DemoPlan => typeof (plan as Partial<DemoPlan> | undefined)?.files?.voice === 'string',
    price: (_t, step, durationSeconds) => (step === 'preview' ? 1 : 4) * Math.ceil(durationSeconds),
    prepare: async (_t, opts) => {
      await mkdir(join(opts.planDir, 'voice'), { recursive: true });
      await writeFile(join(opts.planDir, 'voice', 'v.mp3'), 'voice');
      return { files: { voice: 'voice/v.mp3' }, speechSeconds: 1 };
    },
    render: async (_plan, req) => {
      const [videoPath, thumbnailPath] = [join(req.outputDir, `video.${format}`), join(req.outputDir, 'thumb.jpg')];
      await writeFile(videoPath, `${req.quality} video`);
      await writeFile(thumbnailPath, 'jpg');
      return { videoPath, thumbnailPath, durationSeconds: 2.345 };
    },
  };
}

async function run(format: 'mp4' | 'webm', step: 'preview' | 'render', result: Record<string, unknown>, blobs: MemoryBlobStore) {
  const job = plannedVideoJob(lipsyncKind, blobs, steps(format));
  expect(job.name).toBe('lipsync.make');
  return job.handle({
    task: task(result),
    payload: { step },
    signal: new AbortController().signal,
    reportProgress: () => {},
    workDir,
    log: pino({ level: 'silent' }),
  });
}

describe('the planned-video job writes through its kind', () => {
  it('keeps a preview, its thumbnail and the plan files at the keys GET and follow-ups read', async () => {
    const blobs = new MemoryBlobStore();
    const out = await run('mp4', 'preview', {}, blobs);
    expect(out.result).toEqual({
      plan: { files: { voice: 'voice/v.mp3' }, speechSeconds: 1 },
      durationSeconds: 2.35,
      thumbnailKey: 'a-1/t-1/preview.jpg',
      previewKey: 'a-1/t-1/preview.mp4',
    });
    expect(out.costMillicredits).toBe(3);
    expect((await blobs.list('a-1/t-1/')).map((e) => e.key).sort()).toEqual(['a-1/t-1/plan/voice/v.mp3', 'a-1/t-1/preview.jpg', 'a-1/t-1/preview.mp4']);
    // What the job wrote reads back through the kind's schema.
    expect(lipsyncKind.resultOf(task(out.result))).toMatchObject({ previewKey: 'a-1/t-1/preview.mp4', thumbnailKey: 'a-1/t-1/preview.jpg' });
  });

  it('renders a saved plan as output.<format> (WebM with alpha keeps its extension)', async () => {
    const blobs = new MemoryBlobStore();
    await blobs.putBuffer('a-1/t-1/plan/voice/v.mp3', Buffer.from('voice'));
    const out = await run('webm', 'render', { plan: { files: { voice: 'voice/v.mp3' } } }, blobs);
    expect(out.result).toMatchObject({ outputKey: 'a-1/t-1/output.webm', thumbnailKey: 'a-1/t-1/output.jpg' });
    expect(out.result).not.toHaveProperty('previewKey');
    expect((await blobs.list('a-1/t-1/')).map((e) => e.key).sort()).toEqual(['a-1/t-1/output.jpg', 'a-1/t-1/output.webm', 'a-1/t-1/plan/voice/v.mp3']);
  });

  it("prices a step itself, by the kind's own rule on the drawn seconds, when the kind is priced on length", async () => {
    const perSecond = defineTaskKind({
      kind: 'per_second',
      jobs: { make: 'per_second.make' },
      input: z.object({ millicreditsPerSecond: z.number() }),
      result: z.looseObject({ plan: z.looseObject({}).optional(), ...plannedVideoOutputs }),
      price: (step: 'direct' | 'preview' | 'render' | 'repreview', input, measured: { durationSeconds: number }) =>
        (step === 'preview' ? 1 : 10) * input.millicreditsPerSecond * measured.durationSeconds,
      files: plannedVideoFiles,
    });
    const { price: _ownPrice, ...unpriced } = steps('mp4');
    const job = plannedVideoJob(perSecond, new MemoryBlobStore(), unpriced);
    const out = await job.handle({
      task: { ...task({}), kind: 'per_second', input: { millicreditsPerSecond: 100 } },
      payload: { step: 'render' },
      signal: new AbortController().signal,
      reportProgress: () => {},
      workDir,
      log: pino({ level: 'silent' }),
    });
    // 2.345 s drawn, kept as 2.35: 10 × 100 × 2.35.
    expect(out.costMillicredits).toBe(2350);
  });

  it('refuses, at compile time, a kind whose result leaves out a field the job writes', () => {
    const noPreviewKey = defineTaskKind({
      kind: 'no_preview',
      jobs: { make: 'no_preview.make' },
      input: z.object({}),
      result: z.looseObject({
        plan: z.looseObject({}).optional(),
        outputKey: z.string().nullish(),
        thumbnailKey: z.string().nullish(),
        durationSeconds: z.number(),
      }),
      price: () => 0,
      files: plannedVideoFiles,
    });
    const noVideoFiles = defineTaskKind({
      kind: 'no_files',
      jobs: { make: 'no_files.make' },
      input: z.object({}),
      result: z.looseObject({ plan: z.looseObject({ speechSeconds: z.number().optional() }).optional(), ...plannedVideoOutputs }),
      price: () => 0,
      files: { plan: 'plan' },
    });
    const blobs = new MemoryBlobStore();
    // @ts-expect-error the result schema declares no previewKey
    expect(() => plannedVideoJob(noPreviewKey, blobs, steps('mp4'))).not.toThrow();
    // @ts-expect-error the kind declares no video or thumbnail file
    expect(() => plannedVideoJob(noVideoFiles, blobs, steps('mp4'))).not.toThrow();
    const perSource = defineTaskKind({
      kind: 'per_source',
      jobs: { make: 'per_source.make' },
      input: z.object({}),
      result: z.looseObject({ plan: z.looseObject({}).optional(), ...plannedVideoOutputs }),
      price: (_step: 'direct' | 'preview' | 'render' | 'repreview', _input, measured: { sourceSeconds: number }) => measured.sourceSeconds,
      files: plannedVideoFiles,
    });
    const { price: ownPrice, ...unpriced } = steps('mp4');
    expect(() => plannedVideoJob(perSource, blobs, { ...unpriced, price: ownPrice })).not.toThrow();
    // @ts-expect-error a kind priced on something else than the video's length (AI Editing: the source's) must say how a step is priced
    expect(() => plannedVideoJob(perSource, blobs, unpriced)).not.toThrow();
  });
});
