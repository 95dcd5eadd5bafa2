import { describe, expect, it } from 'vitest';
import { ttsToWire } from '../../../src/api/wire/text-to-speech.js';
import type { Task } from '../../../src/core/task.js';
import type { BlobStore } from '../../../src/engines/blobs/port.js';

const blobs = { signedUrl: (key: string) => `https://files.test/${key}?sig=1` } as unknown as BlobStore;

function ttsTask(words: unknown): Task {
  return {
    id: 't-1',
    accountId: 'a-1',
    kind: 'text_to_speech',
    status: 'done',
    progress: 100,
    failedReason: null,
    input: { text: 'Hello there.', voiceId: 'v-1' },
    result: { outputKey: 'a-1/t-1/speech.mp3', durationSeconds: 1.2, words },
    heldMillicredits: 0,
    chargedMillicredits: 1000,
    webhookUrl: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:05.000Z',
    finishedAt: '2025-01-01T00:00:05.000Z',
  };
}

describe('TTS words on the wire', () => {
  it("keeps the contract's names {word, start, end} for timings saved with units in their names", () => {
    const wire = ttsToWire(
      ttsTask([
        { word: 'Hello', startSeconds: 0.1, endSeconds: 0.5 },
        { word: 'there.', startSeconds: 0.6, endSeconds: 1.1 },
      ]),
      blobs,
    );
    expect(wire.words).toEqual([
      { word: 'Hello', start: 0.1, end: 0.5 },
      { word: 'there.', start: 0.6, end: 1.1 },
    ]);
  });

  it('shows results saved before the rename the same way', () => {
    const wire = ttsToWire(ttsTask([{ word: 'Hello', start: 0.1, end: 0.5 }]), blobs);
    expect(wire.words).toEqual([{ word: 'Hello', start: 0.1, end: 0.5 }]);
  });

  it('is null while there are no timings', () => {
    expect(ttsToWire(ttsTask(undefined), blobs).words).toBeNull();
  });
});
