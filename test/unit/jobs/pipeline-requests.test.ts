import pino from 'pino';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import { lipsyncKind, type lipsyncV2Kind } from '../../../src/domain/avatars/lipsync-kind.js';
import type { aiEditingKind } from '../../../src/domain/editing/ai-editing-kind.js';
import { aiShortKind } from '../../../src/domain/shorts/ai-short-kind.js';
import { linkVideoKind } from '../../../src/domain/videos/link-video-kind.js';
import type { Task } from '../../../src/core/task.js';
import { MemoryBlobStore } from '../../../src/engines/blobs/memory-blob-store.js';
import type { JobDefinition } from '../../../src/jobs/job-definition.js';
import { aiShortJob, type AiShortJobDeps } from '../../../src/jobs/handlers/ai-short.js';
import { linkToVideoJob, type LinkVideoJobDeps } from '../../../src/jobs/handlers/link-to-video.js';
import { lipsyncJob, type LipsyncJobDeps } from '../../../src/jobs/handlers/lipsync.js';
import type { prepareEdit } from '../../../src/pipelines/editing/prepare-edit.js';
import { prepareShortPlan } from '../../../src/pipelines/shorts/prepare-short-plan.js';
import type { prepareAvatarScenesPlan } from '../../../src/pipelines/video/avatar-scenes/prepare-scene-plan.js';
import { prepareAdPlan } from '../../../src/pipelines/video/prepare-ad-plan.js';
import { prepareTalkingPlan } from '../../../src/pipelines/video/talking-video.js';

// The planning steps stop the job once they have seen their request: only the hand-over is under test.
const { planned } = vi.hoisted(() => ({ planned: () => Promise.reject(new Error('planned')) }));
vi.mock('../../../src/pipelines/shorts/prepare-short-plan.js', () => ({ prepareShortPlan: vi.fn(planned) }));
vi.mock('../../../src/pipelines/video/prepare-ad-plan.js', () => ({ prepareAdPlan: vi.fn(planned) }));
vi.mock('../../../src/pipelines/video/talking-video.js', () => ({ prepareTalkingPlan: vi.fn(planned), renderTalkingVideo: vi.fn(planned) }));

/**
 * A request is typed once (issue 26): each planning pipeline takes its kind's input exactly as
 * the input schema infers it (plus who asks), never a hand-written copy of its fields. These are
 * checked by `npm run typecheck` (tsc over test/): a field added to a kind's input schema is then
 * a field of the pipeline's request with no other edit, and a pipeline that went back to its own
 * request type (one that could forget the field) fails the check.
 */
type InputOf<K extends { input: z.ZodType }> = z.infer<K['input']>;
type FirstParameter<F extends (...args: never[]) => unknown> = Parameters<F>[0];

describe("each planning pipeline takes its kind's input, not a copy of it", () => {
  it('URL to Video: the link video input and the account', () => {
    expectTypeOf<FirstParameter<typeof prepareAdPlan>>().toEqualTypeOf<InputOf<typeof linkVideoKind> & { accountId: string }>();
  });

  it('AI Shorts: the short input and the account', () => {
    expectTypeOf<FirstParameter<typeof prepareShortPlan>>().toEqualTypeOf<InputOf<typeof aiShortKind> & { accountId: string }>();
  });

  it('AI Avatar v1: the lipsync input and the account', () => {
    expectTypeOf<FirstParameter<typeof prepareTalkingPlan>>().toEqualTypeOf<InputOf<typeof lipsyncKind> & { accountId: string }>();
  });

  it("AI Avatar v2: the input's video spec", () => {
    expectTypeOf<FirstParameter<typeof prepareAvatarScenesPlan>>().toEqualTypeOf<InputOf<typeof lipsyncV2Kind>['spec']>();
  });

  it('AI Editing: the editing input', () => {
    expectTypeOf<FirstParameter<typeof prepareEdit>>().toEqualTypeOf<InputOf<typeof aiEditingKind>>();
  });

  it('so a field of the input, optional ones included, is a field of the request', () => {
    expectTypeOf<FirstParameter<typeof prepareShortPlan>>().toHaveProperty('voiceoverVolume').toEqualTypeOf<number | null | undefined>();
    expectTypeOf<FirstParameter<typeof prepareAdPlan>>().toHaveProperty('voiceoverVolume').toEqualTypeOf<number | null | undefined>();
    expectTypeOf<FirstParameter<typeof prepareAdPlan>>().toHaveProperty('presenterImageUrl').toEqualTypeOf<string | null | undefined>();
    expectTypeOf<FirstParameter<typeof prepareTalkingPlan>>().toHaveProperty('backgroundImageUrl').toEqualTypeOf<string | null | undefined>();
  });
});

function task(kind: string, input: Record<string, unknown>): Task {
  return {
    id: 't-1',
    accountId: 'acc-1',
    kind,
    status: 'processing',
    progress: 0,
    failedReason: null,
    input,
    result: {},
    heldMillicredits: 0,
    chargedMillicredits: 0,
    webhookUrl: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    finishedAt: null,
  };
}

async function run(job: JobDefinition<{ step: string }>, t: Task, step: string): Promise<void> {
  const ctx = {
    task: t,
    payload: { step },
    signal: new AbortController().signal,
    reportProgress: () => {},
    workDir: '/nonexistent',
    log: pino({ level: 'silent' }),
  };
  await expect(job.handle(ctx)).rejects.toThrow('planned');
}

// Deps are never reached: the planning step (mocked) ends the run.
const deps = { blobs: new MemoryBlobStore(), images: { generator: null } } as unknown;

describe('a job hands its whole parsed input to the planning step', () => {
  it('AI Shorts, optional fields included', async () => {
    const t = task('ai_short', {
      script: 'Hello there.',
      aspectRatio: '9:16',
      style: 'Cinematic',
      voiceId: 'v',
      caption: { style: 'neo' },
      music: { url: null, volume: 0.1 },
      voiceoverVolume: 0.7,
      seed: 3,
    });
    await run(aiShortJob(deps as AiShortJobDeps), t, 'preview');
    expect(vi.mocked(prepareShortPlan).mock.calls[0]![0]).toEqual({ ...aiShortKind.inputOf(t), accountId: 'acc-1' });
    expect(vi.mocked(prepareShortPlan).mock.calls[0]![0].voiceoverVolume).toBe(0.7);
  });

  it('AI Avatar v1', async () => {
    const t = task('lipsync', { aspectRatio: '16:9', avatarId: 'a', voiceId: 'v', text: 'Hi.', backgroundImageUrl: 'https://x.test/b.png', seed: 1 });
    await run(lipsyncJob(deps as LipsyncJobDeps), t, 'direct');
    expect(vi.mocked(prepareTalkingPlan).mock.calls[0]![0]).toEqual({ ...lipsyncKind.inputOf(t), accountId: 'acc-1' });
  });

  it('URL to Video', async () => {
    const t = task('link_to_video', {
      linkId: 'l',
      facts: { title: 'Bloom', reviews: null },
      language: 'en',
      videoLengthSeconds: 15,
      aspectRatio: '9:16',
      scriptStyle: 'DiscoveryWriter',
      styles: ['FullScreenTemplate'],
      presenterImageUrl: 'https://x.test/p.png',
      voiceId: 'v',
      seed: 2,
      music: { none: true, url: null, volume: null },
      voiceoverVolume: 0.5,
      caption: { none: false, override: false, setting: null },
    });
    await run(linkToVideoJob(deps as LinkVideoJobDeps), t, 'direct');
    expect(vi.mocked(prepareAdPlan).mock.calls[0]![0]).toEqual({ ...linkVideoKind.inputOf(t), accountId: 'acc-1' });
    expect(vi.mocked(prepareAdPlan).mock.calls[0]![0]).toMatchObject({ voiceoverVolume: 0.5, presenterImageUrl: 'https://x.test/p.png' });
  });
});
