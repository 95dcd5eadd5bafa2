/**
 * Photo avatar benchmark: seconds of talking video produced per second of wall time at 720p and
 * 1080p, against a floor measured in the same run: ffmpeg encoding one still picture of the same
 * size for the same length with the same x264 settings and audio (decoded once and looped).
 *
 *   npx tsx bench/photo-avatar.ts [--seconds 20] [--preset veryfast]
 *
 * `bench/avatar.ts` runs this after the built-in avatar (both kinds in one command).
 *
 * The face is found once per photo (the service does it when an avatar is created), so detection
 * is timed and printed separately from the animation. Each size is rendered with the default head
 * motion (tilt and drift) and with drift only, the cheaper mode. Goal: at least real time at 720p.
 */
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { createFaceApiEngine, detectSingleFace } from '../src/engines/face/index.js';
import { createFfmpegEngine, probeMedia, runFfmpeg } from '../src/engines/ffmpeg/index.js';
import { animatePhoto, AVATAR_FPS, photoFramesFromMouthTrack } from '../src/pipelines/avatar/photo/index.js';
import { mouthTrackFromAudioFile } from '../src/pipelines/avatar/visemes/index.js';
import { makePortrait } from '../test/helpers/face-fixtures.js';
import { makeFixtureDir, makeSpeech } from '../test/helpers/media-fixtures.js';
import { arg, elapsed, timed } from './timing.js';

const exec = promisify(execFile);
const SCRIPT =
  'Hello, and welcome. Today I want to show you something that will change the way you start every morning. ' +
  'It takes two minutes, it costs nothing, and you can do it anywhere. Stay with me to the end and I will show you how. ' +
  'First, put your phone away and open the window. Then take three slow breaths and think about one thing you want today.';

export async function benchPhotoAvatar(opts: { seconds: number; preset: string }): Promise<void> {
  const { seconds, preset } = opts;
  const crf = 23;
  const fx = await makeFixtureDir('clipwright-bench-avatar-');
  try {
    const photo = await makePortrait(fx.path('portrait.png'), 'presenter');
    const voice = await makeSpeech(fx.path('voice.wav'), SCRIPT);
    const voiceSeconds = Math.min(seconds, (await probeMedia(voice)).durationSeconds);
    // The mouth from the recording itself (the path a user's own voiceover takes).
    const frames = photoFramesFromMouthTrack(await mouthTrackFromAudioFile(createFfmpegEngine(), voice)).slice(0, Math.round(voiceSeconds * AVATAR_FPS));
    const videoSeconds = frames.length / AVATAR_FPS;

    const faces = createFaceApiEngine();
    const coldStart = process.hrtime.bigint();
    await detectSingleFace(faces, photo);
    const coldSeconds = elapsed(coldStart);
    const warmStart = process.hrtime.bigint();
    const face = await detectSingleFace(faces, photo);
    const warmSeconds = elapsed(warmStart);

    const ffmpeg = createFfmpegEngine();
    const { stdout: cpu } = await exec('nproc');
    const { stdout: load } = await exec('cat', ['/proc/loadavg']);
    console.log(
      `photo avatar bench: ${videoSeconds.toFixed(2)} s of speech, ${frames.length} frames at ${AVATAR_FPS} fps; ${cpu.trim()} cores, load ${load.split(' ')[0]}; x264 ${preset} crf ${crf}`,
    );
    console.log(
      `face detection (SSD + 68 landmarks, 600x750 portrait): first call ${coldSeconds.toFixed(2)} s (loads the model), then ${warmSeconds.toFixed(2)} s`,
    );

    for (const resolution of ['720p', '1080p'] as const) {
      let floorSeconds = 0;
      for (const headMotion of ['natural', 'drift'] as const) {
        const out = fx.path(`avatar-${resolution}-${headMotion}.mp4`);
        const start = process.hrtime.bigint();
        let stateSeconds = 0;
        const result = await animatePhoto(ffmpeg, {
          photoPath: photo,
          face,
          frames,
          audioPath: voice,
          outputPath: out,
          resolution,
          headMotion,
          scratchDir: fx.dir,
          encoder: { preset, crf },
          onProgress: (f) => {
            if (stateSeconds === 0 && f >= 0.15) stateSeconds = elapsed(start);
          },
        });
        const avatarSeconds = elapsed(start);
        const { width, height } = result.frame;
        if (floorSeconds === 0) {
          const still = fx.path(`still-${resolution}.png`);
          await sharp(photo).resize(width, height, { fit: 'cover' }).toFile(still);
          floorSeconds = await timed(() => encodeStill(still, voice, fx.path(`floor-${resolution}.mp4`), videoSeconds, preset, crf));
          console.log(
            `${resolution} ${width}x${height} still floor: ${floorSeconds.toFixed(2)} s wall = ${(videoSeconds / floorSeconds).toFixed(2)}x real time`,
          );
        }
        const probe = await probeMedia(out);
        console.log(
          `${resolution} ${width}x${height} head motion ${headMotion}: ${probe.durationSeconds.toFixed(2)} s video, ${result.stateCount} face states drawn in ${stateSeconds.toFixed(2)} s; ` +
            `${avatarSeconds.toFixed(2)} s wall = ${(videoSeconds / avatarSeconds).toFixed(2)}x real time, ${(avatarSeconds / floorSeconds).toFixed(2)}x the floor's time`,
        );
      }
    }
  } finally {
    await fx.cleanup();
  }
}

async function encodeStill(still: string, audio: string, output: string, seconds: number, preset: string, crf: number): Promise<void> {
  const frames = Math.round(seconds * AVATAR_FPS);
  await runFfmpeg([
    '-i',
    still,
    '-i',
    audio,
    '-filter_complex',
    `[0:v]format=yuv420p,loop=loop=${frames - 1}:size=1,settb=1/${AVATAR_FPS},setpts=N,fps=${AVATAR_FPS}[v]`,
    '-map',
    '[v]',
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
    '-r',
    String(AVATAR_FPS),
    '-c:a',
    'aac',
    '-b:a',
    '192k',
    '-frames:v',
    String(frames),
    '-t',
    seconds.toFixed(3),
    '-movflags',
    '+faststart',
    output,
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchPhotoAvatar({ seconds: Number(arg('seconds', '20')), preset: arg('preset', 'veryfast') });
}
