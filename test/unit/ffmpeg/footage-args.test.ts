import { describe, expect, it } from 'vitest';
import { footageDecodeArgs, rawSegmentEncodeArgs, segmentJoinArgs } from '../../../src/engines/ffmpeg/args/index.js';

describe('footage avatar ffmpeg arguments', () => {
  it('decodes the footage at the output rate, scaled to cover and cropped, to raw RGBA', () => {
    const args = footageDecodeArgs({
      input: 'in.mov',
      fps: 30,
      frameCount: 90,
      scaled: { width: 640, height: 800 },
      crop: { x: 10, y: 20, width: 320, height: 400 },
      output: 'f.rgba',
    });
    expect(args.join(' ')).toBe('-y -i in.mov -an -vf fps=30,scale=640:800,crop=320:400:10:20,format=rgba -frames:v 90 -f rawvideo -pix_fmt rgba f.rgba');
  });

  it('encodes a run of raw frames to an H.264 piece of exactly those frames', () => {
    const args = rawSegmentEncodeArgs({
      input: 'p.rgba',
      size: { width: 320, height: 400 },
      fps: 30,
      frameCount: 45,
      preset: 'veryfast',
      crf: 18,
      output: 'p.mp4',
    });
    expect(args.slice(0, 10)).toEqual(['-y', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', '320x400', '-r', '30', '-i']);
    expect(args).toEqual(expect.arrayContaining(['libx264', 'yuv420p']));
    expect(args.slice(-4)).toEqual(['-frames:v', '45', '-an', 'p.mp4']);
  });

  it('joins the pieces by copy, muxes the voice, and cuts to the speech', () => {
    const args = segmentJoinArgs({ listPath: 'l.txt', audioPath: 'v.wav', durationSeconds: 3.4567, output: 'o.mp4' });
    expect(args.join(' ')).toBe(
      '-y -f concat -safe 0 -i l.txt -i v.wav -map 0:v:0 -map 1:a:0 -c:a aac -aac_pns 0 -b:a 192k -c:v copy -t 3.457 -movflags +faststart o.mp4',
    );
    expect(segmentJoinArgs({ listPath: 'l.txt', durationSeconds: 2, output: 'o.mp4' })).not.toContain('-c:a');
  });
});
