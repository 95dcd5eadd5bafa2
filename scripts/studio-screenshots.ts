/**
 * Makes docs/studio/*.png: starts a real service with a loopback product page, signs in through
 * the Studio in Debian's chromium, makes a speech and a URL-to-video preview so the pages show
 * results, and captures the main pages at desktop (1280 px) and phone (390 px) width.
 * Run: npm run studio:screenshots
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, signIn, startStudioService } from '../test/helpers/studio-browser.js';

const OUT = join(import.meta.dirname, '..', 'docs', 'studio');

const service = await startStudioService(100);
const browser = await launchChromium();
try {
  await mkdir(OUT, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const shot = async (name: string, fullPage = false) => {
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(OUT, `${name}.png`), fullPage });
    console.log(`docs/studio/${name}.png`);
  };

  await page.goto(`${service.baseUrl}/studio/`);
  await shot('sign-in');
  await signIn(page, service);

  await page.goto(`${service.baseUrl}/studio/#/tts`);
  await page.click('.voice button');
  await page.fill('#tts-form textarea[name=text]', 'Welcome to Clipwright Studio.');
  await page.click('#tts-form button[type=submit]');
  await page.locator('.task-card[data-status=done] audio').first().waitFor({ timeout: 60_000 });
  await shot('text-to-speech');

  await page.goto(`${service.baseUrl}/studio/#/url-video`);
  await page.fill('#link-form input[name=url]', service.productUrl);
  await page.click('#link-form button[type=submit]');
  await page.waitForSelector('.link-facts');
  await page.selectOption('#preview-form select[name=video_length]', '15');
  await page.click('#preview-form button[type=submit]');
  await page.locator('.task-card[data-status=done] .preview video').first().waitFor({ timeout: 300_000 });
  await page.waitForFunction(() => [...document.querySelectorAll('.preview video')].every((v) => (v as HTMLVideoElement).readyState >= 2), null, {
    timeout: 30_000,
  });
  await shot('url-to-video', true);

  await page.goto(`${service.baseUrl}/studio/#/avatar-v2`);
  await page.click('button:has-text("Add a scene")');
  await page.fill('textarea[name="video_inputs.0.voice.input_text"]', 'Meet the ThermoFlask Pro.');
  await page.click('form button[type=submit]');
  await page.waitForSelector('.field-error, .task-card');
  await shot('avatar-v2-scenes');

  await page.goto(`${service.baseUrl}/studio/#/music`);
  await page.waitForSelector('.track');
  await shot('music');

  await page.goto(`${service.baseUrl}/studio/#/api/ai-shorts`);
  await page.waitForSelector('.operation');
  await shot('generic-ai-shorts');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${service.baseUrl}/studio/#/url-video`);
  await shot('phone-url-to-video');
  await page.goto(`${service.baseUrl}/studio/#/tts`);
  await shot('phone-text-to-speech');
} finally {
  await browser.close();
  await service.stop();
}
