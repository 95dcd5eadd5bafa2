import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflowPx, launchChromium, signIn, startStudioService, type StudioService } from '../helpers/studio-browser.js';

/** The Studio in Debian's chromium against a real `clipwright serve` on loopback. */
describe('Studio in a real browser', () => {
  let service: StudioService;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [service, browser] = await Promise.all([startStudioService(100), launchChromium()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (err) => pageErrors.push(err.message));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it("refuses a wrong key with the API's message, then signs in and shows the credits", async () => {
    await page.goto(`${service.baseUrl}/studio/`);
    await page.fill('input[name=api_id]', service.credentials.api_id);
    await page.fill('input[name=api_key]', 'cwk_wrong');
    await page.click('#sign-in-form button[type=submit]');
    await page.waitForSelector('.form-error');
    expect(await page.textContent('.form-error')).toMatch(/credential|invalid|key/i);
    await signIn(page, service);
    expect(await page.textContent('#credits')).toBe('100 credits');
    expect(await page.evaluate(() => sessionStorage.getItem('clipwright.credentials'))).toContain(service.credentials.api_id);
  });

  it('shows a 400 next to the field the API named', async () => {
    await page.goto(`${service.baseUrl}/studio/#/tts`);
    await page.click('.voice button');
    await page.click('#tts-form button[type=submit]');
    const error = page.locator('.field[data-name=text] .field-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('This field may not be blank.');
    expect(await page.locator('.field[data-name=voice_id] .field-error').count()).toBe(0);
  });

  it('makes speech and plays it: the audio loads, has a duration and its time advances; credits drop', async () => {
    const streams: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (/\/api\/tasks\/[0-9a-f-]{36}\/events$/.test(r.url())) streams.push(r.url());
    };
    page.on('request', onRequest);
    await page.fill('#tts-form textarea[name=text]', 'Hello from the Studio. This is real speech.');
    await page.click('#tts-form button[type=submit]');
    const audio = page.locator('.task-card[data-status=done] audio').first();
    await audio.waitFor({ timeout: 60_000 });
    const played = await audio.evaluate(async (el: HTMLAudioElement) => {
      await el.play();
      const start = el.currentTime;
      await new Promise((r) => setTimeout(r, 600));
      return { readyState: el.readyState, duration: el.duration, advanced: el.currentTime - start };
    });
    expect(played.readyState).toBeGreaterThanOrEqual(2);
    expect(played.duration).toBeGreaterThan(1);
    expect(played.advanced).toBeGreaterThan(0.1);
    await page.waitForFunction(() => document.querySelector('#credits')?.textContent === '99 credits');
    expect(await page.getAttribute('.task-card[data-status=done] a[download]', 'href')).toMatch(/\/files\/.*\.mp3\?expires=/);
    // The card followed the task over its events stream (polling is only the fallback).
    page.off('request', onRequest);
    expect(streams.length).toBeGreaterThanOrEqual(1);
  }, 90_000);

  it('reads a loopback product page, shows its facts and makes a preview that loads in a video element', async () => {
    await page.goto(`${service.baseUrl}/studio/#/url-video`);
    await page.fill('#link-form input[name=url]', service.productUrl);
    await page.click('#link-form button[type=submit]');
    await page.waitForSelector('.link-facts');
    expect(await page.textContent('.link-facts h3')).toContain('ThermoFlask Pro');
    expect(await page.locator('.link-facts .thumbs img').count()).toBe(2);
    // One style keeps the render small: a 15 s preview at 360×640.
    await page.click('label.chip:has-text("FullScreen")');
    await page.selectOption('#preview-form select[name=video_length]', '15');
    await page.click('#preview-form button[type=submit]');
    const video = page.locator('.task-card[data-status=done] .preview video').first();
    await video.waitFor({ timeout: 240_000 });
    await page.waitForFunction(() => ((document.querySelector('.preview video') as HTMLVideoElement | null)?.readyState ?? 0) >= 1, null, { timeout: 30_000 });
    const loaded = await video.evaluate((el: HTMLVideoElement) => ({ readyState: el.readyState, width: el.videoWidth, height: el.videoHeight }));
    expect(loaded.readyState).toBeGreaterThanOrEqual(1);
    expect(loaded).toMatchObject({ width: 360, height: 640 });
    expect(await page.locator('.preview button:has-text("Render this")').count()).toBe(1);
  }, 300_000);

  it('fits a 390 px phone screen without horizontal scroll on every page', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const routes = [
      'url-video',
      'avatar-v1',
      'avatar-v2',
      'aurora',
      'tts',
      'voice-clone',
      'custom-avatars',
      'music',
      'text-generator',
      'ai-scripts',
      'tasks',
      'api/links',
      'api/product-video',
    ];
    const overflow: Record<string, number> = {};
    for (const route of routes) {
      await page.goto(`${service.baseUrl}/studio/#/${route}`);
      await page.waitForSelector('main h2');
      await page.waitForTimeout(300);
      overflow[route] = await horizontalOverflowPx(page);
    }
    expect(overflow).toEqual(Object.fromEntries(routes.map((r) => [r, 0])));
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
