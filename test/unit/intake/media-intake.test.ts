import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaUnusable } from '../../../src/domain/media-check.js';
import { MemoryBlobStore } from '../../../src/engines/blobs/memory-blob-store.js';
import { FakeUrlFetcher } from '../../../src/engines/fetch/index.js';
import { createFakeFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import type { MediaProbe } from '../../../src/engines/ffmpeg/types.js';
import { createAvatarMediaIntake } from '../../../src/pipelines/intake/avatar-media-intake.js';
import { createMediaUrlChecker } from '../../../src/pipelines/intake/media-url-checker.js';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(32)]);
const picture: MediaProbe = {
  durationSeconds: 0,
  formatName: 'png_pipe',
  sizeBytes: 40,
  video: { codec: 'png', width: 640, height: 480, fps: 25, pixelFormat: 'rgb24', hasAlpha: false },
};
const song: MediaProbe = { durationSeconds: 12.5, formatName: 'mp3', sizeBytes: 1000, audio: { codec: 'mp3', sampleRateHz: 44100, channels: 2 } };
const silentVideo: MediaProbe = { ...picture, durationSeconds: 4, formatName: 'mov,mp4', video: { ...picture.video!, codec: 'h264' } };

const fetcher = new FakeUrlFetcher({
  'https://cdn.test/a.png': { body: PNG, contentType: 'image/png' },
  'https://cdn.test/a.mp3': { body: 'ID3 not really', contentType: 'audio/mpeg' },
  'https://cdn.test/a.mp4': { body: 'not really a video', contentType: 'video/mp4' },
});

let tempRoot: string;
beforeEach(async () => {
  tempRoot = join(await mkdtemp(join(tmpdir(), 'cw-intake-')), 'not-yet-made');
});
afterEach(async () => rm(join(tempRoot, '..'), { recursive: true, force: true }));

const unreadable = () => ({
  ...createFakeFfmpegEngine(),
  probe: async () => {
    throw new Error('moov atom not found');
  },
});

describe('media URL checker (download → probe → judge, nothing kept)', () => {
  it('answers what a decodable file is and leaves no scratch files', async () => {
    const checker = createMediaUrlChecker({ fetcher, ffmpeg: createFakeFfmpegEngine({ defaultProbe: song }), tempRoot });
    expect(await checker.check('https://cdn.test/a.mp3', ['audio'])).toEqual({ contentType: 'audio/mpeg', durationSeconds: 12.5, hasAudio: true });
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('a picture has no duration; a "picture" the decoder hears sound in is refused', async () => {
    expect(
      await createMediaUrlChecker({ fetcher, ffmpeg: createFakeFfmpegEngine({ defaultProbe: picture }), tempRoot }).check('https://cdn.test/a.png', ['image']),
    ).toEqual({ contentType: 'image/png', durationSeconds: null, hasAudio: false, widthPx: 640, heightPx: 480 });
    const noisy = createMediaUrlChecker({ fetcher, ffmpeg: createFakeFfmpegEngine({ defaultProbe: { ...picture, audio: song.audio } }), tempRoot });
    await expect(noisy.check('https://cdn.test/a.png', ['image'])).rejects.toThrow(
      new MediaUnusable('the file at this URL is labelled image/png but is not a picture'),
    );
  });

  it('refuses media without length, audio-only fields without sound, and files the decoder cannot read', async () => {
    const empty = createMediaUrlChecker({ fetcher, ffmpeg: createFakeFfmpegEngine({ defaultProbe: { ...song, durationSeconds: 0 } }), tempRoot });
    await expect(empty.check('https://cdn.test/a.mp3', ['audio'])).rejects.toThrow('the file at this URL has no playable length');
    const mute = createMediaUrlChecker({ fetcher, ffmpeg: createFakeFfmpegEngine({ defaultProbe: silentVideo }), tempRoot });
    await expect(mute.check('https://cdn.test/a.mp3', ['audio'])).rejects.toThrow('the file at this URL has no audio track');
    expect((await mute.check('https://cdn.test/a.mp4', ['audio', 'video'])).hasAudio).toBe(false);
    const hollow = createMediaUrlChecker({
      fetcher,
      ffmpeg: createFakeFfmpegEngine({ defaultProbe: { durationSeconds: 0.04, formatName: 'avi', sizeBytes: 400 } }),
      tempRoot,
    });
    await expect(hollow.check('https://cdn.test/a.mp3', ['audio', 'video'])).rejects.toThrow('the file at this URL has no audio or video track');
    await expect(createMediaUrlChecker({ fetcher, ffmpeg: unreadable(), tempRoot }).check('https://cdn.test/a.mp3', ['audio'])).rejects.toThrow(
      new MediaUnusable('the file at this URL (audio/mpeg) could not be decoded'),
    );
    expect(await readdir(tempRoot)).toEqual([]);
  });
});

describe('avatar media intake (download → probe → keep)', () => {
  it('keeps a picture under the key stem with the extension of its type', async () => {
    const blobs = new MemoryBlobStore();
    const intake = createAvatarMediaIntake({ fetcher, ffmpeg: createFakeFfmpegEngine({ defaultProbe: picture }), blobs, tempRoot });
    expect(await intake.keep('https://cdn.test/a.png', 'acc/avatars/x/source', ['image', 'video'])).toEqual({
      key: 'acc/avatars/x/source.png',
      kind: 'image',
      durationSeconds: null,
      width: 640,
      height: 480,
    });
    expect(blobs.blobs.get('acc/avatars/x/source.png')).toEqual(PNG);
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('keeps a video with its length, and refuses one without a picture or without length, keeping nothing', async () => {
    const blobs = new MemoryBlobStore();
    const kept = await createAvatarMediaIntake({ fetcher, ffmpeg: createFakeFfmpegEngine({ defaultProbe: silentVideo }), blobs, tempRoot }).keep(
      'https://cdn.test/a.mp4',
      's',
      ['video'],
    );
    expect(kept).toEqual({ key: 's.mp4', kind: 'video', durationSeconds: 4, width: 640, height: 480 });
    const stale = new MemoryBlobStore();
    await expect(
      createAvatarMediaIntake({ fetcher, ffmpeg: createFakeFfmpegEngine({ defaultProbe: song }), blobs: stale, tempRoot }).keep('https://cdn.test/a.mp4', 's', [
        'video',
      ]),
    ).rejects.toThrow(new MediaUnusable('the file has no picture (video/mp4)'));
    await expect(
      createAvatarMediaIntake({
        fetcher,
        ffmpeg: createFakeFfmpegEngine({ defaultProbe: { ...silentVideo, durationSeconds: 0 } }),
        blobs: stale,
        tempRoot,
      }).keep('https://cdn.test/a.mp4', 's', ['video']),
    ).rejects.toThrow('the video has no playable length');
    await expect(
      createAvatarMediaIntake({ fetcher, ffmpeg: unreadable(), blobs: stale, tempRoot }).keep('https://cdn.test/a.mp4', 's', ['video']),
    ).rejects.toThrow(new MediaUnusable('the file (video/mp4) could not be decoded'));
    expect(stale.blobs.size).toBe(0);
  });
});
