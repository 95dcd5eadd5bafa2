/**
 * A "talking video" for the AI editing tests, made on the spot: spoken phrases (espeak-ng) with
 * known silences between them, over a wide grey frame in which a real face (a portrait cut from
 * the face-api sample photos) moves from left to right.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { probeMedia } from '../../src/engines/ffmpeg/index.js';
import { makePortrait } from './face-fixtures.js';
import { makeSpeech, type FixtureDir } from './media-fixtures.js';

const exec = promisify(execFile);

export interface TalkingVideo {
  path: string;
  durationSeconds: number;
  /** Length of each spoken phrase's clip, seconds (espeak's own short edges included). */
  phraseSeconds: number[];
  /** The silences put between the phrases. */
  gapSeconds: number[];
  /** Seconds from the start at which each phrase begins. */
  phraseStartSeconds: number[];
}

export const TALKING_PHRASES = [
  'Welcome to my kitchen where we are making pasta today.',
  'First boil the water with a little salt.',
  'Then add the pasta and stir it well.',
  'Finally serve it hot with fresh basil.',
];

export interface TalkingVideoOptions {
  /** false: a quiet hum of the same length instead of the phrases. */
  speech?: boolean;
  phrases?: readonly string[];
  width?: number;
  height?: number;
  framesPerSecond?: number;
  /** Width of the face picture, pixels. */
  faceWidth?: number;
}

/**
 * The phrases with `gapSeconds` of digital silence between them (by default at 640×360 and 15
 * fps, the face about 150 px tall), the face moving across the frame at a steady speed.
 */
export async function makeTalkingVideo(fx: FixtureDir, name: string, gapSeconds = [1.5, 2, 2.5], opts: TalkingVideoOptions = {}): Promise<TalkingVideo> {
  const { width = 640, height = 360, framesPerSecond = 15, faceWidth = 120 } = opts;
  // espeak's own quiet edges are trimmed, so the gaps below are the only silences (no commas: no pauses inside a phrase).
  const phrases = await Promise.all(
    (opts.phrases ?? TALKING_PHRASES).map(async (text, i) => {
      const raw = await makeSpeech(fx.path(`${name}-raw${i}.wav`), text);
      const trim = 'silenceremove=start_periods=1:start_threshold=-50dB';
      await exec('ffmpeg', [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-i',
        raw,
        '-af',
        `${trim},areverse,${trim},areverse`,
        fx.path(`${name}-phrase${i}.wav`),
      ]);
      return fx.path(`${name}-phrase${i}.wav`);
    }),
  );
  const phraseSeconds = await Promise.all(phrases.map(async (p) => (await probeMedia(p)).durationSeconds));
  const face = await makePortrait(fx.path(`${name}-face.png`), 'presenter', { width: faceWidth });
  const phraseStartSeconds: number[] = [];
  let t = 0;
  phraseSeconds.forEach((s, i) => {
    phraseStartSeconds.push(t);
    t += s + (gapSeconds[i] ?? 0);
  });
  const durationSeconds = t;
  // Each phrase, then its gap of silence (apad), joined; or a quiet hum of the same length without speech.
  const audioInputs = phrases.flatMap((p) => ['-i', p]);
  const parts = phrases.map((_, i) => `[${i + 2}:a]aresample=48000,apad=pad_dur=${gapSeconds[i] ?? 0}[p${i}]`);
  const speech = `${parts.join(';')};${phrases.map((_, i) => `[p${i}]`).join('')}concat=n=${phrases.length}:v=0:a=1[sp]`;
  const audio = opts.speech === false ? `anoisesrc=d=${durationSeconds}:c=pink:a=0.002:r=48000[a]` : `${speech};[sp]anull[a]`;
  const video = `color=c=0x808080:s=${width}x${height}:r=${framesPerSecond}:d=${durationSeconds}[bg];[bg][1:v]overlay=x='20+(W-w-40)*t/${durationSeconds}':y=(H-h)/2:shortest=1[v]`;
  await exec('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=48000:cl=mono',
    '-loop',
    '1',
    '-i',
    face,
    ...audioInputs,
    '-filter_complex',
    `${video};${audio}`,
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-t',
    String(durationSeconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    fx.path(`${name}.mp4`),
  ]);
  return { path: fx.path(`${name}.mp4`), durationSeconds, phraseSeconds, gapSeconds, phraseStartSeconds };
}
