/**
 * Composition benchmark: a 30 s 1080x1920 timeline (5 photos with motion, 4 transitions,
 * espeak-ng voiceover, word captions, ducked music), rendered at full quality and as a preview,
 * against a floor measured in the same run: ffmpeg encoding 30 s of one still picture at the same
 * size and encoder settings (picture scaled once, silent AAC track).
 *
 *   npx tsx bench/compose.ts [--preset superfast]   (x264 preset for render and floor; default: the service's)
 */
import type { WordTiming } from '../src/core/timing.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createFfmpegEngine, probeMedia, runFfmpeg } from '../src/engines/ffmpeg/index.js';
import { compileTimeline, renderTimeline, type Timeline } from '../src/media/index.js';
import { makeChords, makeFixtureDir, makePhoto, makeSpeech } from '../test/helpers/media-fixtures.js';
import { timed } from './timing.js';

const exec = promisify(execFile);
const SECONDS = 30;
const SCRIPT =
  'Meet the bottle that keeps your coffee hot for twelve hours and your water cold for a full day. ' +
  'It is made of double walled steel, it never leaks, and it fits in every cup holder. ' +
  'Take it to the office, to the gym, or up a mountain. ' +
  'Order yours today and get free shipping on your first purchase.';

async function main(): Promise<void> {
  const fx = await makeFixtureDir('clipwright-bench-');
  try {
    const photos = await Promise.all([0, 1, 2, 3, 4].map((i) => makePhoto(fx.path(`photo${i}.jpg`), { width: 1600, height: 1200 }, i)));
    const voice = await makeSpeech(fx.path('voice.wav'), SCRIPT);
    const music = await makeChords(fx.path('music.wav'), 16);
    const voiceSeconds = (await probeMedia(voice)).durationSeconds;
    const timeline = benchTimeline(photos, voice, music, spreadWords(SCRIPT, 0.3, voiceSeconds));
    const engine = createFfmpegEngine();
    const presetFlag = process.argv.indexOf('--preset');
    const encoderPreset = presetFlag > 0 ? process.argv[presetFlag + 1] : undefined;
    const preset = compileTimeline(timeline, { quality: 'render', videoPath: 'x.mp4', encoderPreset }).args;
    const x264Preset = preset[preset.indexOf('-preset') + 1]!;
    const crf = preset[preset.indexOf('-crf') + 1]!;

    const floorSeconds = await timed(() => encodeStill(photos[0]!, fx.path('floor.mp4'), x264Preset, crf));
    const renderSeconds = await timed(() =>
      renderTimeline(engine, timeline, { quality: 'render', videoPath: fx.path('render.mp4'), thumbnailPath: fx.path('render.jpg'), encoderPreset }),
    );
    const previewSeconds = await timed(() =>
      renderTimeline(engine, timeline, { quality: 'preview', videoPath: fx.path('preview.mp4'), thumbnailPath: fx.path('preview.jpg') }),
    );

    const rendered = await probeMedia(fx.path('render.mp4'));
    const { stdout: cpu } = await exec('nproc');
    const { stdout: load } = await exec('cat', ['/proc/loadavg']);
    console.log(
      `compose bench: ${SECONDS} s 1080x1920, 5 photos, 4 transitions, voiceover, captions, ducked music; ${cpu.trim()} cores, load ${load.split(' ')[0]}; x264 ${x264Preset} crf ${crf}`,
    );
    console.log(`floor (one still, same settings):  ${floorSeconds.toFixed(2)} s wall, ${(SECONDS / floorSeconds).toFixed(2)}x real time`);
    console.log(
      `render ${rendered.video?.width}x${rendered.video?.height} ${rendered.durationSeconds.toFixed(2)} s: ${renderSeconds.toFixed(2)} s wall, ${(SECONDS / renderSeconds).toFixed(2)}x real time, ${(renderSeconds / floorSeconds).toFixed(2)}x the floor (goal <= 1.5)`,
    );
    console.log(`preview 360x640: ${previewSeconds.toFixed(2)} s wall, ${(SECONDS / previewSeconds).toFixed(2)}x real time (goal >= 10)`);
  } finally {
    await fx.cleanup();
  }
}

function benchTimeline(photos: string[], voice: string, music: string, words: WordTiming[]): Timeline {
  const motions = ['zoom-in', 'slide-left', 'zoom-out', 'wobble', 'throb'] as const;
  const transitions = ['fade', 'leftSwipe', 'topSwipe', 'fade'] as const;
  return {
    aspectRatio: '9:16',
    scenes: photos.map((path, i) => ({
      durationSeconds: SECONDS / photos.length,
      background: { kind: 'image', path, motion: motions[i] },
      transitionOut: i < transitions.length ? { kind: transitions[i]!, durationSeconds: 0.5 } : null,
    })),
    voiceover: { clips: [{ path: voice, startSeconds: 0.3 }] },
    music: { path: music, volume: 0.25 },
    captions: { words, setting: { style: 'neo' } },
  };
}

/** Word timings spread over the speech in proportion to word length (a stand-in for TTS events). */
function spreadWords(text: string, startSeconds: number, durationSeconds: number): WordTiming[] {
  const words = text.split(/\s+/);
  const weights = words.map((w) => w.length + 2);
  const total = weights.reduce((a, b) => a + b, 0);
  let t = startSeconds;
  return words.map((word, i) => {
    const length = (weights[i]! / total) * durationSeconds;
    const timing = { word, startSeconds: t, endSeconds: t + length * 0.9 };
    t += length;
    return timing;
  });
}

async function encodeStill(photo: string, output: string, preset: string, crf: string): Promise<void> {
  await runFfmpeg([
    '-i',
    photo,
    '-f',
    'lavfi',
    '-i',
    `anullsrc=r=48000:cl=stereo`,
    '-filter_complex',
    `[0:v]scale=1080:1920:force_original_aspect_ratio=increase,crop=1080:1920,setsar=1,format=yuv420p,loop=loop=${SECONDS * 30 - 1}:size=1,settb=1/30,setpts=N,fps=30[v]`,
    '-map',
    '[v]',
    '-map',
    '1:a',
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-crf',
    crf,
    '-pix_fmt',
    'yuv420p',
    '-r',
    '30',
    '-c:a',
    'aac',
    '-b:a',
    '192k',
    '-t',
    String(SECONDS),
    '-movflags',
    '+faststart',
    output,
  ]);
}

await main();
