import { describe, expect, it } from 'vitest';
import { readInstructions } from '../../../src/domain/editing/edit-instructions.js';

describe('AI editing instructions vocabulary', () => {
  it('reads the documented phrasings into operations and says what it understood', () => {
    const r = readInstructions('Remove silences, add captions, no music, zoom on the speaker, faster pace, make it 30 seconds, cut the first 5 seconds');
    expect(r.operations).toEqual({ removeSilences: true, captions: true, music: false, zoom: true, pace: 'fast', targetSeconds: 30, trimStartSeconds: 5 });
    expect(r.understood).toEqual(['remove silences', 'add captions', 'no music', 'zoom on the speaker', 'faster pace', 'keep it to 30 s', 'cut the first 5 s']);
    expect(r.notUnderstood).toEqual([]);
  });

  it('knows the negative forms, number words, minutes and shapes', () => {
    expect(readInstructions("Keep the pauses. Don't add subtitles; without zooms").operations).toEqual({ removeSilences: false, captions: false, zoom: false });
    expect(readInstructions('trim the last ten seconds and keep it under 1 minute').operations).toEqual({ trimEndSeconds: 10, targetSeconds: 60 });
    expect(readInstructions('a 45 second version for TikTok, calmer pacing').operations).toEqual({ targetSeconds: 45, aspectRatio: '9:16', pace: 'slow' });
    expect(readInstructions('square, with background music').operations).toEqual({ aspectRatio: '1:1', music: true });
  });

  it('lists what it did not understand, and reads nothing from empty text', () => {
    expect(readInstructions('make the sky purple and add dragons')).toEqual({
      operations: {},
      understood: [],
      notUnderstood: ['make the sky purple', 'add dragons'],
    });
    expect(readInstructions(null)).toEqual({ operations: {}, understood: [], notUnderstood: [] });
  });
});
