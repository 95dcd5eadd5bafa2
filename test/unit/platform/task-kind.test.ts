import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TaskFailure } from '../../../src/core/errors.js';
import type { Task } from '../../../src/core/task.js';
import { defineTaskKind } from '../../../src/domain/tasks/task-kind.js';
import { taskBlobPrefix, taskFileKey } from '../../../src/domain/tasks/task-files.js';
import { ttsKind } from '../../../src/domain/speech/tts-kind.js';
import { ttsToWire } from '../../../src/api/wire/text-to-speech.js';
import { MemoryBlobStore } from '../../../src/engines/blobs/memory-blob-store.js';
import { videoStepPrice } from '../../../src/domain/credits/prices.js';

const demo = defineTaskKind({
  kind: 'demo',
  jobs: { make: 'demo.make', redo: 'demo.redo' },
  input: z.object({ text: z.string(), speed: z.number().default(1), addedLater: z.string().optional() }),
  result: z.looseObject({ outputKey: z.string().nullish(), durationSeconds: z.number().optional() }),
  price: (step: 'make' | 'redo', input, measured: { durationSeconds: number }) =>
    Math.ceil(measured.durationSeconds) * (step === 'make' ? 10 : 5) * input.speed,
  files: { output: 'output.mp4', plan: 'plan', take: (index: number, format: 'mp4' | 'webm') => `take-${index}.${format}` },
});

function task(over: Partial<Task>): Task {
  return {
    id: 't1',
    accountId: 'acc',
    kind: 'demo',
    status: 'done',
    progress: 100,
    failedReason: null,
    input: {},
    result: {},
    heldMillicredits: 0,
    chargedMillicredits: 0,
    webhookUrl: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    finishedAt: null,
    ...over,
  };
}

describe('task kinds', () => {
  it('reads a stored input through its schema (defaults for fields older rows lack) and never casts', () => {
    expect(demo.inputOf(task({ input: { text: 'hi', retentionDays: 3 } }))).toEqual({ text: 'hi', speed: 1 });
  });

  it('fails a job for good with a reason when a stored row cannot be read, and refuses another kind', () => {
    expect(() => demo.inputOf(task({ input: { text: 5 } }))).toThrow(TaskFailure);
    expect(() => demo.inputOf(task({ input: { text: 5 } }))).toThrow(/stored input cannot be read \(text:/);
    expect(() => demo.inputOf(task({ kind: 'other', input: { text: 'x' } }))).toThrow(/not a demo/);
  });

  it('shows what it can of a damaged row and never throws (a GET is not a 500)', () => {
    expect(demo.shownInputOf(task({ input: { text: 5, speed: 2 } }))).toEqual({ speed: 2 });
    expect(demo.shownInputOf(task({ input: { speed: 'fast' } }))).toEqual({});
    expect(demo.shownResultOf(task({ result: { outputKey: 7, durationSeconds: 3, extra: true } }))).toEqual({ durationSeconds: 3 });
    expect(demo.shownResultOf(task({ result: { outputKey: null, extra: true } }))).toEqual({ outputKey: null, extra: true });
  });

  it('holds at create and charges at done by the same price rule', () => {
    const n = demo.newTask({
      accountId: 'acc',
      input: { text: 'a', speed: 2 },
      job: 'make',
      step: 'make',
      estimate: { durationSeconds: 2.5 },
      webhookUrl: null,
    });
    expect(n).toMatchObject({ kind: 'demo', jobName: 'demo.make', holdMillicredits: 60, input: { text: 'a', speed: 2 } });
    expect(demo.price('make', demo.inputOf(task({ input: n.input })), { durationSeconds: 2.5 })).toBe(n.holdMillicredits);
  });

  it('lays out every file of a task under <account>/<task>/, nowhere else', () => {
    const t = task({});
    expect(taskBlobPrefix(t)).toBe('acc/t1/');
    expect(demo.fileKey(t, 'output')).toBe('acc/t1/output.mp4');
    expect(demo.fileKey(t, 'plan', 'voice.mp3')).toBe('acc/t1/plan/voice.mp3');
    expect(() => demo.fileKey(t, 'plan', 'a/b.mp3')).toThrow(/invalid task file path/);
    expect(taskFileKey(t, 'a', 'b.json')).toBe('acc/t1/a/b.json');
    for (const bad of [[], [''], ['..'], ['a/../../x'], ['.']]) expect(() => taskFileKey(t, ...bad), JSON.stringify(bad)).toThrow(/invalid task file path/);
  });

  it('names files made at run time by the function the kind declares, under the same rules', () => {
    const t = task({});
    expect(demo.fileKey(t, 'take', 2, 'webm')).toBe('acc/t1/take-2.webm');
    // @ts-expect-error a made name takes the function's parameters, not sub-paths
    expect(() => demo.fileKey(t, 'take', 'x')).not.toThrow();
    const escaping = defineTaskKind({ ...demo, kind: 'escaping', files: { up: (name: string) => `../${name}` } });
    expect(() => escaping.fileKey(t, 'up', 'x.mp4')).toThrow(/invalid task file path/);
  });

  it('takes a result patch of declared fields only (a loose result would keep a misspelt one silently)', () => {
    expect(demo.resultPatch({ outputKey: 'acc/t1/output.mp4', durationSeconds: 2 })).toEqual({ outputKey: 'acc/t1/output.mp4', durationSeconds: 2 });
    // @ts-expect-error outputKy is not a field of the result
    expect(demo.resultPatch({ outputKy: 'x' })).toEqual({ outputKy: 'x' });
  });

  it('maps a text-to-speech row written before kinds were typed, and a damaged one, without throwing', () => {
    const blobs = new MemoryBlobStore();
    const old = task({
      kind: 'text_to_speech',
      input: { text: 'Hello', voiceId: 'v1' },
      result: { outputKey: 'acc/t1/speech.mp3', durationSeconds: 1.2, words: [] },
    });
    expect(ttsToWire(old, blobs)).toMatchObject({ text: 'Hello', voice_id: 'v1', words: [], duration: 1.2 });
    expect(ttsToWire(old, blobs).output).toEqual(expect.stringContaining('speech.mp3'));
    const damaged = task({ kind: 'text_to_speech', input: { text: 42 }, result: { outputKey: 9, words: 'x' } });
    expect(ttsToWire(damaged, blobs)).toMatchObject({ text: undefined, output: null, words: null, status: 'done' });
    expect(ttsKind.fileKey(old, 'speech')).toBe('acc/t1/speech.mp3');
  });

  it('prices each step of a planned video by one rule (hold with the estimate, charge with the measure)', () => {
    expect(videoStepPrice('direct', 31, 'standard')).toBe(10_000);
    expect(videoStepPrice('render', 31, null)).toBe(8_000);
    expect(videoStepPrice('preview', 31, 'aurora_v1')).toBe(2_000);
    expect(videoStepPrice('repreview', 30, 'standard')).toBe(1_000);
    expect(videoStepPrice('direct', 10.2, 'aurora_v1_fast')).toBe(5_500);
    expect(videoStepPrice('render', 10.2, 'aurora_v1')).toBe(11_000);
  });
});
