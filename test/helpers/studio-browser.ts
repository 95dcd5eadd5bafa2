import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freshSqlite, type TestDatabase } from './databases.js';
import { makeFixtureDir, makePhoto, type FixtureDir } from './media-fixtures.js';
import { startPageServer, type PageServer } from './page-server.js';
import { randomPort, startService, type ServiceProcess } from './service-process.js';

/** Debian's chromium (scripts/setup.sh --test installs it); playwright-core never downloads a browser. */
export const CHROMIUM = '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  // Media must play without a click: the tests start the audio player from script.
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'] });
}

const productPage = (base: string) => `<!doctype html><html><head>
<title>ThermoFlask Pro – Insulated Steel Bottle</title>
<meta name="description" content="Keeps coffee hot for 12 hours and water cold for 24. Leak-proof lid, fits every cup holder, made of recycled steel.">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"ThermoFlask Pro","brand":"ThermoFlask","image":["${base}/img/a.jpg","${base}/img/b.jpg"],"offers":{"@type":"Offer","price":"24.99","priceCurrency":"USD"}}</script>
</head><body><h1>ThermoFlask Pro</h1></body></html>`;

/** A started `clipwright serve` on its own SQLite, its default account, and a loopback product page. */
export interface StudioService {
  baseUrl: string;
  credentials: { api_id: string; api_key: string };
  productUrl: string;
  svc: ServiceProcess;
  stop(): Promise<void>;
}

export async function startStudioService(credits = 100): Promise<StudioService> {
  const fx: FixtureDir = await makeFixtureDir('clipwright-studio-');
  const pages: PageServer = await startPageServer();
  pages.route('/product', { headers: { 'content-type': 'text/html; charset=utf-8' }, body: productPage(pages.baseUrl) });
  for (const [i, name] of ['a', 'b'].entries()) {
    const photo = await makePhoto(fx.path(`${name}.jpg`), { width: 800, height: 800 }, i);
    pages.route(`/img/${name}.jpg`, { headers: { 'content-type': 'image/jpeg' }, body: await readFile(photo) });
  }
  const db: TestDatabase = await freshSqlite();
  const port = randomPort();
  // The product page is on loopback, which the guarded fetcher refuses unless told otherwise.
  const svc = startService('serve', {
    PORT: String(port),
    DATA_DIR: db.dataDir,
    JOB_POLL_MS: '100',
    DEFAULT_ACCOUNT_CREDITS: String(credits),
    ALLOW_PRIVATE_URLS: '1',
    CUTOUT_ENGINE: 'border-key',
  });
  await svc.waitFor(/clipwright started/, 60_000);
  const credentials = JSON.parse(await readFile(join(db.dataDir, 'credentials.json'), 'utf8'));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    credentials,
    productUrl: pages.url('/product'),
    svc,
    async stop() {
      await svc.stop();
      await pages.close();
      await db.drop();
      await fx.cleanup();
    },
  };
}

/** Opens the Studio and signs in through its form; resolves when the credits badge shows a number. */
export async function signIn(page: Page, service: StudioService): Promise<void> {
  await page.goto(`${service.baseUrl}/studio/`);
  await page.fill('input[name=api_id]', service.credentials.api_id);
  await page.fill('input[name=api_key]', service.credentials.api_key);
  await page.click('#sign-in-form button[type=submit]');
  await page.waitForFunction(() => /\d+ credits/.test(document.querySelector('#credits')?.textContent ?? ''));
}

/** How far the page is wider than the window (0 = no horizontal scroll). */
export function horizontalOverflowPx(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
