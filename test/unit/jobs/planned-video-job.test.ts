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
import { plannedVideoJob, type PlannedVideoSteps } from '../../../src/jobs/handlers/planned-video-job.js';

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

/** Plans by writing a voice file, draws a video named `video.<format>`. */
function steps(format: 'mp4' | 'webm'): PlannedVideoSteps<DemoPlan> {
  return {
    planProgressShare: 20,
    planFiles: (plan) => [plan.files.voice],
    planOf: (t) => {
      const plan = lipsyncKind.shownResultOf(t).plan;
      return plan?.files?.voice ? { files: { voice: plan.files.voice }, speechSeconds: 1 } : undefined;
    },
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
  });
});
