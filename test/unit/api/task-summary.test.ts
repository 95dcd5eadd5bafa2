import { describe, expect, it } from 'vitest';
import { TASK_GROUPS } from '../../../src/api/schemas/tasks.js';
import { taskSummary } from '../../../src/api/wire/task-summary.js';
import { taskWire } from '../../../src/app/groups/index.js';
import type { Task } from '../../../src/core/task.js';
import type { BlobStore } from '../../../src/engines/blobs/port.js';
import { declaredTaskKinds } from '../../helpers/declared-task-kinds.js';

const blobs = { signedUrl: (key: string) => `https://files.test/${key}?sig=1` } as unknown as BlobStore;
const wire = taskWire(blobs);

const task = (kind: string, input: Record<string, unknown>, result: Record<string, unknown> = {}): Task => ({
  id: 't-1',
  accountId: 'a-1',
  kind,
  status: 'done',
  progress: 100,
  failedReason: null,
  input,
  result,
  heldMillicredits: 0,
  chargedMillicredits: 1500,
  webhookUrl: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:05.000Z',
  finishedAt: '2025-01-01T00:00:05.000Z',
});

describe("the task list's groups and summaries", () => {
  it('gives every task kind the domain declares a group, and every group a kind, so no task is listed without one', () => {
    const kinds = declaredTaskKinds();
    expect(kinds.length).toBeGreaterThan(10);
    expect(kinds.filter((k) => wire.groupOf(k) === null)).toEqual([]);
    expect(TASK_GROUPS.filter((g) => wire.kindsOf([g]).length === 0)).toEqual([]);
    expect(wire.kindsOf(['lipsyncs', 'lipsyncs_v2']).sort()).toEqual(['lipsync', 'lipsync_v2']);
  });

  it("reads name, thumbnail and output from the group's GET body, URLs signed by it", () => {
    const item = taskSummary(
      task(
        'link_to_video',
        { echo: { name: 'Summer sale' }, linkId: 'l-1' },
        { outputKey: 'a-1/t-1/out.mp4', thumbnailKey: 'a-1/t-1/thumb.jpg', durationSeconds: 15 },
      ),
      wire,
    );
    expect(item).toEqual({
      group: 'link_to_videos',
      id: 't-1',
      status: 'done',
      progress: 100,
      name: 'Summer sale',
      thumbnail: 'https://files.test/a-1/t-1/thumb.jpg?sig=1',
      output: 'https://files.test/a-1/t-1/out.mp4?sig=1',
      credits_used: 1.5,
      duration: 15,
      failed_reason: null,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:05.000Z',
    });
  });

  it('names a task by its text when it has no name: one line, at most 80 characters', () => {
    const long = `Fresh coffee,\n   ready when you are. ${'And more words. '.repeat(10)}`;
    const name = taskSummary(task('text_to_speech', { text: long, voiceId: 'v' }), wire).name!;
    expect(name.startsWith('Fresh coffee, ready when you are. And more')).toBe(true);
    expect(name.length).toBeLessThanOrEqual(80);
    expect(name.endsWith('…')).toBe(true);
    expect(taskSummary(task('text_to_speech', { text: 'Short.', voiceId: 'v' }), wire).name).toBe('Short.');
  });

  it('never throws on a row whose data does not parse (the GET mappers leave such fields out)', () => {
    for (const g of TASK_GROUPS) {
      for (const kind of wire.kindsOf([g])) {
        const item = taskSummary(task(kind, { name: 42, text: null }, { outputKey: 7 }), wire);
        expect(item.group).toBe(g);
        expect(item.id).toBe('t-1');
      }
    }
  });
});
