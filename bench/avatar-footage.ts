/**
 * Footage avatar benchmark: a custom avatar made from real footage of a person talking
 * (.tools/footage/jwpIntro.mp4, fetched by `scripts/setup.sh --test`), rendered saying 30 s of new
 * speech at 1080p, timed against two floors measured in the same run at the same x264 settings:
 * ffmpeg encoding one still frame of the footage for 30 s, and ffmpeg encoding the footage itself
 * looped to 30 s at the same size (what a render that changed nothing would cost). The time is
 * split into tracking (decode, face landmarks) and drawing plus encoding.
 *
 *   npx tsx bench/avatar-footage.ts [--seconds 30] [--size 1920x1080] [--preset veryfast] [--footage PATH]
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createFaceApiEngine } from '../src/engines/face/index.js';
import { createFfmpegEngine, probeMedia, runFfmpeg } from '../src/engines/ffmpeg/index.js';
import { animateFootage } from '../src/pipelines/avatar/footage/index.js';
import { photoFramesFromMouthTrack } from '../src/pipelines/avatar/photo/index.js';
import { mouthTrackFromAudioFile } from '../src/pipelines/avatar/visemes/index.js';
import { makeFixtureDir } from '../test/helpers/media-fixtures.js';
import { arg, elapsed, timed } from './timing.js';

const exec = promisify(execFile);
const FPS = 30;
const SCRIPT =
  'Hello, and welcome. Today I want to show you something that will change the way you start every morning. ' +
  'It takes two minutes, it costs nothing, and you can do it anywhere. Stay with me to the end and I will show you how. ' +
  'First, put your phone away and open the window. Then take three slow breaths and think about one thing you want today. ' +
  'Write it down, keep it with you, and look at it at lunch. That is all it takes to start.';

async function main(): Promise<void> {
  const seconds = Number(arg('seconds', '30'));
  const [width, height] = arg('size', '1920x1080').split('x').map(Number) as [number, number];
  const preset = arg('preset', 'veryfast');
  const crf = 23;
  const footage = arg('footage', join(process.cwd(), '.tools/footage/jwpIntro.mp4'));
  const fx = await makeFixtureDir('clipwright-bench-footage-avatar-');
  try {
    // The speech, cut or padded with silence to exactly `seconds`.
    const spoken = fx.path('spoken.wav');
    await exec('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', spoken, SCRIPT]);
    const voice = fx.path('voice.wav');
    await runFfmpeg(['-i', spoken, '-af', `apad=whole_dur=${seconds}`, '-t', String(seconds), '-ar', '48000', voice]);
    const track = await mouthTrackFromAudioFile(createFfmpegEngine(), voice);
    const frames = photoFramesFromMouthTrack(track).slice(0, Math.round(seconds * FPS));
    const { stdout: cpu } = await exec('nproc');
    const loadBefore = (await exec('cat', ['/proc/loadavg'])).stdout.split(' ')[0];
    const footageProbe = await probeMedia(footage);
    console.log(
      `footage avatar bench: ${footage} (${footageProbe.video?.width}x${footageProbe.video?.height}, ${footageProbe.durationSeconds.toFixed(2)} s) → ` +
        `${(frames.length / FPS).toFixed(2)} s at ${width}x${height}; ${cpu.trim()} cores, load ${loadBefore}; x264 ${preset} crf ${crf}`,
    );

    const out = fx.path('avatar.mp4');
    let trackedAt = 0;
    const start = process.hrtime.bigint();
    const result = await animateFootage(createFfmpegEngine(), {
      videoPath: footage,
      faces: createFaceApiEngine(),
      frames,
      audioPath: voice,
      outputPath: out,
      frame: { width, height },
      scratchDir: fx.dir,
      encoder: { preset, crf },
      // Progress passes 0.3 when the footage is decoded and tracked (see animate-footage's PROGRESS).
      onProgress: (f) => {
        if (f >= 0.3 && trackedAt === 0) trackedAt = elapsed(start);
      },
    });
    const avatarSeconds = elapsed(start);
    const videoSeconds = result.durationSeconds;

    const still = fx.path('still.png');
    await runFfmpeg([
      '-ss',
      '1',
      '-i',
      footage,
      '-vf',
      `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height}`,
      '-frames:v',
      '1',
      still,
    ]);
    const stillFloor = await timed(() =>
      runFfmpeg(['-loop', '1', '-framerate', String(FPS), '-i', still, '-i', voice, ...encodeArgs(preset, crf, seconds), fx.path('floor-still.mp4')]),
    );
    const loopFloor = await timed(() =>
      runFfmpeg([
        '-stream_loop',
        '-1',
        '-i',
        footage,
        '-i',
        voice,
        '-vf',
        `fps=${FPS},scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height}`,
        ...encodeArgs(preset, crf, seconds),
        fx.path('floor-loop.mp4'),
      ]),
    );
    const loadAfter = (await exec('cat', ['/proc/loadavg'])).stdout.split(' ')[0];
    const rt = (s: number) => `${(s / videoSeconds).toFixed(2)}× real time`;
    console.log(
      `footage avatar: ${avatarSeconds.toFixed(1)} s wall for ${videoSeconds.toFixed(2)} s = ${rt(avatarSeconds)} ` +
        `(tracking ${trackedAt.toFixed(1)} s, drawing + encoding ${(avatarSeconds - trackedAt).toFixed(1)} s; loop ${result.loop.mode} ${result.loop.start}–${result.loop.end})`,
    );
    console.log(
      `floor, a still encoded: ${stillFloor.toFixed(1)} s = ${rt(stillFloor)}; floor, the footage looped and encoded: ${loopFloor.toFixed(1)} s = ${rt(loopFloor)}`,
    );
    console.log(
      `ratio avatar / looped-footage floor ${(avatarSeconds / loopFloor).toFixed(2)}; avatar / still floor ${(avatarSeconds / stillFloor).toFixed(2)}; ` +
        `load ${loadBefore} → ${loadAfter} (goal: ≤ 2× real time on 2 cores)`,
    );
  } finally {
    await fx.cleanup();
  }
}

function encodeArgs(preset: string, crf: number, seconds: number): string[] {
  return [
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-crf',
    String(crf),
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-t',
    String(seconds),
    '-movflags',
    '+faststart',
  ];
}

await main();
