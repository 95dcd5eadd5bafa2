import { describe, expect, it } from 'vitest';
import { guardInputs, inputGuardArgs, SELF_CONTAINED_DEMUXERS } from '../../../src/engines/ffmpeg/args/input-guard.js';
import { segmentJoinArgs, silentMp3Args } from '../../../src/engines/ffmpeg/args/index.js';

const MEDIA = SELF_CONTAINED_DEMUXERS.join(',');

describe('guardInputs: every input limited to local files of self-contained media', () => {
  it("puts the guard right before each -i, after that input's own options", () => {
    expect(guardInputs(['-y', '-ss', '1.000', '-i', '/in/a.mp4', '-i', '/in/b.mp3', '-map', '0:v', '/out/c.mp4'])).toEqual([
      '-y',
      '-ss',
      '1.000',
      '-protocol_whitelist',
      'file,pipe',
      '-format_whitelist',
      MEDIA,
      '-i',
      '/in/a.mp4',
      '-protocol_whitelist',
      'file,pipe',
      '-format_whitelist',
      MEDIA,
      '-i',
      '/in/b.mp3',
      '-map',
      '0:v',
      '/out/c.mp4',
    ]);
  });

  it("leaves generated sources alone and adds the service's explicit format (its own concat list) to the list", () => {
    const args = guardInputs(
      segmentJoinArgs({ listPath: '/w/segments.txt', audioPath: '/w/audio.m4a', copyAudio: true, durationSeconds: 2, output: '/w/out.mp4' }),
    );
    expect(args.slice(0, 10)).toEqual(['-y', '-f', 'concat', '-safe', '0', '-protocol_whitelist', 'file,pipe', '-format_whitelist', `concat,${MEDIA}`, '-i']);
    expect(args.filter((a) => a === '-format_whitelist')).toHaveLength(2);
    const silence = silentMp3Args(1, '/w/s.mp3');
    expect(guardInputs(silence)).toEqual(silence);
  });

  it('keeps a whitelist the caller gave, and adds only the one missing', () => {
    expect(guardInputs(['-protocol_whitelist', 'file', '-i', '/in/a.wav', '/out/b.wav'])).toEqual([
      '-protocol_whitelist',
      'file',
      '-format_whitelist',
      MEDIA,
      '-i',
      '/in/a.wav',
      '/out/b.wav',
    ]);
  });

  it('the list never admits a format that opens what it names', () => {
    for (const referencing of ['hls', 'dash', 'concat', 'imf', 'tty', 'lavfi', 'rtsp', 'sdp']) {
      expect(SELF_CONTAINED_DEMUXERS).not.toContain(referencing);
    }
    expect(inputGuardArgs()).toEqual(['-protocol_whitelist', 'file,pipe', '-format_whitelist', MEDIA]);
  });
});
