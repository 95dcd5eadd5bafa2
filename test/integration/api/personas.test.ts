import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinPersona, type Persona } from '../../../src/domain/catalog/avatars-personas.js';
import { BUILTIN_AVATARS } from '../../../src/domain/catalog/avatars.js';
import { measureLoudness, probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import type { PersonaAnswer } from '../../helpers/api-types.js';

describe('Avatars endpoints', () => {
  let db: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    db = await freshSqlite();
    t = await startTestApp(db);
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  const request = (url: string, headers = t.headers) => t.app.inject({ method: 'GET', url, headers });
  const get = async (url: string) => {
    const r = await request(url);
    expect(r.statusCode).toBe(200);
    return r.json();
  };
  const download = async (url: string, name: string) => {
    const r = await t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });
    expect(r.statusCode).toBe(200);
    const file = join(db.dataDir, name);
    writeFileSync(file, r.rawPayload);
    return { file, contentType: r.headers['content-type'] };
  };

  it('lists at least 12 built-in avatars with the persona fields and a voice each', async () => {
    const all = await get('/api/personas/');
    expect(Array.isArray(all)).toBe(true);
    expect(all.length).toBeGreaterThanOrEqual(12);
    for (const p of all) {
      expect(p).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: expect.any(String),
        creator_name: p.name,
        status: 'active',
        is_active: true,
        process_status: 'active',
        thumbnail: expect.stringMatching(/^http.*\.png\?/),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        gender: expect.stringMatching(/^(m|f|nb)$/),
        age_range: expect.stringMatching(/^(child|teen|adult|senior)$/),
        location: expect.stringMatching(/^(outdoor|fantasy|indoor|other)$/),
        style: expect.stringMatching(/^(selfie|presenter|other)$/),
        suitable_industries: expect.any(Array),
        keywords: expect.any(String),
        video_scene: expect.any(String),
        preview_image_16_9: expect.stringMatching(/^http/),
        preview_image_1_1: expect.stringMatching(/^http/),
        preview_image_9_16: expect.stringMatching(/^http/),
        preview_video_16_9: expect.stringMatching(/^http.*\.mp4\?/),
        landscape_preview_video: expect.any(String),
        squared_preview_video: expect.any(String),
        portrait_preview_video: expect.any(String),
        failed_reason: null,
        default_voice_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
    }
    // Every default voice is a voice of the catalog.
    const voice = await request(`/api/voices/${all[0].default_voice_id}/`);
    expect(voice.statusCode).toBe(200);
  });

  it('filters by gender, age range, style, location, keyword and industry; comma lists are alternatives', async () => {
    const all = await get('/api/personas/');
    const check = async (query: string, pred: (p: PersonaAnswer) => boolean) => {
      const found = await get(`/api/personas/?${query}`);
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBe(all.filter(pred).length);
      expect(found.every(pred)).toBe(true);
      return found;
    };
    await check('gender=f', (p) => p.gender === 'f');
    await check('gender=m,nb', (p) => p.gender === 'm' || p.gender === 'nb');
    await check('age_range=senior', (p) => p.age_range === 'senior');
    await check('age_range=child,teen', (p) => p.age_range === 'child' || p.age_range === 'teen');
    await check('style=presenter', (p) => p.style === 'presenter');
    await check('location=fantasy', (p) => p.location === 'fantasy');
    await check('gender=f&location=outdoor', (p) => p.gender === 'f' && p.location === 'outdoor');
    await check(`suitable_industries=${encodeURIComponent('Food & Beverage')}`, (p) => p.suitable_industries.includes('Food & Beverage'));
    const chef = await get('/api/personas/?keyword=chef');
    expect(chef.map((p: PersonaAnswer) => p.name)).toEqual(['Carlos']);
    expect(await get('/api/personas/?keyword=astronaut%20wizard')).toEqual([]);
    const ids = `${all[2].id},${all[5].id}`;
    expect((await get(`/api/personas/?ids=${ids}`)).map((p: { id: string }) => p.id)).toEqual([all[2].id, all[5].id]);

    const bad = await request('/api/personas/?age_range=toddler');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().age_range[0]).toContain('child, teen, adult, senior');
  });

  it('pages: the paginated endpoint, and the plain one when page or page_size is given', async () => {
    const total = (await get('/api/personas/')).length;
    const first = await get('/api/personas/paginated/?page_size=5');
    expect(first).toMatchObject({ count: total, page: 1, page_size: 5, previous: null });
    expect(first.results).toHaveLength(5);
    expect(first.next).toMatch(/page=2/);
    const second = await get('/api/personas/paginated/?page=2&page_size=5');
    expect(second.results[0].id).not.toBe(first.results[0].id);
    const filtered = await get('/api/personas/paginated/?gender=m&page_size=100');
    expect(filtered.count).toBe(filtered.results.length);
    expect(filtered.results.every((p: PersonaAnswer) => p.gender === 'm')).toBe(true);
    expect((await get('/api/personas/paginated/?page=99')).results).toEqual([]);
    const plainPaged = await get('/api/personas/?page_size=3');
    expect(plainPaged.count).toBe(total);
    expect(plainPaged.results).toHaveLength(3);
    expect((await request('/api/personas/paginated/?page=0')).statusCode).toBe(400);
    const v2 = await get('/api/personas_v2/');
    expect(v2.length).toBe(total);
    expect(v2.every((p: PersonaAnswer) => p.version === 'v2' && p.consent_verified === true)).toBe(true);
    const v2page = await get('/api/personas_v2/paginated/?age_range=adult&page_size=2');
    expect(v2page.results).toHaveLength(2);
    expect(v2page.results.every((p: PersonaAnswer) => p.age_range === 'adult')).toBe(true);
  });

  it('gets one avatar; an unknown id is 404', async () => {
    const some = (await get('/api/personas/'))[3];
    expect(await get(`/api/personas/${some.id}/`)).toEqual(some);
    expect(await get(`/api/personas/${some.id}`)).toEqual(some);
    const missing = await request('/api/personas/00000000-0000-4000-8000-000000000000/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'No Persona matches the given query.', code: 'not_found' });
  });

  it('serves preview images as PNGs at 16:9, 1:1 and 9:16', async () => {
    const p = (await get('/api/personas/?keyword=doctor'))[0];
    const sizes: Array<[string, number, number]> = [
      ['preview_image_16_9', 1920, 1080],
      ['preview_image_1_1', 1080, 1080],
      ['preview_image_9_16', 1080, 1920],
    ];
    for (const [field, width, height] of sizes) {
      const { file, contentType } = await download(p[field], `${field}.png`);
      expect(contentType).toBe('image/png');
      const probe = await probeMedia(file);
      expect(probe.video).toMatchObject({ codec: 'png', width, height });
    }
    expect(p.thumbnail).toBe(p.preview_image_1_1);
  });

  it('serves a preview video: the avatar speaking its greeting, H.264 + AAC', async () => {
    const p = (await get('/api/personas/?keyword=chef'))[0];
    const { file, contentType } = await download(p.preview_video_9_16, 'preview.mp4');
    expect(contentType).toBe('video/mp4');
    const probe = await probeMedia(file);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 360, height: 640 });
    expect(probe.video!.fps).toBeCloseTo(30, 3);
    expect(probe.audio?.codec).toBe('aac');
    expect(probe.durationSeconds).toBeGreaterThan(2);
    expect(probe.durationSeconds).toBeLessThan(12);
    expect((await measureLoudness(file)).integratedLufs).toBeGreaterThan(-35);
    // The second request is served from storage (same bytes).
    const again = await download(p.preview_video_9_16, 'preview-again.mp4');
    expect((await probeMedia(again.file)).sizeBytes).toBe(probe.sizeBytes);
  });

  it('shows custom avatars through the hook: own active ones listed first, any status by id, others not at all', async () => {
    const base = builtinPersona(BUILTIN_AVATARS[0]!, null);
    const custom = (id: string, status: Persona['status'], version: Persona['version']): Persona => ({
      ...base,
      kind: 'custom',
      id,
      name: `Custom ${status}`,
      status,
      version,
      consentVerified: version === 'v2' ? false : null,
      createdAt: '2025-06-01T00:00:00.000Z',
      updatedAt: '2025-06-01T00:00:00.000Z',
      thumbnailKey: null,
      previewImageKeys: {},
      previewVideoKeys: {},
      defaultVoiceId: null,
    });
    const active = custom('11111111-1111-4111-8111-111111111111', 'active', 'v1');
    const pending = custom('22222222-2222-4222-8222-222222222222', 'processing', 'v2');
    t.c.personas.useCustomSource({
      list: async (accountId) => (accountId === t.account.account_id ? [pending, active] : []),
      get: async (accountId, id) => (accountId === t.account.account_id ? ([pending, active].find((p) => p.id === id) ?? null) : null),
    });
    const list = await get('/api/personas/');
    expect(list[0]).toMatchObject({ id: active.id, status: 'active', is_builtin: false, thumbnail: null });
    expect(list.some((p: PersonaAnswer) => p.id === pending.id)).toBe(false);
    expect((await get('/api/personas_v2/')).some((p: PersonaAnswer) => p.id === active.id)).toBe(false);
    expect(await get(`/api/personas/${pending.id}/`)).toMatchObject({ status: 'processing', is_active: false, version: 'v2', consent_verified: false });

    const other = await t.c.accounts.create('other', 1);
    const theirs = await request(`/api/personas/${active.id}/`, { 'x-api-id': other.api_id, 'x-api-key': other.api_key });
    expect(theirs.statusCode).toBe(404);
  });
});
