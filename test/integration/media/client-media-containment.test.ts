/**
 * A client's "video" or "audio" reaches ffprobe and ffmpeg as a local file. Some formats are not
 * media but references: an HLS playlist names segments by URL or path, the AVI "GAB2" trick hides
 * such a playlist in a subtitle chunk, an ffconcat list names other files. Opened as they are,
 * they would make ffmpeg fetch URLs itself (past the fetcher's address rules) or read other local
 * files, such as another account's media, into the probe and the render. Through the engine, every
 * one of them is refused by the probe and by a decode, and nothing reaches the network.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegEngine, FfmpegError, ffconcatList, frameImageArgs, monoPcmArgs, segmentJoinArgs } from '../../../src/engines/ffmpeg/index.js';
import { aviSignatureThenPlaylist, aviWithGab2Playlist, ffconcatText, hlsPlaylist } from '../../helpers/ffmpeg-traps.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

const exec = promisify(execFile);
const engine = createFfmpegEngine();

let fx: FixtureDir;
/** Counts every request; answers 404. */
let watch: PageServer;
/** Stands for another account's stored video, at a path an attacker could guess. */
let secret: string;
const traps: Record<string, string> = {};

beforeAll(async () => {
  fx = await makeFixtureDir('clipwright-traps-');
  watch = await startPageServer();
  secret = fx.path('secret.mp4');
  await exec('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=d=2',
    '-f',
    'lavfi',
    '-i',
    'color=c=red:s=64x64:d=2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-shortest',
    secret,
  ]);
  const files: Record<string, string | Buffer> = {
    'hls-http.mp4': hlsPlaylist([watch.url('/seg0.ts'), watch.url('/seg1.ts')]),
    'hls-key.mp4': hlsPlaylist([watch.url('/seg.ts')], [`#EXT-X-KEY:METHOD=AES-128,URI="${watch.url('/key')}"`]),
    'hls-absolute.mp4': hlsPlaylist([secret]),
    'hls-file-url.mp4': hlsPlaylist([`file://${secret}`]),
    'hls-sibling.mp4': hlsPlaylist(['secret.mp4']),
    'gab2.avi': aviWithGab2Playlist(hlsPlaylist([watch.url('/gab2.ts'), `file://${secret}`])),
    'riff-then-playlist.avi': aviSignatureThenPlaylist(hlsPlaylist([watch.url('/riff.ts'), secret])),
    'ffconcat-sibling.mp4': ffconcatText(['secret.mp4']),
    'ffconcat-url.mp4': ffconcatText([watch.url('/concat.mp4')]),
  };
  for (const [name, bytes] of Object.entries(files)) {
    traps[name] = fx.path(name);
    await writeFile(traps[name], bytes);
  }
}, 60_000);
afterAll(async () => {
  await watch?.close();
  await fx?.cleanup();
});

describe('client files that reference other files or URLs (real ffmpeg)', () => {
  it('the probe refuses every playlist and list; the AVI trick opens as an AVI with nothing in it; nothing reaches the network', async () => {
    const accepted: string[] = [];
    for (const [name, path] of Object.entries(traps)) {
      const outcome = await engine.probe(path).catch((e: Error) => e);
      if (outcome instanceof Error) {
        expect(outcome, name).toBeInstanceOf(FfmpegError);
        continue;
      }
      // An AVI is media clients may send; its hidden playlist must stay shut, leaving no stream to use.
      const isAvi = name.endsWith('.avi') && outcome.formatName === 'avi';
      if (!isAvi || outcome.video || outcome.audio || outcome.durationSeconds > 1) {
        accepted.push(`${name}: ${outcome.formatName} ${outcome.durationSeconds}s${outcome.video ? ' video' : ''}${outcome.audio ? ' audio' : ''}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(watch.hits).toEqual([]);
  });

  it('decoding them as audio or as a picture fails too: the other file never comes out', async () => {
    const decoded: string[] = [];
    for (const [name, path] of Object.entries(traps)) {
      const pcm = await engine.capture(monoPcmArgs(path, { sampleRateHz: 16000 })).catch(() => null);
      if (pcm && pcm.length > 0) decoded.push(`${name}: ${pcm.length} bytes of PCM`);
      const frame = fx.path(`${name}.png`);
      const wrote = await engine.run(frameImageArgs({ input: path, output: frame })).then(
        () => true,
        () => false,
      );
      if (wrote) decoded.push(`${name}: a frame`);
    }
    expect(decoded).toEqual([]);
    expect(watch.hits).toEqual([]);
  });

  it("the service's own inputs still work: generated sources, its own ffconcat lists, ordinary media", async () => {
    const piece = fx.path('piece.mp4');
    await engine.run(['-f', 'lavfi', '-i', 'color=c=blue:s=64x64:r=10:d=1', '-c:v', 'libx264', '-preset', 'ultrafast', piece]);
    const list = fx.path('pieces.ffconcat');
    await writeFile(list, ffconcatList([{ path: piece }, { path: piece }]));
    const joined = fx.path('joined.mp4');
    await engine.run(segmentJoinArgs({ listPath: list, audioPath: secret, durationSeconds: 2, output: joined }));
    const probe = await engine.probe(joined);
    expect(probe.durationSeconds).toBeGreaterThan(1.8);
    expect(probe.video?.width).toBe(64);
    expect(probe.audio).toBeDefined();
  });

  it('every container and picture format a client may send still probes', async () => {
    const outputs: [string, string[]][] = [
      ['a.mp4', ['-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac']],
      ['a.mov', ['-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac']],
      ['a.webm', ['-map', '0:v', '-map', '1:a', '-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus']],
      ['a.mkv', ['-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac']],
      ['a.avi', ['-map', '0:v', '-map', '1:a', '-c:v', 'mpeg4', '-c:a', 'libmp3lame']],
      ['a.ts', ['-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac']],
      ['a.mp3', ['-map', '1:a']],
      ['a.wav', ['-map', '1:a']],
      ['a.flac', ['-map', '1:a']],
      ['a.ogg', ['-map', '1:a', '-c:a', 'libvorbis']],
      ['a.opus', ['-map', '1:a', '-c:a', 'libopus']],
      ['a.m4a', ['-map', '1:a', '-c:a', 'aac']],
      ['a.aac', ['-map', '1:a', '-c:a', 'aac']],
      ['a.png', ['-map', '0:v', '-frames:v', '1']],
      ['a.jpg', ['-map', '0:v', '-frames:v', '1']],
      ['a.webp', ['-map', '0:v', '-frames:v', '1']],
      ['a.gif', ['-map', '0:v', '-frames:v', '1']],
      ['a.bmp', ['-map', '0:v', '-frames:v', '1']],
    ];
    // One ffmpeg run writes them all, from a short generated picture and tone.
    await exec('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=64x64:r=10:d=1',
      '-f',
      'lavfi',
      '-i',
      'sine=d=1',
      ...outputs.flatMap(([name, args]) => [...args, fx.path(name)]),
    ]);
    const refused: string[] = [];
    for (const [name] of outputs) {
      const probe = await engine.probe(fx.path(name)).catch((e: Error) => e);
      if (probe instanceof Error) refused.push(`${name}: ${probe.message.split('\n').at(-1)}`);
      else expect(probe.video ?? probe.audio, name).toBeDefined();
    }
    expect(refused).toEqual([]);
  }, 30_000);
});
