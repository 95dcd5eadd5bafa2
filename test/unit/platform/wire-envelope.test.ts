import { describe, expect, it } from 'vitest';
import { envelopeWith, taskEnvelope } from '../../../src/api/wire/task.js';
import { ttsToWire } from '../../../src/api/wire/text-to-speech.js';
import { mediaJobId } from '../../../src/domain/tasks/media-job.js';
import type { BlobStore } from '../../../src/engines/blobs/port.js';
import type { Task } from '../../../src/core/task.js';

const at = '2025-01-01T00:00:00.000Z';
const task: Task = {
  id: 't',
  accountId: 'a',
  kind: 'text_to_speech',
  status: 'done',
  progress: 100,
  failedReason: null,
  input: { text: 'Hello.', voiceId: 'en-us' },
  result: { outputKey: 'a/t/speech.mp3', durationSeconds: 1.5, words: [{ word: 'Hello', start: 0, end: 0.5 }] },
  heldMillicredits: 0,
  chargedMillicredits: 1000,
  webhookUrl: null,
  createdAt: at,
  updatedAt: at,
  finishedAt: at,
};
const blobs = { signedUrl: (key: string) => `https://files/${key}` } as unknown as BlobStore;

describe('wire envelope', () => {
  it('is the envelope then the fields, a field winning over an envelope key as after a spread', () => {
    const built = envelopeWith(task, { status: 'renamed', extra: 1 });
    const spread = { ...taskEnvelope(task), status: 'renamed', extra: 1 };
    expect(JSON.stringify(built)).toBe(JSON.stringify(spread));
  });

  it('keeps the TTS task shape and key order', () => {
    expect(JSON.stringify(ttsToWire(task, blobs))).toBe(
      JSON.stringify({
        ...taskEnvelope(task),
        text: 'Hello.',
        script: 'Hello.',
        voice_id: 'en-us',
        accent: 'en-us',
        output: 'https://files/a/t/speech.mp3',
        video_output: 'https://files/a/t/speech.mp3',
        words: [{ word: 'Hello', start: 0, end: 0.5 }],
        media_job: mediaJobId('t', 'output'),
      }),
    );
  });
});
