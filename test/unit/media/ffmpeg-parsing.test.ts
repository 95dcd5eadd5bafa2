import { describe, expect, it } from 'vitest';
import { ProgressParser, parseEbur128Summary, parseFfprobeJson, rmsWindowsDb } from '../../../src/engines/ffmpeg/index.js';

describe('ffmpeg progress', () => {
  it('turns out_time_us into forward-only fractions across split chunks and ends at 1', () => {
    const seen: number[] = [];
    const parser = new ProgressParser(10, (f) => seen.push(f));
    parser.push('frame=1\nout_time_us=2500');
    parser.push('000\nout_time_ms=2500000\nprogress=continue\nout_time_us=N/A\n');
    parser.push('out_time_us=20000000\nprogress=end\n');
    expect(seen).toEqual([0.25, 1]);
  });
});

describe('ffprobe parsing', () => {
  it('maps streams to MediaProbe, skipping cover art and detecting alpha', () => {
    const probe = parseFfprobeJson(
      JSON.stringify({
        format: { format_name: 'matroska,webm', duration: '2.500000', size: '12345' },
        streams: [
          { codec_type: 'video', codec_name: 'mjpeg', disposition: { attached_pic: 1 }, width: 10, height: 10 },
          { codec_type: 'video', codec_name: 'vp9', width: 640, height: 360, pix_fmt: 'yuv420p', avg_frame_rate: '30000/1001', tags: { alpha_mode: '1' } },
          { codec_type: 'audio', codec_name: 'opus', sample_rate: '48000', channels: 2 },
        ],
      }),
    );
    expect(probe).toMatchObject({ durationSeconds: 2.5, formatName: 'matroska,webm', sizeBytes: 12345 });
    expect(probe.video).toMatchObject({ codec: 'vp9', width: 640, height: 360, hasAlpha: true });
    expect(probe.video!.fps).toBeCloseTo(29.97, 2);
    expect(probe.audio).toEqual({ codec: 'opus', sampleRateHz: 48000, channels: 2 });
    expect(parseFfprobeJson('{"format":{},"streams":[{"codec_type":"video","pix_fmt":"rgba"}]}').video!.hasAlpha).toBe(true);
    expect(parseFfprobeJson('{"format":{},"streams":[{"codec_type":"video","pix_fmt":"yuvj420p"}]}').video!.hasAlpha).toBe(false);
  });
});

describe('loudness and level parsing', () => {
  it('reads the integrated loudness from the ebur128 summary', () => {
    const stderr =
      '[Parsed_ebur128_0 @ 0x1] Summary:\n\n  Integrated loudness:\n    I:         -20.4 LUFS\n    Threshold: -30.4 LUFS\n\n  Loudness range:\n    LRA:         3.2 LU\n';
    expect(parseEbur128Summary(stderr)).toEqual({ integratedLufs: -20.4, rangeLu: 3.2 });
  });

  it('computes RMS windows in dBFS', () => {
    const pcm = Buffer.alloc(2 * 200);
    for (let i = 100; i < 200; i++) pcm.writeInt16LE(i % 2 ? 16384 : -16384, i * 2);
    const levels = rmsWindowsDb(pcm, 1000, 0.1);
    expect(levels[0]).toBe(-120);
    expect(levels[1]).toBeCloseTo(-6.02, 1);
  });
});
