/**
 * Built-in avatar benchmark: seconds of talking video produced per second of wall time at 720p
 * and 1080p, against a floor measured in the same run: ffmpeg encoding one still picture of the
 * same avatar, size and length with the same x264 settings and the same audio.
 *
 *   npx tsx bench/avatar.ts [--avatar daniel] [--seconds 20] [--preset veryfast] [--webm]
 *
 * The clip is the whole path after speech: mouth track from flite's phones, blinks, sprites drawn,
 * base drawn, one ffmpeg encode (H.264 + AAC). `--webm` also times the VP9-with-alpha clip used
 * for compositing. Then the photo avatar at the same sizes (`bench/photo-avatar.ts`), unless
 * `--builtin-only`.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { avatarIdFor, findBuiltinAvatar } from '../src/domain/catalog/avatars.js';
import { probeMedia, runFfmpeg } from '../src/engines/ffmpeg/index.js';
import { FliteEngine } from '../src/engines/speech/flite.js';
import { renderStill } from '../src/pipelines/avatar/draw/character.js';
import { renderTalkingHead } from '../src/pipelines/avatar/render/render-talking-head.js';
import { mouthTrackFromTimings, MOUTH_FPS } from '../src/pipelines/avatar/visemes/index.js';
import { makeFixtureDir } from '../test/helpers/media-fixtures.js';
import { benchPhotoAvatar } from './photo-avatar.js';
import { arg, elapsed, timed } from './timing.js';
import { createFfmpegEngine } from '../src/engines/ffmpeg/index.js';
const ffmpeg = createFfmpegEngine();

const exec = promisify(execFile);
const SCRIPT =
  'Hello, and welcome. Today I want to show you something that will change the way you start every morning. ' +
  'It takes two minutes, it costs nothing, and you can do it anywhere. Stay with me to the end and I will show you how. ' +
  'First, put your phone away and open the window. Then take three slow breaths and think about one thing you want today.';
const SIZES = { '720p': { width: 1280, height: 720 }, '1080p': { width: 1920, height: 1080 } } as const;

async function main(): Promise<void> {
  const seconds = Number(arg('seconds', '20'));
  const preset = arg('preset', 'veryfast');
  const crf = 23;
  const avatar = findBuiltinAvatar(avatarIdFor(arg('avatar', 'daniel')));
  if (!avatar) throw new Error('unknown avatar slug');
  const fx = await makeFixtureDir('clipwright-bench-builtin-avatar-');
  try {
    const wav = fx.path('voice.wav');
    const speech = await new FliteEngine().synthesize({ text: SCRIPT, engineVoice: 'rms', outWavPath: wav });
    const track = mouthTrackFromTimings(speech, speech.durationSeconds).slice(0, Math.round(seconds * MOUTH_FPS));
    const videoSeconds = track.length / MOUTH_FPS;
    const { stdout: cpu } = await exec('nproc');
    const { stdout: load } = await exec('cat', ['/proc/loadavg']);
    console.log(
      `built-in avatar bench (${avatar.name}, ${avatar.look.scene} scene): ${videoSeconds.toFixed(2)} s of speech, ${track.length} frames at ${MOUTH_FPS} fps; ${cpu.trim()} cores, load ${load.split(' ')[0]}; x264 ${preset} crf ${crf}`,
    );

    for (const [label, size] of Object.entries(SIZES)) {
      const out = fx.path(`avatar-${label}.mp4`);
      const start = process.hrtime.bigint();
      const result = await renderTalkingHead(
        { look: avatar.look, track, ...size, background: { kind: 'scene' }, audioPath: wav, format: 'mp4', outputPath: out, seed: 7, preset, crf },
        { workDir: fx.dir, ffmpeg },
      );
      const avatarSeconds = elapsed(start);
      const still = fx.path(`still-${label}.png`);
      await writeFile(still, await (await renderStill(avatar.look, size.width, size.height)).encode('png'));
      const floorSeconds = await timed(() => encodeStill(still, wav, fx.path(`floor-${label}.mp4`), videoSeconds, preset, crf));
      const probe = await probeMedia(out);
      console.log(
        `${label} (${size.width}x${size.height}, ${probe.durationSeconds.toFixed(2)} s, ${result.spriteCount} head drawings): ` +
          `avatar ${avatarSeconds.toFixed(2)} s wall = ${(videoSeconds / avatarSeconds).toFixed(2)}x real time; ` +
          `still floor ${floorSeconds.toFixed(2)} s = ${(videoSeconds / floorSeconds).toFixed(2)}x real time; ` +
          `avatar/floor ${(avatarSeconds / floorSeconds).toFixed(2)}x (goal: >= 1x real time at 720p)`,
      );
    }
    if (process.argv.includes('--webm')) {
      const out = fx.path('avatar-720p.webm');
      const start = process.hrtime.bigint();
      await renderTalkingHead(
        { look: avatar.look, track, ...SIZES['720p'], background: { kind: 'transparent' }, audioPath: wav, format: 'webm', outputPath: out, seed: 7 },
        { workDir: fx.dir, ffmpeg },
      );
      const s = elapsed(start);
      console.log(`720p WebM VP9 with alpha: ${s.toFixed(2)} s wall = ${(videoSeconds / s).toFixed(2)}x real time`);
    }
  } finally {
    await fx.cleanup();
  }
}

async function encodeStill(still: string, audio: string, output: string, seconds: number, preset: string, crf: number): Promise<void> {
  const frames = Math.round(seconds * MOUTH_FPS);
  await runFfmpeg([
    '-i',
    still,
    '-i',
    audio,
    '-filter_complex',
    `[0:v]format=yuv420p,loop=loop=${frames - 1}:size=1,settb=1/${MOUTH_FPS},setpts=N[v]`,
    '-map',
    '[v]',
    '-map',
    '1:a',
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-tune',
    'animation',
    '-crf',
    String(crf),
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(MOUTH_FPS),
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ar',
    '48000',
    '-frames:v',
    String(frames),
    '-t',
    seconds.toFixed(3),
    '-movflags',
    '+faststart',
    output,
  ]);
}

await main();
if (!process.argv.includes('--builtin-only')) {
  await benchPhotoAvatar({ seconds: Number(arg('seconds', '20')), preset: arg('preset', 'veryfast') });
}
