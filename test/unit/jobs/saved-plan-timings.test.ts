import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { WordTiming } from '../../../src/core/timing.js';
import type { Task } from '../../../src/core/task.js';
import { defineTaskKind } from '../../../src/domain/tasks/task-kind.js';
import { plannedVideoFiles, plannedVideoOutputs } from '../../../src/domain/videos/planned-video-kind.js';
import { MemoryBlobStore } from '../../../src/engines/blobs/memory-blob-store.js';
import { plannedVideoJob } from '../../../src/jobs/handlers/planned-video-job.js';

interface TalkingPlan {
  words: WordTiming[];
}

const testVideoKind = defineTaskKind({
  kind: 'test_video',
  jobs: { make: 'test_video.make' },
  input: z.object({}),
  result: z.looseObject({ plan: z.looseObject({ words: z.array(z.unknown()).optional() }).optional(), ...plannedVideoOutputs }),
  price: () => 0,
  files: plannedVideoFiles,
});

let workDir: string;
beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'saved-plan-'));
});
afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('a plan saved before word timings had units in their names', () => {
  it("is rendered with its timings read under today's names (preview planned by the old version, render by this one)", async () => {
    const rendered: TalkingPlan[] = [];
    const job = plannedVideoJob(testVideoKind, new MemoryBlobStore(), {
      planProgressShare: 10,
      planFiles: () => [],
      isPlan: (plan): plan is TalkingPlan => plan !== undefined,
      price: () => 0,
      prepare: () => Promise.reject(new Error('the saved plan must be used')),
      render: async (plan, req) => {
        rendered.push(plan);
        const [videoPath, thumbnailPath] = [join(req.outputDir, 'v.mp4'), join(req.outputDir, 'v.jpg')];
        await writeFile(videoPath, 'video');
        await writeFile(thumbnailPath, 'jpg');
        return { videoPath, thumbnailPath, durationSeconds: 1 };
      },
    });
    const task: Task = {
      id: 't-1',
      accountId: 'a-1',
      kind: 'test_video',
      status: 'processing',
      progress: 0,
      failedReason: null,
      input: {},
      result: { plan: { words: [{ word: 'Hello', start: 0.1, end: 0.5 }] } },
      heldMillicredits: 0,
      chargedMillicredits: 0,
      webhookUrl: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      finishedAt: null,
    };
    const out = await job.handle({
      task,
      payload: { step: 'render' },
      signal: new AbortController().signal,
      reportProgress: () => {},
      workDir,
      log: pino({ level: 'silent' }),
    });
    expect(rendered).toEqual([{ words: [{ word: 'Hello', startSeconds: 0.1, endSeconds: 0.5 }] }]);
    expect(out.result.plan).toEqual({ words: [{ word: 'Hello', startSeconds: 0.1, endSeconds: 0.5 }] });
  });
});
