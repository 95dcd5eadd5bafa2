import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBuiltinAvatar, avatarIdFor } from '../../../src/domain/catalog/avatars.js';
import { createFfmpegEngine, isAbortError, probeMedia, runFfmpegCapture } from '../../../src/engines/ffmpeg/index.js';
import { renderTimeline } from '../../../src/media/index.js';
import { FliteEngine } from '../../../src/engines/speech/flite.js';
import { facePoints, layoutFor } from '../../../src/pipelines/avatar/draw/character.js';
import { blinkSchedule } from '../../../src/pipelines/avatar/render/blinks.js';
import { renderTalkingHead } from '../../../src/pipelines/avatar/render/render-talking-head.js';
import { renderAvatarForAudio } from '../../../src/pipelines/avatar/speak.js';
import { makeColorImage } from '../../helpers/media-fixtures.js';
import { mouthTrackFromTimings, pearson, type MouthTrack } from '../../../src/pipelines/avatar/visemes/index.js';

const ffmpeg = createFfmpegEngine();

const W = 640;
const H = 360;
const SEED = 2024;
const daniel = findBuiltinAvatar(avatarIdFor('daniel'))!;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'talking-head-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** All frames as packed RGB (or RGBA) at the clip's size. */
async function decodeFrames(path: string, channels: 3 | 4, decoder: string[] = []): Promise<Buffer[]> {
  const raw = await runFfmpegCapture([...decoder, '-i', path, '-f', 'rawvideo', '-pix_fmt', channels === 3 ? 'rgb24' : 'rgba', 'pipe:1']);
  const size = W * H * channels;
  return Array.from({ length: Math.floor(raw.length / size) }, (_, i) => raw.subarray(i * size, (i + 1) * size));
}

/** Pixels in a box around (x, y) that pass `test`. */
function countIn(frame: Buffer, box: { x: number; y: number; rx: number; ry: number }, test: (r: number, g: number, b: number) => boolean): number {
  let n = 0;
  for (let y = Math.round(box.y - box.ry); y <= box.y + box.ry; y++) {
    for (let x = Math.round(box.x - box.rx); x <= box.x + box.rx; x++) {
      const i = (y * W + x) * 3;
      if (test(frame[i]!, frame[i + 1]!, frame[i + 2]!)) n++;
    }
  }
  return n;
}

describe('talking-head renderer (built-in avatar)', () => {
  let speechWav: string;
  let track: MouthTrack;
  let out: string;
  const progress: number[] = [];
  beforeAll(async () => {
    speechWav = join(dir, 'voice.wav');
    const speech = await new FliteEngine().synthesize({
      text: 'Hello there. My name is Daniel, and I am happy to meet you!',
      engineVoice: 'slt',
      outWavPath: speechWav,
    });
    track = mouthTrackFromTimings(speech, speech.durationSeconds);
    out = join(dir, 'daniel.mp4');
    await renderTalkingHead(
      {
        look: daniel.look,
        track,
        width: W,
        height: H,
        background: { kind: 'color', color: '#00b140' },
        audioPath: speechWav,
        format: 'mp4',
        outputPath: out,
        seed: SEED,
      },
      { workDir: dir, ffmpeg, onProgress: (f) => progress.push(f) },
    );
  });

  it('reports progress from 0 to 1, never backwards', () => {
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toBe(1);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThanOrEqual(progress[i - 1]!);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const run = renderTalkingHead(
      {
        look: daniel.look,
        track,
        width: W,
        height: H,
        background: { kind: 'scene' },
        audioPath: speechWav,
        format: 'mp4',
        outputPath: join(dir, 'aborted.mp4'),
        seed: SEED,
      },
      { workDir: dir, ffmpeg, signal: controller.signal, onProgress: () => controller.abort() },
    );
    const err = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isAbortError(err)).toBe(true);
  });

  it('writes H.264 + AAC at 30 fps, as long as the speech, at the asked size', async () => {
    const p = await probeMedia(out);
    expect(p.video).toMatchObject({ codec: 'h264', width: W, height: H, pixelFormat: 'yuv420p', hasAlpha: false });
    expect(p.video!.fps).toBeCloseTo(30, 3);
    expect(p.audio?.codec).toBe('aac');
    expect(Math.abs(p.durationSeconds - track.length / 30)).toBeLessThan(0.06);
  });

  it('opens the mouth when the track does, blinks when the schedule does, and moves the head a little', async () => {
    const frames = await decodeFrames(out, 3);
    expect(frames.length).toBe(track.length);
    const layout = layoutFor(W, H);
    const face = facePoints(daniel.look, layout);
    const slack = H * 0.008;
    // The inside of an open mouth is dark red-brown; Daniel's skin and lips are much lighter.
    const dark = frames.map((f) =>
      countIn(
        f,
        { x: face.mouth.x, y: face.mouth.y + face.mouth.halfWidth * 0.3, rx: face.mouth.halfWidth * 1.2 + slack, ry: face.mouth.halfWidth * 0.9 + slack },
        (r, g, b) => r + g + b < 200,
      ),
    );
    expect(
      pearson(
        dark,
        track.map((m) => m.openness),
      ),
    ).toBeGreaterThan(0.7);
    const closedFrames = track.map((m, i) => (m.viseme === 'rest' ? i : -1)).filter((i) => i >= 0);
    expect(closedFrames.length).toBeGreaterThan(5);
    expect(Math.max(...closedFrames.map((i) => dark[i]!))).toBeLessThanOrEqual(2);

    // Eye whites vanish on the frames the blink schedule closes.
    const eyes = blinkSchedule(track.length, SEED);
    const whites = frames.map((f) =>
      face.eyes.reduce(
        (n, e) => n + countIn(f, { x: e.x, y: e.y, rx: e.halfWidth + slack, ry: e.halfWidth * 0.7 + slack }, (r, g, b) => r > 225 && g > 225 && b > 215),
        0,
      ),
    );
    const closed = eyes.map((e, i) => (e === 'closed' ? i : -1)).filter((i) => i >= 0);
    const open = eyes.map((e, i) => (e === 'open' ? i : -1)).filter((i) => i >= 0);
    expect(closed.length).toBeGreaterThan(0);
    expect(Math.max(...closed.map((i) => whites[i]!))).toBe(0);
    expect(Math.min(...open.map((i) => whites[i]!))).toBeGreaterThan(4);

    // Head motion: the top of the hair against the green moves; the shoulders stay put.
    const topOfHead = frames.map((f) => {
      for (let y = 0; y < H; y++) {
        const i = (y * W + W / 2) * 3;
        if (!(f[i + 1]! > 140 && f[i]! < 60)) return y;
      }
      return H;
    });
    expect(Math.max(...topOfHead) - Math.min(...topOfHead)).toBeGreaterThanOrEqual(1);
    const shoulderRow = (f: Buffer) => f.subarray((H - 4) * W * 3, (H - 3) * W * 3);
    let shoulderDiff = 0;
    for (let i = 0; i < W * 3; i++) shoulderDiff = Math.max(shoulderDiff, Math.abs(shoulderRow(frames[0]!)[i]! - shoulderRow(frames[frames.length - 1]!)[i]!));
    expect(shoulderDiff).toBeLessThan(12);
  });

  it('renders WebM VP9 with alpha: transparent around the avatar, opaque on it', async () => {
    const webm = join(dir, 'daniel.webm');
    await renderTalkingHead(
      { look: daniel.look, track: track.slice(0, 30), width: W, height: H, background: { kind: 'transparent' }, format: 'webm', outputPath: webm, seed: SEED },
      { workDir: dir, ffmpeg },
    );
    const p = await probeMedia(webm);
    expect(p.video).toMatchObject({ codec: 'vp9', width: W, height: H, hasAlpha: true });
    expect(p.audio).toBeUndefined();
    expect(Math.abs(p.durationSeconds - 1)).toBeLessThan(0.06);
    const [first] = await decodeFrames(webm, 4, ['-c:v', 'libvpx-vp9']);
    const alphaAt = (x: number, y: number) => first![(Math.round(y) * W + Math.round(x)) * 4 + 3]!;
    const face = facePoints(daniel.look, layoutFor(W, H));
    expect(alphaAt(5, 5)).toBe(0);
    expect(alphaAt(W - 5, 5)).toBe(0);
    expect(alphaAt(face.mouth.x, face.mouth.y - face.mouth.halfWidth)).toBeGreaterThan(250);
    expect(alphaAt(W / 2, H - 3)).toBeGreaterThan(250);
  });

  it('composites in the media engine as an avatar layer: background shows around it, the avatar on top', async () => {
    const webm = join(dir, 'layer.webm');
    await renderTalkingHead(
      { look: daniel.look, track: track.slice(0, 45), width: W, height: H, background: { kind: 'transparent' }, format: 'webm', outputPath: webm, seed: SEED },
      { workDir: dir, ffmpeg },
    );
    const composed = join(dir, 'composed.mp4');
    await renderTimeline(
      createFfmpegEngine(),
      { aspectRatio: '16:9', scenes: [{ durationSeconds: 1.5, background: { kind: 'color', color: '#d03030' }, layers: [{ kind: 'avatar', path: webm }] }] },
      { quality: 'preview', videoPath: composed },
    );
    const p = await probeMedia(composed);
    expect(p.video).toMatchObject({ width: W, height: H });
    const [frame] = await decodeFrames(composed, 3);
    const at = (x: number, y: number) => [...frame!.subarray((Math.round(y) * W + Math.round(x)) * 3, (Math.round(y) * W + Math.round(x)) * 3 + 3)];
    const [r, g, b] = at(10, 10);
    expect(r! > 170 && g! < 90 && b! < 90).toBe(true);
    // Daniel's dark navy suit at the bottom centre, not the red behind it.
    const [sr, , sb] = at(W / 2 + W * 0.12, H - 6);
    expect(sr!).toBeLessThan(120);
    expect(sb!).toBeGreaterThan(sr!);
  });

  it('puts a picture behind the avatar when asked (cover)', async () => {
    const picture = await makeColorImage(join(dir, 'backdrop.png'), '0x3050d0', { width: 400, height: 400 });
    const clip = join(dir, 'backdrop.mp4');
    await renderTalkingHead(
      {
        look: daniel.look,
        track: track.slice(0, 15),
        width: W,
        height: H,
        background: { kind: 'image', path: picture },
        format: 'mp4',
        outputPath: clip,
        seed: SEED,
      },
      { workDir: dir, ffmpeg },
    );
    const [first] = await decodeFrames(clip, 3);
    const at = (x: number, y: number) => [...first!.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)];
    for (const [x, y] of [
      [8, 8],
      [W - 8, 8],
      [8, H / 2],
    ] as const) {
      const [r, g, b] = at(x, y);
      expect(Math.abs(r! - 0x30) + Math.abs(g! - 0x50) + Math.abs(b! - 0xd0)).toBeLessThan(30);
    }
  });

  it("mouths a client's own recording: as long as the audio, shut before the speech starts", async () => {
    const clip = join(dir, 'own-audio.mp4');
    const result = await renderAvatarForAudio(
      { look: daniel.look, audioPath: speechWav },
      { ffmpeg },
      { workDir: dir, width: W, height: H, background: { kind: 'scene' }, format: 'mp4', outputPath: clip, seed: SEED },
    );
    const p = await probeMedia(clip);
    expect(p.audio?.codec).toBe('aac');
    expect(Math.abs(p.durationSeconds - track.length / 30)).toBeLessThan(0.1);
    expect(result.frames).toBeGreaterThan(30);
    const frames = await decodeFrames(clip, 3);
    const face = facePoints(daniel.look, layoutFor(W, H));
    const slack = H * 0.008;
    const dark = frames.map((f) =>
      countIn(
        f,
        { x: face.mouth.x, y: face.mouth.y + face.mouth.halfWidth * 0.3, rx: face.mouth.halfWidth * 1.2 + slack, ry: face.mouth.halfWidth * 0.9 + slack },
        (r, g, b) => r + g + b < 200,
      ),
    );
    expect(dark.slice(0, 3).every((n) => n <= 2)).toBe(true);
    expect(Math.max(...dark)).toBeGreaterThan(50);
  });

  it('refuses a transparent background for MP4', async () => {
    await expect(
      renderTalkingHead(
        { look: daniel.look, track, width: W, height: H, background: { kind: 'transparent' }, format: 'mp4', outputPath: join(dir, 'x.mp4'), seed: 1 },
        { workDir: dir, ffmpeg },
      ),
    ).rejects.toThrow(/webm/);
  });
});
