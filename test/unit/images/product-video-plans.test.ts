import { describe, expect, it } from 'vitest';
import { DISPLAY_MOTIONS } from '../../../src/pipelines/images/motion/motion-kinds.js';
import { chooseMotions, wantsSilence } from '../../../src/pipelines/product-video/choose-motions.js';
import { muxMusicArgs } from '../../../src/pipelines/product-video/mux-music-args.js';
import { presenterPlace } from '../../../src/pipelines/product-video/render-product-video.js';
import { talkingProductArgs } from '../../../src/pipelines/product-video/talking-product-args.js';
import { scaledFrame } from '../../../src/pipelines/product-video/product-video-steps.js';
import { loudnessAndPeakArgs, loudVideoArgs, parseLoudnessAndPeak } from '../../../src/pipelines/product-video/output-loudness.js';

describe('product video plans (pure)', () => {
  it('chooses 2 shots for short videos and 3 from 9 s, distinct, named ones first, varied by seed', () => {
    expect(chooseMotions(1, null, 5)).toHaveLength(2);
    expect(chooseMotions(1, null, 10)).toHaveLength(3);
    for (const seed of [1, 2, 3]) {
      const m = chooseMotions(seed, null, 15);
      expect(new Set(m).size).toBe(m.length);
      m.forEach((x) => {
        expect(DISPLAY_MOTIONS).toContain(x);
      });
    }
    expect(chooseMotions(7, 'slow spin with a light sweep', 10).slice(0, 2).sort()).toEqual(['light-sweep', 'turntable']);
    const cuts = new Set(Array.from({ length: 12 }, (_, s) => chooseMotions(s, null, 10).join()));
    expect(cuts.size).toBeGreaterThan(3);
    expect(chooseMotions(5, null, 10)).toEqual(chooseMotions(5, null, 10));
    expect(wantsSilence('no music please')).toBe(true);
    expect(wantsSilence('music!')).toBe(false);
  });

  it('places the presenter on the roomier side, standing on the floor, inside the frame', () => {
    const right = presenterPlace({ width: 1920, height: 1080, product: { png: '', box: { x: 200, y: 300, width: 400, height: 700 } } });
    expect(right.x + right.width).toBe(1920);
    expect(right.x).toBeGreaterThanOrEqual(600);
    expect(right.y + right.height).toBe(1080);
    const left = presenterPlace({ width: 1920, height: 1080, product: { png: '', box: { x: 1300, y: 300, width: 400, height: 700 } } });
    expect(left.x).toBe(0);
  });

  it('scales frames to even sides', () => {
    expect(scaledFrame('16:9', 1)).toEqual({ width: 1920, height: 1080 });
    expect(scaledFrame('4:5', 0.2)).toEqual({ width: 216, height: 270 });
    expect(scaledFrame('9:16', 0.25)).toEqual({ width: 270, height: 480 });
  });

  it('builds the talking composite: stage looped, alpha clip through the VP9 decoder, overlaid at the box, voice mapped, cut to the speech', () => {
    const args = talkingProductArgs({
      stagePng: 'stage.png',
      clip: { path: 'clip.webm', hasAlpha: true },
      box: { x: 100, y: 20, width: 80, height: 160 },
      voicePath: 'voice.mp3',
      width: 320,
      height: 180,
      durationSeconds: 3.25,
      fps: 30,
      output: 'out.mp4',
    });
    expect(args.slice(0, 8)).toEqual(['-y', '-loop', '1', '-framerate', '30', '-i', 'stage.png', '-c:v']);
    expect(args).toContain('libvpx-vp9');
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain('scale=80:160:force_original_aspect_ratio=decrease');
    expect(graph).toContain('overlay=x=100+(80-overlay_w)/2:y=20+160-overlay_h');
    expect(graph).not.toContain('colorkey');
    expect(args.slice(args.indexOf('-t'), args.indexOf('-t') + 2)).toEqual(['-t', '3.250']);
    expect(args).toEqual(expect.arrayContaining(['-map', '[v]', '-map', '2:a', 'libx264', 'aac', 'out.mp4']));
    const keyed = talkingProductArgs({
      stagePng: 's',
      clip: { path: 'c.mp4', hasAlpha: false, chromaKeyColor: '#00ff00' },
      box: { x: 0, y: 0, width: 2, height: 2 },
      voicePath: 'v',
      width: 4,
      height: 4,
      durationSeconds: 1,
      fps: 30,
      output: 'o',
    });
    expect(keyed).not.toContain('libvpx-vp9');
    expect(keyed[keyed.indexOf('-filter_complex') + 1]).toContain('colorkey=0x00ff00');
  });

  it('lays music under a silent video, looped, cut and faded to its length', () => {
    const args = muxMusicArgs({ video: 'v.mp4', music: 'm.wav', durationSeconds: 6, output: 'o.mp4' });
    expect(args).toEqual(expect.arrayContaining(['-stream_loop', '-1', '-map', '0:v', '-map', '[a]', '-c:v', 'copy', '-t', '6.000']));
    expect(args[args.indexOf('-filter_complex') + 1]).toContain('afade=t=out:st=5.000:d=1');
  });
});

describe('chooseMotions for a variation', () => {
  it('never repeats the cut being replaced, even when the prompt pins the first shot', () => {
    for (let seed = 1; seed <= 40; seed++) {
      for (const [prompt, seconds] of [
        ['a turntable spin', 5],
        [null, 5],
        [null, 10],
        ['orbit, push, light sweep', 10],
      ] as const) {
        const before = chooseMotions(seed, prompt, seconds);
        const after = chooseMotions(seed, prompt, seconds, before);
        expect(after).not.toEqual(before);
        expect(after).toHaveLength(before.length);
        expect(new Set(after).size).toBe(after.length);
      }
    }
  });
});

describe('product video loudness step (pure)', () => {
  it('sets the finished sound again with the picture copied, stereo AAC at 48 kHz, and reads loudness and true peak back', () => {
    const args = loudVideoArgs({ input: 'in.mp4', output: 'out.mp4', audioFilter: 'volume=6dB' });
    expect(args.join(' ')).toContain('-map 0:v:0 -map 0:a:0 -c:v copy -filter:a volume=6dB -c:a aac -aac_pns 0 -b:a 160k -ar 48000 -ac 2');
    expect(args.at(-1)).toBe('out.mp4');
    expect(loudnessAndPeakArgs('out.mp4').join(' ')).toContain('ebur128=peak=true:metadata=1,ametadata=mode=print:file=-');
    const printed = ['frame:1', 'lavfi.r128.I=-70.000', 'lavfi.r128.true_peak=0.100', 'frame:2', 'lavfi.r128.I=-14.231', 'lavfi.r128.true_peak=0.8913'].join(
      '\n',
    );
    const read = parseLoudnessAndPeak(printed);
    expect(read.integratedLufs).toBe(-14.231);
    expect(read.truePeakDbtp).toBeCloseTo(-1, 2);
    expect(() => parseLoudnessAndPeak('nothing')).toThrow(/no loudness/);
  });
});
