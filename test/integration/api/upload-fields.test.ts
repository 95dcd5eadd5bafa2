import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_REF_PATTERN } from '../../../src/core/uploads.js';
import { postMultipart, startTestApp, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeClip, makeColorImage, makeFixtureDir, makeLogoPng, makeTone, type FixtureDir } from '../../helpers/media-fixtures.js';

type Schema = {
  type?: string | string[];
  pattern?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: Schema | boolean;
};
type Doc = { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>> };

/**
 * Request fields that hold an http(s) address that is not media, so they do not take an upload.
 * A media field (anything the service fetches a picture, clip or sound from) is `mediaUrl` in
 * src/api/schemas/common.ts and takes `upload:<id>`; adding a field here is a decision, not a fix.
 */
const NOT_MEDIA: Record<string, string> = {
  webhook_url: 'where the service posts the finished task',
  'post /api/links/ url': 'a product page the service reads (HTML, not media)',
  'put /api/links/{id}/ url': 'the product page a link was read from',
  'post /api/aurora/ output_upload_url': 'where the service PUTs the MP4 (a destination)',
  'post /api/personas/ gdown_url': 'a Google Drive share page the service resolves to the file',
  'post /api/personas_v2/ gdown_url': 'a Google Drive share page the service resolves to the file',
  'post /api/ai_scripts/ url': 'a product page to read, or a Link id',
};

/** Names that say a field holds media; such a field must be a media field or be listed above. */
const MEDIA_NAME = /(^|_)(url|urls|image|images|audio|video|videos|logo|photo|music|background|consent_video|lipsync_input)$/;

const UPLOAD = 'upload:3f0c2a1e-58d4-4f7b-9a53-0c1e9d5b7a21';

/**
 * Every free-text string field of a request body with its dotted path (`video_inputs.*.background.url`).
 * Choices (enums) are not free text; the `anyOf` beside an object's own properties only states
 * which of them go together (see the schemas' `.meta`), so it is not read as more fields.
 */
function stringFields(schema: Schema | undefined, path: string[] = [], out: { path: string; schema: Schema }[] = []) {
  if (!schema) return out;
  if (!schema.properties) for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) stringFields(s, path, out);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('string') && !schema.enum && path.length) out.push({ path: path.join('.'), schema });
  for (const [name, s] of Object.entries(schema.properties ?? {})) stringFields(s, [...path, name], out);
  if (schema.items) stringFields(schema.items, [...path, '*'], out);
  return out;
}

describe('upload references in every media field', () => {
  let db: TestDatabase;
  let t: TestApp;
  let fx: FixtureDir;
  let doc: Doc;
  const files: Record<string, Buffer> = {};

  beforeAll(async () => {
    fx = await makeFixtureDir('cw-upload-fields-');
    files.picture = await readFile(await makeColorImage(fx.path('picture.png'), '#2a9d8f', { width: 360, height: 640 }));
    files.logo = await readFile(await makeLogoPng(fx.path('logo.png'), 64));
    files.clip = await readFile(await makeClip(fx.path('clip.mp4'), 1, { width: 160, height: 288 }));
    files.tone = await readFile(await makeTone(fx.path('tone.wav'), 2));
    db = await freshSqlite();
    // Nothing runs: these are create-time checks.
    t = await startTestApp(db, {}, { credits: 20, consume: false });
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await fx?.cleanup();
  });

  const json = (method: 'POST' | 'PUT', url: string, payload: object, headers = t.headers) => t.app.inject({ method, url, headers, payload });
  const part = (name: keyof typeof files, type: string) => new Blob([new Uint8Array(files[name]!)], { type });

  it('documents every media field of every request body as taking an upload reference', () => {
    const urlOnly: string[] = [];
    const unpatterned: string[] = [];
    let mediaFields = 0;
    const seen = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        for (const field of stringFields(schema)) {
          const key = `${method} ${path} ${field.path}`;
          const name = field.path.split('.').at(-1)!;
          const listedAs = name in NOT_MEDIA ? name : key in NOT_MEDIA ? key : null;
          const listed = listedAs !== null;
          if (listedAs) seen.add(listedAs);
          if (field.schema.pattern) {
            const pattern = new RegExp(field.schema.pattern);
            const takesUrl = pattern.test('https://example.com/a.png');
            if (takesUrl && pattern.test(UPLOAD)) mediaFields++;
            else if (takesUrl && !listed) urlOnly.push(key);
          } else if (MEDIA_NAME.test(name) && !listed) {
            unpatterned.push(key);
          }
        }
      }
    }
    expect(urlOnly, 'URL-only fields that are not in NOT_MEDIA').toEqual([]);
    expect(unpatterned, 'media-named fields without the media pattern').toEqual([]);
    expect(mediaFields).toBeGreaterThan(20);
    // The list names only fields that exist.
    expect([...seen].sort()).toEqual(Object.keys(NOT_MEDIA).sort());
    expect(new RegExp(MEDIA_REF_PATTERN.source).test(UPLOAD)).toBe(true);
  });

  it("takes files and the account's own upload references for a link's pictures, clips and logo (link_with_params, PUT)", async () => {
    const form = new FormData();
    form.append('title', 'Teal mug');
    form.append('image_urls[]', part('picture', 'image/png'), 'picture.png');
    form.append('video_urls[]', part('clip', 'video/mp4'), 'clip.mp4');
    form.append('logo_url', part('logo', 'image/png'), 'logo.png');
    const made = await postMultipart(t, '/api/links/link_with_params/', form);
    expect(made.statusCode, made.body).toBe(200);
    const link = made.json().link;
    expect(link.image_urls).toEqual([expect.stringMatching(MEDIA_REF_PATTERN)]);
    expect(link.image_urls[0]).toMatch(/^upload:/);
    expect(link.video_urls[0]).toMatch(/^upload:/);
    expect(link.logo_url).toMatch(/^upload:/);

    // The same references again, in JSON (the failure the issue reports: "Enter a valid URL.").
    const again = await json('POST', '/api/link_with_params/', {
      title: 'Teal mug again',
      image_urls: link.image_urls,
      video_urls: link.video_urls,
      logo_url: link.logo_url,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().link).toMatchObject({ image_urls: link.image_urls, video_urls: link.video_urls, logo_url: link.logo_url });
    const put = await json('PUT', `/api/links/${again.json().id}/`, { image_urls: [...link.image_urls, link.logo_url] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().link.image_urls).toEqual([...link.image_urls, link.logo_url]);

    // Still checked: the picture field probes what the reference holds, and only the owner may use it.
    const clipAsPicture = await json('POST', '/api/links/link_with_params/', { title: 'Wrong', image_urls: link.video_urls });
    expect(clipAsPicture.statusCode).toBe(400);
    expect(Object.keys(clipAsPicture.json())).toEqual(['image_urls.0']);
    const other = await t.c.accounts.create('someone-else', 5);
    const theirs = await json(
      'POST',
      '/api/links/link_with_params/',
      { title: 'Not mine', image_urls: link.image_urls },
      { 'x-api-id': other.api_id, 'x-api-key': other.api_key },
    );
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toEqual({ 'image_urls.0': ['The uploaded file was not found; send it again.'] });
  });

  it("takes upload references in AI Avatar v2's scene backgrounds, logos, music and end card", async () => {
    // Files come in through any create that echoes them: a link's pictures, a lipsync's audio.
    const pictures = new FormData();
    pictures.append('title', 'Backdrops');
    pictures.append('image_urls[]', part('picture', 'image/png'), 'picture.png');
    pictures.append('image_urls[]', part('logo', 'image/png'), 'logo.png');
    pictures.append('video_urls[]', part('clip', 'video/mp4'), 'clip.mp4');
    const link = (await postMultipart(t, '/api/links/link_with_params/', pictures)).json().link;
    const [picture, logo] = link.image_urls as string[];
    const [clip] = link.video_urls as string[];
    const sound = new FormData();
    sound.append('aspect_ratio', '9:16');
    sound.append('audio', part('tone', 'audio/wav'), 'tone.wav');
    const lipsync = await postMultipart(t, '/api/lipsyncs/preview/', sound);
    expect(lipsync.statusCode, lipsync.body).toBe(201);
    const music = lipsync.json().audio as string;
    expect(music).toMatch(/^upload:/);

    const avatarId = (await t.app.inject({ method: 'GET', url: '/api/personas/', headers: t.headers })).json()[0].id;
    const scene = (background: object) => ({
      character: { type: 'avatar', avatar_id: avatarId },
      voice: { type: 'text', input_text: 'Hello from the beach.' },
      background,
      cta: { cta_logo: { url: logo } },
    });
    const r = await json('POST', '/api/lipsyncs_v2/', {
      video_inputs: [scene({ type: 'image', url: picture }), scene({ type: 'video', url: clip })],
      background_music: { url: music },
      cta_end: true,
      cta_background: picture,
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().video_inputs[0].background.url).toBe(picture);
    expect(r.json().video_inputs[1].background.url).toBe(clip);

    // Another account may not use them, not even padded with spaces (the end card's value is trimmed).
    const other = await t.c.accounts.create('padded', 5);
    const padded = await json(
      'POST',
      '/api/lipsyncs_v2/',
      {
        video_inputs: [{ character: { type: 'avatar', avatar_id: avatarId }, voice: { type: 'text', input_text: 'Hello.' } }],
        cta_end: true,
        cta_background: `  ${picture}  `,
      },
      { 'x-api-id': other.api_id, 'x-api-key': other.api_key },
    );
    expect(padded.statusCode).toBe(400);
    expect(padded.json()).toEqual({ cta_background: ['The uploaded file was not found; send it again.'] });

    // A reference to something that is not there is refused on its own field, nested ones included.
    const missing = await json('POST', '/api/lipsyncs_v2/', { video_inputs: [scene({ type: 'image', url: UPLOAD })], cta_end: true, cta_background: UPLOAD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      'video_inputs.0.background.url': ['The uploaded file was not found; send it again.'],
      cta_background: ['The uploaded file was not found; send it again.'],
    });
  });
});
