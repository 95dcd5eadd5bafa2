/**
 * Media a client sends is downloaded, then opened by ffprobe and ffmpeg. A "video" or "audio" that
 * is really an HLS playlist, an ffconcat list or an AVI hiding a playlist would make them read
 * other local files (another account's media, at a path that can be guessed) or fetch URLs past
 * the address rules. Through the API, as an upload and as a URL, each is a 400 on its field
 * ("could not be decoded", "no audio or video track"), nothing charged or created, and no request leaves.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMultipart, startTestApp, type TestApp } from '../../helpers/app.js';
import { makeCheckFixtures, type CheckFixtures } from '../../helpers/create-check-fixtures.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { aviWithGab2Playlist, ffconcatText, hlsPlaylist } from '../../helpers/ffmpeg-traps.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

const exec = promisify(execFile);
const TASK_KINDS = ['ai_editing', 'lipsync', 'cloned_voice'];
/**
 * What the refusal may say: the decoder could not read it, it found nothing to play, or (an AVI
 * where only MP4 or MOV is taken) the format is not one the field takes.
 */
const REFUSAL = /could not be decoded|can be decoded|has no (audio|video|picture|playable)|Expected a video \(mp4, mov\)/;

describe('client media that reference other files or URLs', () => {
  let f: CheckFixtures;
  /** Counts every request a trap's segment, key or entry would make. */
  let watch: PageServer;
  let db: TestDatabase;
  let t: TestApp;
  /** Trap name → bytes: each names a local file with real media, or a URL on `watch`. */
  let videoTraps: Record<string, string | Buffer>;
  let audioTraps: Record<string, string | Buffer>;

  beforeAll(async () => {
    f = await makeCheckFixtures();
    watch = await startPageServer();
    // Stands for another account's stored video and voice, at paths an attacker could guess.
    const video = f.fx.path('theirs.mp4');
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
      video,
    ]);
    const voice = f.fx.path('speech.mp3');
    const common = (target: string): Record<string, string | Buffer> => ({
      'HLS naming a local file': hlsPlaylist([target]),
      'HLS naming a file: URL': hlsPlaylist([`file://${target}`]),
      'HLS naming URLs': hlsPlaylist([watch.url('/seg0.ts'), watch.url('/seg1.ts')], [`#EXT-X-KEY:METHOD=AES-128,URI="${watch.url('/key')}"`]),
      'AVI hiding a playlist': aviWithGab2Playlist(hlsPlaylist([watch.url('/gab2.ts'), `file://${target}`])),
      'ffconcat list': ffconcatText([target, watch.url('/concat.mp4')]),
    });
    videoTraps = common(video);
    audioTraps = common(voice);
    [db] = await Promise.all([freshSqlite()]);
    t = await startTestApp(db, {}, { credits: 100, consume: false });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await watch?.close();
    await f?.close();
  });

  const credits = async () => (await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits;
  const taskCount = async () => (await t.c.store.tasks.list(t.account.account_id, TASK_KINDS, {})).length;

  /** Sends each trap, expects a 400 on `field` saying it cannot be used, and nothing held or created. */
  async function refusedEach(
    traps: Record<string, string | Buffer>,
    field: string,
    // A 400's body is the documented field map: {"field": ["message", …]}.
    send: (name: string, bytes: string | Buffer) => Promise<{ statusCode: number; body: string; json(): Record<string, string[] | undefined> }>,
  ) {
    const [before, tasksBefore] = [await credits(), await taskCount()];
    const wrong: string[] = [];
    for (const [name, bytes] of Object.entries(traps)) {
      const r = await send(name, bytes);
      const message = r.statusCode === 400 ? (r.json()[field] ?? []).join(' ') : '';
      if (!REFUSAL.test(message)) wrong.push(`${name}: ${r.statusCode} ${r.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
    expect(await credits()).toBe(before);
    expect(await taskCount()).toBe(tasksBefore);
  }

  const upload =
    (path: string, fields: Record<string, string>, fileField: string, type: string, fileName: string) => (_name: string, bytes: string | Buffer) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append(fileField, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), fileName);
      return postMultipart(t, path, form);
    };

  it('uploaded as the video of an AI edit (video/mp4), each is a 400 on video_url', async () => {
    await refusedEach(videoTraps, 'video_url', upload('/api/ai_editing/', { instructions: 'cut the dead air' }, 'video_url', 'video/mp4', 'clip.mp4'));
    expect(watch.hits).toEqual([]);
  });

  it("uploaded as a lipsync's recording (audio/mpeg), each is a 400 on audio", async () => {
    await refusedEach(audioTraps, 'audio', upload('/api/lipsyncs/', { aspect_ratio: '1:1' }, 'audio', 'audio/mpeg', 'voice.mp3'));
    expect(watch.hits).toEqual([]);
  });

  it('given by URL as a voice sample (served as audio/mpeg), each is a 400 on audio_url', async () => {
    await refusedEach(audioTraps, 'audio_url', async (name, bytes) => {
      const path = `/trap-${Object.keys(audioTraps).indexOf(name)}.mp3`;
      f.pages.route(path, { headers: { 'content-type': 'audio/mpeg' }, body: bytes });
      return t.app.inject({ method: 'POST', url: '/api/voices/clone/', headers: t.headers, payload: { audio_url: f.pages.url(path), name: 'Borrowed' } });
    });
    expect(watch.hits).toEqual([]);
  });
});
