import { describe, expect, it } from 'vitest';
import { speechChunksWithBeat } from '../../../src/pipelines/speech/speech-chunks-with-beat.js';
import { spokenScript } from '../../../src/pipelines/video/built-in-script-writer.js';

describe('the beat before the call to action', () => {
  it('opens the last paragraph with the beat, and only that one', () => {
    const text = 'Cold for a day. Hot for half.\n\nLight in the hand.\n\nGrab yours today.';
    expect(speechChunksWithBeat(text, { language: 'en' })).toEqual({
      chunks: ['Cold for a day.', 'Hot for half.', 'Light in the hand.', 'Grab yours today.'],
      beatBeforeChunk: 3,
    });
  });

  it('gives one paragraph no beat', () => {
    expect(speechChunksWithBeat('Cold for a day. Grab yours today.', { language: 'en' }).beatBeforeChunk).toBeNull();
    expect(speechChunksWithBeat('Cold for a day.\n\n  ', { language: 'en' }).beatBeforeChunk).toBeNull();
  });

  it('the video copywriter puts the pitch in one paragraph and the trailing call to action in the next', () => {
    const sentences = [
      { text: 'Meet the Bloom.', section: 'hook' as const },
      { text: 'It runs 8 hours.', section: 'body' as const },
      { text: 'Only $49.90.', section: 'offer' as const },
      { text: 'Try it today.', section: 'cta' as const },
      { text: 'Tap the link.', section: 'cta' as const },
    ];
    expect(spokenScript(sentences)).toBe('Meet the Bloom. It runs 8 hours. Only $49.90.\n\nTry it today. Tap the link.');
    expect(spokenScript(sentences.slice(0, 3))).toBe('Meet the Bloom. It runs 8 hours. Only $49.90.');
  });
});
