/**
 * Media for tests of what a create refuses before anything is held: made once per suite, small and
 * short, and served from a loopback page server under telling paths.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { listMusicTracks } from '../../src/domain/catalog/music.js';
import { renderTrackWav } from '../../src/pipelines/music/render-track.js';
import { makeFixtureDir, makePhoto, makeTone, type FixtureDir } from './media-fixtures.js';
import { startPageServer, type PageServer } from './page-server.js';

const run = promisify(execFile);

export const SPEECH_TEXT =
  'My grandmother grew up on a farm near the river. She told us stories about the long winters, ' +
  'the horses, and the old wooden school. We listened for hours, and we never got tired of them.';

export interface CheckFixtures {
  fx: FixtureDir;
  pages: PageServer;
  /** An MP3 of speech (with an ID3 tag, as ffmpeg writes it). */
  mp3: Buffer;
  png: Buffer;
  /** Paths on `pages`. */
  paths: {
    photo: string;
    speechMp3: string;
    /** The MP3's bytes served as image/png. */
    mp3AsPng: string;
    missing: string;
    tone: string;
    silence: string;
    music: string;
  };
  close(): Promise<void>;
}

export async function makeCheckFixtures(opts: { voiceSamples?: boolean } = {}): Promise<CheckFixtures> {
  const fx = await makeFixtureDir('clipwright-checks-');
  const speechWav = fx.path('speech.wav');
  // flite's "kal" speaks ~11 s of this: a voice sample with enough speech, and a short voiceover.
  await run('flite', ['-voice', 'kal', '-t', SPEECH_TEXT, '-o', speechWav]);
  await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', speechWav, '-c:a', 'libmp3lame', '-q:a', '6', fx.path('speech.mp3')]);
  const mp3 = await readFile(fx.path('speech.mp3'));
  const png = await readFile(await makePhoto(fx.path('photo.png'), { width: 96, height: 96 }));
  const routes: Record<string, { headers: Record<string, string>; body: Buffer }> = {
    '/photo.png': { headers: { 'content-type': 'image/png' }, body: png },
    '/speech.mp3': { headers: { 'content-type': 'audio/mpeg' }, body: mp3 },
    '/speech-mp3.png': { headers: { 'content-type': 'image/png' }, body: mp3 },
  };
  if (opts.voiceSamples) {
    await makeTone(fx.path('tone.wav'), 10, 200);
    await run('sox', ['-n', '-r', '16000', '-b', '16', fx.path('silence.wav'), 'trim', '0', '10']);
    // Music the service itself composes: pitched and rhythmic, but not speech.
    const track = listMusicTracks().find((t) => t.categorySlug === 'chill')!;
    await renderTrackWav(track.id, fx.path('track.wav'));
    await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', fx.path('track.wav'), '-t', '12', '-c:a', 'libmp3lame', '-q:a', '6', fx.path('music.mp3')]);
    routes['/tone.wav'] = { headers: { 'content-type': 'audio/wav' }, body: await readFile(fx.path('tone.wav')) };
    routes['/silence.wav'] = { headers: { 'content-type': 'audio/wav' }, body: await readFile(fx.path('silence.wav')) };
    routes['/music.mp3'] = { headers: { 'content-type': 'audio/mpeg' }, body: await readFile(fx.path('music.mp3')) };
  }
  const pages = await startPageServer(routes);
  return {
    fx,
    pages,
    mp3,
    png,
    paths: {
      photo: '/photo.png',
      speechMp3: '/speech.mp3',
      mp3AsPng: '/speech-mp3.png',
      missing: '/gone.mp3',
      tone: '/tone.wav',
      silence: '/silence.wav',
      music: '/music.mp3',
    },
    async close() {
      await pages.close();
      await fx.cleanup();
    },
  };
}
