import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureLoudness, probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';

describe('Music library endpoints', () => {
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
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: t.headers })).json();

  it('lists at least 6 categories and 5 tracks in each, filtered by category and search', async () => {
    const categories = await get('/api/music_categories/');
    expect(categories.length).toBeGreaterThanOrEqual(6);
    expect(categories[0]).toEqual({ id: expect.any(String), name: expect.any(String), description: expect.any(String) });
    for (const cat of categories) {
      const page = await get(`/api/musics/?category=${encodeURIComponent(cat.name)}&page_size=100`);
      expect(page.count).toBeGreaterThanOrEqual(5);
      expect(page.results.every((tr: { category: string; duration: number }) => tr.category === cat.name && tr.duration >= 60)).toBe(true);
    }
    const all = await get('/api/musics/?page_size=3');
    expect(all.results).toHaveLength(3);
    expect(all.next).toMatch(/page=2/);
    const byId = await get(`/api/musics/?category=${categories[0].id}`);
    expect(byId.count).toBeGreaterThanOrEqual(5);
    const search = await get(`/api/musics/?search=${encodeURIComponent(all.results[0].name)}`);
    expect(search.results.map((r: { id: string }) => r.id)).toContain(all.results[0].id);
  });

  it('serves a track as a real MP3 of its stated length', async () => {
    const track = (await get('/api/musics/?page_size=1')).results[0];
    const r = await t.app.inject({ method: 'GET', url: track.url.replace(/^https?:\/\/[^/]+/, '') });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('audio/mpeg');
    const file = join(db.dataDir, 'track.mp3');
    writeFileSync(file, r.rawPayload);
    const probe = await probeMedia(file);
    expect(Math.abs(probe.durationSeconds - track.duration)).toBeLessThan(0.2);
    expect((await measureLoudness(file)).integratedLufs).toBeGreaterThan(-35);
  });
});
