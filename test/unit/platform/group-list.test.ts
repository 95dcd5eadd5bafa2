import { describe, expect, it } from 'vitest';
import { mergeOperations, ok } from '../../../src/api/schemas/responses/operations.js';
import { videoSummary } from '../../../src/api/wire/task-summary.js';
import { defineGroup, taskWireOf } from '../../../src/app/groups/group.js';
import { groups, kindJobNames, operations } from '../../../src/app/groups/index.js';
import type { BlobStore } from '../../../src/engines/blobs/port.js';
import { jobNamesOf } from '../../../src/jobs/job-catalog.js';
import { declaredTaskKinds } from '../../helpers/declared-task-kinds.js';
import { z } from 'zod';

const blobs = { signedUrl: (key: string) => `https://files.test/${key}` } as unknown as BlobStore;

/** A group that declares one kind and one operation and builds nothing. */
const groupOf = (name: string, kind: string, operation: string) =>
  defineGroup({
    name,
    kinds: [{ kind: { kind, jobs: { make: `${kind}.make` } }, toWire: (t) => ({ id: t.id }), summary: videoSummary('aurora') }],
    operations: { [operation]: ok(z.object({})) },
    build: () => ({ routes: () => undefined }),
  });

describe('the group list (app/groups/index.ts)', () => {
  it('declares every task kind the domain defines, once', () => {
    const listed = groups.flatMap((g) => g.kinds.map((k) => k.kind.kind));
    expect([...listed].sort()).toEqual(declaredTaskKinds().sort());
  });

  it("derives the job names to cover from the kinds' jobs, with no list kept by hand", () => {
    expect(jobNamesOf([{ jobs: { image: 'p.gen_image', video: 'p.gen_video' } }, { jobs: {} }])).toEqual(['p.gen_image', 'p.gen_video']);
    // Every kind's every job, and nothing else (AI Scripts are born done: no job).
    const expected = groups.flatMap((g) => g.kinds.flatMap((k) => Object.values(k.kind.jobs)));
    expect(kindJobNames).toEqual(expected);
    expect(new Set(kindJobNames).size).toBe(kindJobNames.length);
    expect(kindJobNames).toContain('product_video.gen_video');
  });

  it("merges the groups' operation tables, and refuses an operation two groups declare", () => {
    expect(Object.keys(operations).length).toBe(groups.reduce((n, g) => n + Object.keys(g.operations).length, 0));
    const a = groupOf('A', 'a_kind', 'GET /api/same/');
    const b = groupOf('B', 'b_kind', 'GET /api/same/');
    expect(() => mergeOperations([a.operations, b.operations])).toThrow('operation "GET /api/same/" is declared by two groups');
  });

  it('refuses a task kind two groups declare, naming the second', () => {
    const a = groupOf('A', 'same_kind', 'GET /api/a/');
    const b = groupOf('B', 'same_kind', 'GET /api/b/');
    expect(() => taskWireOf([a, b], blobs)).toThrow('task kind "same_kind" is declared twice (again by B)');
    expect(taskWireOf([a], blobs).groupOf('same_kind')).toBe('aurora');
  });
});
