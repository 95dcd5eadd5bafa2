import { describe, expect, it } from 'vitest';
import { FakeMediaUrlChecker, fakeMedia } from '../../../src/domain/fake-media-url-checker.js';
import { checkMediaFields } from '../../../src/domain/media-check.js';
import { FakeUrlFetcher } from '../../../src/engines/fetch/fake-url-fetcher.js';
import { acceptanceProblem } from '../../../src/engines/fetch/media-types.js';
import type { MediaKind } from '../../../src/engines/fetch/port.js';

/** The domain fakes speak the real adapters' words, so a unit test's expected message is the one a client gets. */
describe('FakeMediaUrlChecker agrees with the fetcher behind the real checker', () => {
  it.each<[string, MediaKind[]]>([
    ['audio/mpeg', ['image']],
    ['image/png', ['audio', 'video']],
    ['video/mp4', ['audio']],
    ['image/jpeg', ['video']],
  ])("refuses %s for %j with the fetcher's message", async (contentType, accept) => {
    const checker = new FakeMediaUrlChecker({ 'https://m.test/x': { contentType, durationSeconds: 1, hasAudio: true } });
    await expect(checker.check('https://m.test/x', accept as ('image' | 'audio' | 'video')[])).rejects.toThrow(acceptanceProblem(contentType, accept)!);
  });

  it('answers an unknown URL as the fake fetcher does, and passes the right kind through', async () => {
    const checker = new FakeMediaUrlChecker({ 'https://m.test/a.mp3': fakeMedia.audio(3) });
    const fetcherError = await new FakeUrlFetcher().fetch('https://m.test/none').catch((e: Error) => e);
    await expect(checker.check('https://m.test/none', ['image'])).rejects.toThrow((fetcherError as Error).message);
    expect(await checker.check('https://m.test/a.mp3', ['audio'])).toEqual({ contentType: 'audio/mpeg', durationSeconds: 3, hasAudio: true });
    expect(checker.checks).toEqual([
      { url: 'https://m.test/none', accept: ['image'] },
      { url: 'https://m.test/a.mp3', accept: ['audio'] },
    ]);
  });

  it('drives checkMediaFields to the same field map for a silent video given as music', async () => {
    const checker = new FakeMediaUrlChecker({ 'https://m.test/v.mp4': fakeMedia.video(5, false) });
    expect(await checkMediaFields(checker, [{ field: 'music', url: 'https://m.test/v.mp4', accept: ['audio', 'video'], needsAudio: true }])).toEqual({
      music: ['the file at this URL has no audio track'],
    });
  });
});
