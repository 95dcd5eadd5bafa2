/**
 * Media fixtures made on the spot with ffmpeg's generators and espeak-ng, in a temp folder,
 * so tests never depend on files that are not in the repository.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface FixtureDir {
  dir: string;
  path(name: string): string;
  cleanup(): Promise<void>;
}

export async function makeFixtureDir(prefix = 'clipwright-media-'): Promise<FixtureDir> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, path: (name) => join(dir, name), cleanup: () => rm(dir, { recursive: true, force: true }) };
}

async function ffmpeg(args: string[]): Promise<void> {
  await exec('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);
}

/** A detailed still (test pattern with texture), like a photo for encoding purposes. */
export async function makePhoto(path: string, size: { width: number; height: number }, variant = 0): Promise<string> {
  const source = variant % 2 === 0 ? `testsrc2=s=${size.width}x${size.height}:r=1` : `mandelbrot=s=${size.width}x${size.height}:start_scale=${1 + variant}`;
  await ffmpeg(['-f', 'lavfi', '-i', `${source},format=rgb24,hue=h=${variant * 67},noise=alls=3:allf=t`, '-frames:v', '1', '-q:v', '3', path]);
  return path;
}

/** A flat-colour picture (for tests that compare pixel colours). */
export async function makeColorImage(path: string, color: string, size: { width: number; height: number }): Promise<string> {
  await ffmpeg(['-f', 'lavfi', '-i', `color=c=${color}:s=${size.width}x${size.height}`, '-frames:v', '1', path]);
  return path;
}

/** A PNG logo with a transparent background and an opaque coloured disc in the middle. */
export async function makeLogoPng(path: string, sizePx: number, color = 'red'): Promise<string> {
  const r = sizePx / 2;
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `color=c=${color}:s=${sizePx}x${sizePx},format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='255*lte(hypot(X-${r},Y-${r}),${r * 0.8})'`,
    '-frames:v',
    '1',
    path,
  ]);
  return path;
}

/** A sine tone; `amplitude` 0..1. */
export async function makeTone(path: string, seconds: number, frequencyHz = 440, amplitude = 0.5): Promise<string> {
  await ffmpeg(['-f', 'lavfi', '-i', `sine=f=${frequencyHz}:d=${seconds}:r=48000,volume=${amplitude}`, path]);
  return path;
}

/** A few seconds of chords (three sines per chord), a stand-in for a music track. */
export async function makeChords(path: string, seconds: number): Promise<string> {
  const chords = [
    [220, 277, 330],
    [196, 247, 294],
    [175, 220, 262],
    [165, 208, 247],
  ];
  const chordSeconds = seconds / chords.length;
  const inputs = chords.flatMap((freqs) => freqs.map((f) => ['-f', 'lavfi', '-i', `sine=f=${f}:d=${chordSeconds}:r=48000`])).flat();
  const parts = chords.map((_, c) => `[${c * 3}][${c * 3 + 1}][${c * 3 + 2}]amix=inputs=3,afade=t=in:d=0.05,afade=t=out:st=${chordSeconds - 0.1}:d=0.1[c${c}]`);
  const concat = `${chords.map((_, c) => `[c${c}]`).join('')}concat=n=${chords.length}:v=0:a=1,volume=0.6[out]`;
  await ffmpeg([...inputs, '-filter_complex', `${parts.join(';')};${concat}`, '-map', '[out]', path]);
  return path;
}

/** Speech from espeak-ng (a WAV). */
export async function makeSpeech(path: string, text: string, voice = 'en-us'): Promise<string> {
  await exec('espeak-ng', ['-v', voice, '-s', '165', '-w', path, text]);
  return path;
}

/** A short video clip (test pattern, moving), optionally with a tone. */
export async function makeClip(path: string, seconds: number, size: { width: number; height: number }, withAudio = false): Promise<string> {
  const audio = withAudio ? ['-f', 'lavfi', '-i', `sine=f=330:d=${seconds}`] : [];
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${size.width}x${size.height}:r=30:d=${seconds}`,
    ...audio,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...(withAudio ? ['-c:a', 'aac'] : []),
    path,
  ]);
  return path;
}

/** A WebM (VP9) clip with an alpha channel: an opaque square on a transparent background. */
export async function makeAlphaClip(path: string, seconds: number, sizePx: number): Promise<string> {
  const q = sizePx / 4;
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `color=c=yellow:s=${sizePx}x${sizePx}:r=30:d=${seconds},format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='255*between(X,${q},${3 * q})*between(Y,${q},${3 * q})'`,
    '-c:v',
    'libvpx-vp9',
    '-pix_fmt',
    'yuva420p',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '300k',
    path,
  ]);
  return path;
}
