/**
 * Media a task would only meet at render time is checked at create (issue 11, point 5): music,
 * a link's own pictures, pictures whose bytes are something else, and voice samples that are not
 * speech. Each refusal is a 400 on the field, with nothing held, charged or created.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_ID } from '../../../src/domain/catalog/avatars.js';
import { LinkService } from '../../../src/domain/links/link-service.js';
import { startTestApp, postMultipart, type TestApp } from '../../helpers/app.js';
import { makeCheckFixtures, type CheckFixtures } from '../../helpers/create-check-fixtures.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';

type Body = Record<string, unknown>;

const execFileAsync = promisify(execFile);

const TASK_KINDS = ['link_to_video', 'lipsync', 'lipsync_v2', 'aurora', 'custom_avatar', 'cloned_voice', 'text_to_speech'];

/** Every create that takes background music, with the body naming `url` as its music. */
const MUSIC_ENDPOINTS: { path: string; field: string; body: (link: string, url: string) => Body }[] = [
  { path: '/api/link_to_videos/', field: 'background_music_url', body: (link, url) => ({ link, background_music_url: url }) },
  { path: '/api/link_to_videos/preview/', field: 'background_music_url', body: (link, url) => ({ link, background_music_url: url }) },
  {
    path: '/api/link_to_videos/preview_list_async/',
    field: 'background_music_url',
    body: (link, url) => ({ link, visual_styles: ['AvatarBubbleTemplate'], background_music_url: url }),
  },
  {
    path: '/api/lipsyncs_v2/',
    field: 'background_music.url',
    body: (_link, url) => ({ video_inputs: [scene('Hello there.')], background_music: { url, volume: 0.3 } }),
  },
  {
    path: '/api/lipsyncs_v2/preview/',
    field: 'background_music.url',
    body: (_link, url) => ({ video_inputs: [scene('Hello there.')], background_music: { url, volume: 0.3 } }),
  },
];

function scene(text: string): Body {
  return { character: { avatar_id: DEFAULT_AVATAR_ID }, voice: { type: 'text', input_text: text } };
}

describe('Create-time media checks', () => {
  let f: CheckFixtures;
  let db: TestDatabase;
  let t: TestApp;
  /** The same service refusing private addresses (the page server is on loopback). */
  let strictDb: TestDatabase;
  let strict: TestApp;
  let linkId: string;
  let strictLinkId: string;

  beforeAll(async () => {
    f = await makeCheckFixtures({ voiceSamples: true });
    [db, strictDb] = await Promise.all([freshSqlite(), freshSqlite()]);
    // No consumer: every case here is decided before a job would run.
    t = await startTestApp(db, {}, { credits: 100, consume: false });
    strict = await startTestApp(strictDb, { ALLOW_PRIVATE_URLS: '0' }, { credits: 100, consume: false });
    linkId = (
      await post(t, '/api/links/link_with_params/', { title: 'Aero Mug', description: 'A mug that keeps tea warm.', image_urls: [url(f.paths.photo)] })
    ).json().id;
    // The strict service's link only has to exist: saved without probing its picture.
    const unprobed = new LinkService(
      strict.c.store,
      async () => {
        throw new Error('not scraping');
      },
      strict.c.clock,
    );
    strictLinkId = (await unprobed.createFromParams(strict.account.account_id, { imageUrls: ['https://example.com/mug.png'], videoUrls: [] })).id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await strict?.close();
    await db?.drop();
    await strictDb?.drop();
    await f?.close();
  });

  const url = (path: string) => f.pages.url(path);
  const post = (app: TestApp, path: string, payload: Body) => app.app.inject({ method: 'POST', url: path, headers: app.headers, payload });
  const credits = async (app: TestApp) =>
    (await app.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: app.headers })).json().remaining_credits;
  const taskCount = async (app: TestApp) => (await app.c.store.tasks.list(app.account.account_id, TASK_KINDS, {})).length;

  /** Posts, expects a 400 naming `field`, and checks nothing was held, charged or created. */
  async function refused(app: TestApp, path: string, payload: Body, field: string, message?: RegExp) {
    const [before, tasksBefore] = [await credits(app), await taskCount(app)];
    const r = await post(app, path, payload);
    expect(r.statusCode, `${path} ${r.body}`).toBe(400);
    expect(r.json(), path).toHaveProperty([field]);
    if (message) expect(r.json()[field].join(' '), path).toMatch(message);
    expect(await credits(app)).toBe(before);
    expect(await taskCount(app)).toBe(tasksBefore);
    return r.json();
  }

  it('background music that is missing, a picture, or on a private address is a 400 on its field at every create that takes it', async () => {
    for (const e of MUSIC_ENDPOINTS) {
      await refused(t, e.path, e.body(linkId, url(f.paths.missing)), e.field, /404/);
      await refused(t, e.path, e.body(linkId, url(f.paths.photo)), e.field, /Expected an audio file or a video but the file is a picture \(PNG\)/);
      await refused(strict, e.path, e.body(strictLinkId, url(f.paths.speechMp3)), e.field, /private|loopback/i);
    }
  });

  it("a library track's URL is taken without fetching it, and real music is accepted", async () => {
    const track = (await strict.app.inject({ method: 'GET', url: '/api/musics/?page_size=1', headers: strict.headers })).json().results[0];
    const hits = f.pages.hits.length;
    for (const e of MUSIC_ENDPOINTS) {
      const r = await post(strict, e.path, e.body(strictLinkId, track.url));
      expect(r.statusCode, `${e.path} ${r.body}`).toBe(201);
    }
    expect(f.pages.hits.length).toBe(hits);
    const own = await post(t, '/api/link_to_videos/preview/', { link: linkId, background_music_url: url(f.paths.speechMp3) });
    expect(own.statusCode, own.body).toBe(201);
  });

  it('link_with_params probes its pictures, videos and logo: an MP3 as a picture is a 400 on that entry, nothing charged', async () => {
    const base = { title: 'Aero Mug' };
    const err = await refused(
      t,
      '/api/links/link_with_params/',
      { ...base, image_urls: [url(f.paths.photo), url(f.paths.speechMp3)] },
      'image_urls.1',
      /Expected an image but the file is audio \(MP3\)/,
    );
    expect(err).not.toHaveProperty(['image_urls.0']);
    await refused(t, '/api/link_with_params/', { ...base, image_urls: [url(f.paths.mp3AsPng)] }, 'image_urls.0', /but the file is audio \(MP3\)/);
    await refused(t, '/api/links/link_with_params/', { ...base, video_urls: [url(f.paths.photo)] }, 'video_urls.0', /Expected a video/);
    await refused(t, '/api/links/link_with_params/', { ...base, image_urls: [url(f.paths.photo)], logo_url: url(f.paths.missing) }, 'logo_url', /404/);
    await refused(strict, '/api/links/link_with_params/', { ...base, image_urls: [url(f.paths.photo)] }, 'image_urls.0', /private|loopback/i);
    const links = (await t.app.inject({ method: 'GET', url: '/api/links/', headers: t.headers })).json();
    expect(links).toHaveLength(1);
    // A URL given in several fields is fetched once.
    const hits = f.pages.hits.length;
    const twice = await post(t, '/api/links/link_with_params/', {
      ...base,
      image_urls: [url(f.paths.photo), url(f.paths.photo)],
      logo_url: url(f.paths.photo),
    });
    expect(twice.statusCode, twice.body).toBe(200);
    expect(f.pages.hits.length).toBe(hits + 1);
    // An edit probes only the media the link did not have.
    const photoHits = () => f.pages.hits.filter((h) => h === f.paths.photo).length;
    const photoHitsBefore = photoHits();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/links/${linkId}/`,
      headers: t.headers,
      payload: { image_urls: [url(f.paths.photo), url(f.paths.mp3AsPng)] },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({ 'image_urls.1': [expect.stringMatching(/but the file is audio \(MP3\)/)] });
    expect(photoHits()).toBe(photoHitsBefore);
  });

  it('an MP3 served as image/png is a 400 on the picture field wherever a picture is taken', async () => {
    const mp3AsPng = url(f.paths.mp3AsPng);
    const cases: [string, Body, string][] = [
      ['/api/lipsyncs/preview/', { aspect_ratio: '1:1', text: 'Hello there.', background_asset_image_url: mp3AsPng }, 'background_asset_image_url'],
      ['/api/aurora/', { image: mp3AsPng, audio: url(f.paths.speechMp3), model_version: 'aurora_v1_fast' }, 'image'],
      ['/api/personas/', { name: 'Me', image_url: mp3AsPng }, 'image_url'],
      ['/api/link_to_videos/preview/', { link: linkId, override_avatar_by_image: mp3AsPng }, 'override_avatar_by_image'],
    ];
    for (const [path, body, field] of cases) await refused(t, path, body, field, /Expected an image but the file is audio \(MP3\)/);
  });

  it('an MP3 uploaded as a file part named .png is a 400 on the picture field', async () => {
    const postForm = async (path: string, fields: Record<string, string>, fileField: string) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append(fileField, new Blob([new Uint8Array(f.mp3)], { type: 'image/png' }), 'portrait.png');
      return postMultipart(t, path, form);
    };
    const cases: [string, Record<string, string>, string][] = [
      ['/api/lipsyncs/preview/', { aspect_ratio: '1:1', text: 'Hello there.' }, 'background_asset_image_url'],
      ['/api/aurora/', { audio: url(f.paths.speechMp3), model_version: 'aurora_v1_fast' }, 'image'],
      ['/api/personas/', { name: 'Me' }, 'image_url'],
      ['/api/link_to_videos/preview/', { link: linkId }, 'override_avatar_by_image'],
    ];
    const before = await credits(t);
    for (const [path, fields, field] of cases) {
      const r = await postForm(path, fields, field);
      expect(r.statusCode, `${path} ${r.body}`).toBe(400);
      expect(r.json()[field]?.join(' '), path).toMatch(/Expected an image but the file is audio \(MP3\)/);
    }
    expect(await credits(t)).toBe(before);
  });

  it('sound uploaded under a video name is refused naming what the file is: an MP3 and an M4A as clip.mp4', async () => {
    const m4a = f.fx.path('speech.m4a');
    await execFileAsync('ffmpeg', ['-loglevel', 'error', '-y', '-i', f.fx.path('speech.mp3'), '-t', '2', '-c:a', 'aac', '-b:a', '48k', m4a]);
    const files: [Buffer, RegExp][] = [
      [f.mp3, /Expected a video \(mp4, mov\) but the file is audio \(MP3\)|Expected a video but the file is audio \(MP3\)/],
      [await readFile(m4a), /Expected a video \(mp4, mov\) but the file is audio \(M4A\)/],
    ];
    const before = await credits(t);
    for (const [bytes, message] of files) {
      const form = new FormData();
      form.append('instructions', 'cut the dead air');
      form.append('video_url', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), 'clip.mp4');
      const r = await postMultipart(t, '/api/ai_editing/', form);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().video_url?.join(' ')).toMatch(message);
      expect(r.json().video_url?.join(' ')).not.toMatch(/got video\/mp4/);
    }
    expect(await credits(t)).toBe(before);
  });

  it('a voice sample with no speech (a pure tone, silence, music) is a 400 on audio_url; a speech sample passes', async () => {
    for (const path of [f.paths.tone, f.paths.silence, f.paths.music]) {
      await refused(t, '/api/voices/clone/', { audio_url: url(path), name: 'Not a voice' }, 'audio_url', /speech/);
    }
    const ok = await post(t, '/api/voices/clone/', { audio_url: url(f.paths.speechMp3), name: 'Kal' });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
