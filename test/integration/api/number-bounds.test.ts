import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_ID } from '../../../src/domain/catalog/avatars.js';
import { startTestApp, postMultipart, type TestApp } from '../../helpers/app.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';

/**
 * Every bounded number of every endpoint, through HTTP: a value in range is not rejected on its
 * field; below, above, NaN, Infinity, huge and words are a 400 on that exact field path whose
 * message names the range, in JSON and in form bodies. Colour fields take only colours. Nothing
 * here renders: the app does not consume jobs, and a rejected request never reaches a service.
 */

/** JSON cannot write Infinity; `1e999` is how a client sends it (JSON.parse reads it as Infinity). */
const JSON_INFINITY = '__json_infinity__';
const JSON_MINUS_INFINITY = '__json_minus_infinity__';

type Body = Record<string, unknown>;

interface Bounded {
  /** Dotted path, as the 400 field map names it. */
  path: string;
  min: number;
  max: number;
  integer?: boolean;
  /** A top-level field a form body can carry. */
  form?: boolean;
}

interface Endpoint {
  method: 'POST' | 'GET';
  url: string;
  /** An otherwise valid body (or query) the field is set into. */
  base: () => Body;
  fields: Bounded[];
  /** Same schema as an endpoint tested in full: a few values are enough. */
  alias?: boolean;
}

const CAPTION_FIELDS = (prefix: string): Bounded[] => [
  { path: `${prefix}.offset.x`, min: -0.5, max: 0.5 },
  { path: `${prefix}.offset.y`, min: -0.5, max: 0.5 },
  { path: `${prefix}.font_size`, min: 8, max: 400, integer: true },
  { path: `${prefix}.max_width`, min: 1, max: 3840, integer: true },
  { path: `${prefix}.line_height`, min: 0.5, max: 5 },
];

const COLOUR_FIELDS = (prefix: string) => ['text_color', 'background_color', 'highlight_text_color'].map((f) => `${prefix}.${f}`);

function setPath(body: Body, path: string, value: unknown): Body {
  const copy = structuredClone(body);
  const keys = path.split('.');
  // A list index is a property name too ("0" of an array is its first item).
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
  return copy;
}

function jsonText(body: Body): string {
  return JSON.stringify(body).replaceAll(`"${JSON_INFINITY}"`, '1e999').replaceAll(`"${JSON_MINUS_INFINITY}"`, '-1e999');
}

function rangeText(f: Bounded): string {
  return `between ${f.min} and ${f.max}`;
}

/** The values a careless or hostile client sends, per encoding (a sample of them for an alias). */
function badJsonValues(f: Bounded, alias = false): unknown[] {
  const step = f.integer ? 1 : 0.01;
  if (alias) return [f.max + step, JSON_INFINITY, 'abc'];
  return [
    f.min - step,
    f.max + step,
    'NaN',
    'Infinity',
    JSON_INFINITY,
    JSON_MINUS_INFINITY,
    1e308,
    -1e308,
    'abc',
    '',
    true,
    ...(f.integer ? [f.min + 0.5] : []),
  ];
}

function badFormValues(f: Bounded, alias = false): string[] {
  const step = f.integer ? 1 : 0.01;
  if (alias) return [String(f.min - step), '1e999', 'NaN'];
  return [
    String(f.min - step),
    String(f.max + step),
    'NaN',
    'Infinity',
    '-Infinity',
    '1e999',
    '1e308',
    'abc',
    '0x10',
    ...(f.integer ? [String(f.min + 0.5)] : []),
  ];
}

describe.each(databases)('bounded numbers and colours (%s)', (_name, makeDb) => {
  let db: TestDatabase;
  let t: TestApp;
  let linkId: string;
  const unreachable = 'http://127.0.0.1:1/none.png';

  beforeAll(async () => {
    db = await makeDb();
    t = await startTestApp(db, {}, { credits: 1_000_000, consume: false });
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/links/link_with_params/',
      headers: t.headers,
      payload: { title: 'Lamp', description: 'A lamp.', image_urls: [unreachable] },
    });
    linkId = link.json().id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const scene = () => ({ character: { avatar_id: DEFAULT_AVATAR_ID }, voice: { type: 'text', input_text: 'Hello there.' } });
  const endpoints = (): Endpoint[] => {
    const linkVideo = (url: string, extra: Body = {}, alias = false): Endpoint => ({
      method: 'POST',
      url,
      alias,
      base: () => ({ link: linkId, ...extra }),
      fields: [
        { path: 'background_music_volume', min: 0, max: 1, form: true },
        { path: 'voiceover_volume', min: 0, max: 1, form: true },
        { path: 'caption_offset_x', min: -0.5, max: 0.5, form: true },
        { path: 'caption_offset_y', min: -0.5, max: 0.5, form: true },
        ...CAPTION_FIELDS('caption_setting'),
      ],
    });
    const lipsync = (url: string, alias = false): Endpoint => ({
      method: 'POST',
      url,
      alias,
      base: () => ({ aspect_ratio: '9:16', text: 'Hello there.' }),
      fields: [
        { path: 'caption_offset_x', min: -0.5, max: 0.5, form: true },
        { path: 'caption_offset_y', min: -0.5, max: 0.5, form: true },
      ],
    });
    const lipsyncV2 = (url: string, alias = false): Endpoint => ({
      method: 'POST',
      url,
      alias,
      base: () => ({ video_inputs: [scene()] }),
      fields: [
        { path: 'video_inputs.0.character.offset.x', min: -1, max: 1 },
        { path: 'video_inputs.0.character.offset.y', min: -1, max: 1 },
        { path: 'video_inputs.0.character.scale', min: 0, max: 2 },
        { path: 'video_inputs.0.voice.duration', min: 1, max: 100 },
        { path: 'video_inputs.0.voice.volume', min: 0, max: 1 },
        { path: 'video_inputs.0.cta.cta_logo.offset.x', min: -1, max: 1 },
        { path: 'video_inputs.0.cta.cta_logo.offset.y', min: -1, max: 1 },
        { path: 'video_inputs.0.cta.cta_logo.scale', min: 0, max: 1 },
        ...CAPTION_FIELDS('video_inputs.0.caption_setting'),
        ...CAPTION_FIELDS('video_inputs.0.cta.cta_caption.caption_setting'),
        { path: 'background_music.volume', min: 0, max: 1 },
        { path: 'cta_duration', min: 1, max: 30 },
      ],
    });
    return [
      linkVideo('/api/link_to_videos/'),
      linkVideo('/api/link_to_videos/preview/', {}, true),
      linkVideo('/api/link_to_videos/preview_list_async/', { visual_styles: ['VanillaTemplate'] }, true),
      lipsync('/api/lipsyncs/'),
      lipsync('/api/lipsyncs/preview/', true),
      lipsyncV2('/api/lipsyncs_v2/'),
      lipsyncV2('/api/lipsyncs_v2/preview/', true),
      {
        method: 'POST',
        url: '/api/aurora/',
        base: () => ({ image: unreachable, audio: unreachable }),
        fields: [
          { path: 'prompt_guidance_scale', min: 0, max: 3, form: true },
          { path: 'ttl_days', min: 1, max: 36_500, integer: true, form: true },
        ],
      },
      {
        method: 'POST',
        url: '/api/ai_scripts/',
        base: () => ({ title: 'Desk lamp', description: 'A warm desk lamp that folds flat.' }),
        fields: [{ path: 'seed', min: 0, max: 2 ** 32 - 1, integer: true, form: true }],
      },
      {
        method: 'POST',
        url: '/api/text_generator/',
        base: () => ({ model_name: 'clipwright-script', messages: [{ role: 'user', content: 'Hello' }] }),
        fields: [
          { path: 'config.temperature', min: 0, max: 2 },
          { path: 'config.max_output_tokens', min: 1, max: 1_000_000, integer: true },
          { path: 'config.top_p', min: 0, max: 1 },
          { path: 'config.top_k', min: 1, max: 1000, integer: true },
          { path: 'config.presence_penalty', min: -2, max: 2 },
          { path: 'config.frequency_penalty', min: -2, max: 2 },
          { path: 'config.seed', min: -(2 ** 31), max: 2 ** 32 - 1, integer: true },
        ],
      },
      ...['/api/voices/paginated/', '/api/personas/paginated/', '/api/personas/', '/api/personas_v2/paginated/', '/api/musics/'].map(
        (url): Endpoint => ({
          method: 'GET',
          url,
          base: () => ({}),
          fields: [
            { path: 'page', min: 1, max: 2 ** 31 - 1, integer: true, form: true },
            { path: 'page_size', min: 1, max: 2 ** 31 - 1, integer: true, form: true },
          ],
        }),
      ),
    ];
  };

  const sendJson = (e: Endpoint, body: Body) =>
    t.app.inject({ method: e.method, url: e.url, headers: { ...t.headers, 'content-type': 'application/json' }, payload: jsonText(body) });
  const sendForm = (e: Endpoint, body: Body) => {
    const encoded = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
    if (e.method === 'GET') return t.app.inject({ method: 'GET', url: `${e.url}?${encoded}`, headers: t.headers });
    return t.app.inject({ method: 'POST', url: e.url, headers: { ...t.headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: encoded });
  };

  /** Failures are collected so one run lists every field that is wrong, not just the first. */
  function expectRejected(r: { statusCode: number; body: string }, f: Bounded, what: string, problems: string[], needle = rangeText(f)): void {
    const messages: unknown = r.statusCode === 400 ? (JSON.parse(r.body) as Record<string, unknown>)[f.path] : undefined;
    const ok = Array.isArray(messages) && messages.some((m) => typeof m === 'string' && m.includes(needle));
    if (!ok) problems.push(`${what}: ${r.statusCode} ${r.body.slice(0, 300)}`);
  }
  function expectNotRejectedOnField(r: { statusCode: number; body: string }, path: string, what: string, problems: string[]): void {
    if (r.statusCode >= 500) problems.push(`${what}: ${r.statusCode} ${r.body.slice(0, 300)}`);
    else if (r.statusCode === 400 && path in (JSON.parse(r.body) as Record<string, unknown>)) problems.push(`${what}: rejected ${r.body.slice(0, 300)}`);
  }

  it('rejects out-of-range, NaN, Infinity, huge and non-numeric values in JSON on the field, naming the range', async () => {
    const problems: string[] = [];
    for (const e of endpoints()) {
      for (const f of e.fields) {
        if (e.method === 'GET') continue;
        for (const value of badJsonValues(f, e.alias)) {
          const r = await sendJson(e, setPath(e.base(), f.path, value));
          expectRejected(r, f, `JSON ${e.url} ${f.path}=${JSON.stringify(value)}`, problems);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('rejects the same in form bodies and query strings', async () => {
    const problems: string[] = [];
    for (const e of endpoints()) {
      for (const f of e.fields.filter((x) => x.form)) {
        const base = e.base();
        if (Object.values(base).some((v) => typeof v === 'object')) continue;
        for (const value of badFormValues(f, e.alias)) {
          const r = await sendForm(e, { ...base, [f.path]: value });
          expectRejected(r, f, `form ${e.method} ${e.url} ${f.path}=${value}`, problems);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('accepts every value in range (the bounds themselves included), as a number or as text', async () => {
    const problems: string[] = [];
    for (const e of endpoints()) {
      for (const f of e.fields) {
        const middle = f.integer ? Math.round((f.min + f.max) / 2) : (f.min + f.max) / 2;
        const values = e.alias ? [middle] : [f.min, f.max, middle];
        for (const value of values) {
          if (e.method === 'POST') {
            const r = await sendJson(e, setPath(e.base(), f.path, value));
            expectNotRejectedOnField(r, f.path, `JSON ${e.url} ${f.path}=${value}`, problems);
          }
          if (f.form) {
            const r = await sendForm(e, { ...e.base(), [f.path]: String(value) });
            expectNotRejectedOnField(r, f.path, `form ${e.url} ${f.path}=${value}`, problems);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('takes a value in range as the number it is (a form value reaches the task as a number)', async () => {
    const r = await sendForm(
      { method: 'POST', url: '/api/lipsyncs/preview/', base: () => ({}), fields: [] },
      { aspect_ratio: '9:16', text: 'Hello there.', caption_offset_x: '-0.25' },
    );
    expect(r.statusCode).toBe(201);
    expect(r.json().caption_offset_x).toBe(-0.25);
  });

  it('rejects bad values in multipart bodies as in forms', async () => {
    const form = new FormData();
    form.append('image', unreachable);
    form.append('audio', unreachable);
    form.append('prompt_guidance_scale', 'Infinity');
    form.append('ttl_days', '1e999');
    const r = await postMultipart(t, '/api/aurora/', form);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      prompt_guidance_scale: [expect.stringContaining('between 0 and 3')],
      ttl_days: [expect.stringContaining('between 1 and 36500')],
    });
  });

  it('takes video_length only from its choices, and says which they are', async () => {
    const problems: string[] = [];
    const cases: [Endpoint, string][] = [
      [{ method: 'POST', url: '/api/link_to_videos/', base: () => ({ link: linkId }), fields: [] }, 'link'],
      [{ method: 'POST', url: '/api/ai_scripts/', base: () => ({ title: 'Desk lamp', description: 'A warm desk lamp.' }), fields: [] }, 'scripts'],
    ];
    const field: Bounded = { path: 'video_length', min: 15, max: 60 };
    for (const [e] of cases) {
      for (const value of [20, 0, -15, 15.5, 1e308, JSON_INFINITY, 'NaN', 'abc', true]) {
        expectRejected(
          await sendJson(e, { ...e.base(), video_length: value }),
          field,
          `JSON ${e.url} video_length=${String(value)}`,
          problems,
          'Allowed: 15, 30, 45, 60',
        );
      }
      for (const value of ['20', 'Infinity', '1e999', 'abc']) {
        expectRejected(
          await sendForm(e, { ...e.base(), video_length: value }),
          field,
          `form ${e.url} video_length=${value}`,
          problems,
          'Allowed: 15, 30, 45, 60',
        );
      }
      for (const value of [15, 60, '30'])
        expectNotRejectedOnField(await sendJson(e, { ...e.base(), video_length: value }), 'video_length', `${e.url} video_length=${value}`, problems);
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('takes only colours in colour fields (#RGB, #RRGGBB, #RRGGBBAA)', async () => {
    const problems: string[] = [];
    const targets: [Endpoint, string][] = [
      ...COLOUR_FIELDS('caption_setting').map((p): [Endpoint, string] => [
        { method: 'POST', url: '/api/link_to_videos/', base: () => ({ link: linkId }), fields: [] },
        p,
      ]),
      ...COLOUR_FIELDS('video_inputs.0.caption_setting').map((p): [Endpoint, string] => [
        { method: 'POST', url: '/api/lipsyncs_v2/', base: () => ({ video_inputs: [scene()] }), fields: [] },
        p,
      ]),
      ...COLOUR_FIELDS('video_inputs.0.cta.cta_caption.caption_setting').map((p): [Endpoint, string] => [
        { method: 'POST', url: '/api/lipsyncs_v2/', base: () => ({ video_inputs: [scene()] }), fields: [] },
        p,
      ]),
    ];
    for (const [e, path] of targets) {
      for (const value of ['red', 'FFFFFF', '#GGGGGG', '#12345', '#1234567', ' #FFFFFF', 'rgb(0,0,0)', 'url(javascript:x)', 16777215, true]) {
        expectRejected(
          await sendJson(e, setPath(e.base(), path, value)),
          { path, min: 0, max: 0 },
          `${e.url} ${path}=${JSON.stringify(value)}`,
          problems,
          '#RRGGBB',
        );
      }
      for (const value of ['#FFF', '#ffffff', '#000000B3']) {
        expectNotRejectedOnField(await sendJson(e, setPath(e.base(), path, value)), path, `${e.url} ${path}=${value}`, problems);
      }
    }
    const v2 = { method: 'POST' as const, url: '/api/lipsyncs_v2/', base: () => ({ video_inputs: [scene()], cta_end: true }), fields: [] };
    for (const value of ['red', '#GGG', 'javascript:alert(1)']) {
      expectRejected(
        await sendJson(v2, { ...v2.base(), cta_background: value }),
        { path: 'cta_background', min: 0, max: 0 },
        `cta_background=${value}`,
        problems,
        '#RRGGBB',
      );
    }
    for (const value of ['#FFF', '#112233', '#112233CC']) {
      expectNotRejectedOnField(await sendJson(v2, { ...v2.base(), cta_background: value }), 'cta_background', `cta_background=${value}`, problems);
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('says a missing required choice is required, in JSON and forms', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/lipsyncs/', headers: t.headers, payload: { text: 'Hello there.' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ aspect_ratio: ['This field is required.'] });
    const form = await sendForm({ method: 'POST', url: '/api/lipsyncs/', base: () => ({}), fields: [] }, { text: 'Hello there.' });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ aspect_ratio: ['This field is required.'] });
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/text_generator/',
      headers: t.headers,
      payload: { model_name: 'clipwright-script', messages: [{ content: 'Hi' }] },
    });
    expect(role.statusCode).toBe(400);
    expect(role.json()).toEqual({ 'messages.0.role': ['This field is required.'] });
    const nullChoice = await t.app.inject({ method: 'POST', url: '/api/lipsyncs/', headers: t.headers, payload: { text: 'Hello there.', aspect_ratio: null } });
    expect(nullChoice.json()).toEqual({ aspect_ratio: ['This field may not be null.'] });
    const wrongChoice = await t.app.inject({
      method: 'POST',
      url: '/api/lipsyncs/',
      headers: t.headers,
      payload: { text: 'Hello there.', aspect_ratio: '4:3' },
    });
    expect(wrongChoice.json().aspect_ratio[0]).toContain('Allowed: 16:9, 9:16, 1:1');
  });
});
