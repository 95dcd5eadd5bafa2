import { describe, expect, it } from 'vitest';
import { taskWire } from '../../../src/app/groups/index.js';
import { ttsToWire } from '../../../src/api/wire/text-to-speech.js';
import type { Task } from '../../../src/core/task.js';
import type { BlobStore } from '../../../src/engines/blobs/port.js';
import { declaredTaskKinds } from '../../helpers/declared-task-kinds.js';

const blobs = { signedUrl: (key: string) => `https://files.test/${key}?sig=1` } as unknown as BlobStore;
const registry = taskWire(blobs);

const task: Task = {
  id: 't-1',
  accountId: 'a-1',
  kind: 'text_to_speech',
  status: 'done',
  progress: 100,
  failedReason: null,
  input: { text: 'Hello there.', voiceId: 'v-1' },
  result: { outputKey: 'a-1/t-1/speech.mp3', durationSeconds: 1.2, words: [] },
  heldMillicredits: 0,
  chargedMillicredits: 1000,
  webhookUrl: 'https://hooks.test/x',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:05.000Z',
  finishedAt: '2025-01-01T00:00:05.000Z',
};

describe('task kind → GET mapper table (webhook bodies)', () => {
  it('has a mapper for every task kind the domain declares, so no webhook falls back to the bare envelope', () => {
    const kinds = declaredTaskKinds();
    expect(kinds.length).toBeGreaterThan(2);
    expect(kinds.filter((k) => !registry.has(k))).toEqual([]);
  });

  it("maps a task exactly as its group's GET mapper does", () => {
    expect(JSON.stringify(registry.toWire(task))).toBe(JSON.stringify(ttsToWire(task, blobs)));
  });

  it('falls back to the shared envelope (id, status, failed_reason …) for an unknown kind', () => {
    const body = registry.toWire({ ...task, kind: 'not_a_kind', status: 'failed', failedReason: 'Because.' });
    expect(body).toMatchObject({ id: 't-1', status: 'failed', failed_reason: 'Because.', webhook_url: 'https://hooks.test/x' });
    expect(body).not.toHaveProperty('output');
  });
});
