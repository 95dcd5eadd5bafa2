import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakePageScraper } from '../../../src/domain/links/fake-page-scraper.js';
import { AiScriptService } from '../../../src/domain/text/ai-script-service.js';
import { LocalGgufLlm } from '../../../src/engines/llm/local-gguf.js';
import { checkScript } from '../../../src/pipelines/text/fact-check.js';
import { copywriterBy } from '../../../src/pipelines/text/llm-writer/authored-copywriter.js';
import { scriptAuthor } from '../../../src/pipelines/text/llm-writer/script-author.js';
import { productFactsFromLink } from '../../../src/pipelines/text/product-facts.js';
import { writeAdScript } from '../../../src/pipelines/text/write-ad-script.js';
import { factsFrom, type ScrapedPage } from '../../../src/domain/links/link-facts.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { domainHarness, type DomainHarness } from '../../unit/domain/harness.js';

/**
 * The local-model path for real, with the small model scripts/setup.sh --test fetches
 * (SmolLM2-135M-Instruct, Apache-2.0): llama.cpp loads the GGUF, the JSON schema holds the answer,
 * the fact check reads it, and the built-in copywriter stands in when the model cannot write.
 * It proves the plumbing, not the prose. One thread: the test machine's cores are shared, and
 * llama.cpp's threads spin-wait for each other (0.7 tokens/s with two threads under load, 18 with one).
 */
const MODEL = resolve('.tools/models/SmolLM2-135M-Instruct.Q4_1.gguf');
const MODEL_NAME = 'SmolLM2-135M-Instruct.Q4_1';
const PAGE = 'https://shop.test/trailflask';
const PAGE_FACTS: ScrapedPage = {
  title: 'TrailFlask 32 oz Insulated Water Bottle – Cold 24 h, Hot 12 h',
  description: 'Double-wall vacuum insulated steel bottle with a leak-proof lid.',
  features: [
    'Keeps drinks cold for 24 hours and hot for 12 hours',
    'Leak-proof chug lid with carry loop',
    'BPA-free 18/8 stainless steel',
    'Fits most car cup holders',
    'Powder-coated grip that resists sweat',
    'Dishwasher-safe lid',
  ],
  specs: [
    { name: 'Capacity', value: '32 oz' },
    { name: 'Weight', value: '15 oz' },
  ],
  imageUrls: ['https://cdn.test/flask.jpg'],
  videoUrls: [],
  logoUrl: null,
  price: { amount: 34.95, currency: 'USD' },
  reviews: {
    rating: 4.7,
    count: 2318,
    items: [
      { author: 'Dana', text: 'Ice was still there the next afternoon.' },
      { author: 'Lee', text: 'No leaks in my bag after a month.' },
    ],
  },
  brand: 'TrailFlask',
};

describe('local GGUF model (SmolLM2-135M) writing scripts', () => {
  let llm: LocalGgufLlm;
  let h: DomainHarness;

  beforeAll(async () => {
    if (!existsSync(MODEL)) throw new Error(`${MODEL} is missing: run bash scripts/setup.sh --test`);
    llm = new LocalGgufLlm({ modelPath: MODEL, threads: 1, contextSize: 2048 });
    await llm.load();
    h = await domainHarness();
  }, 120_000);
  afterAll(async () => {
    await llm?.dispose();
    await h?.close();
  });

  it('answers JSON held to a schema, so it always parses', async () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string', maxLength: 40 }, colors: { type: 'array', items: { type: 'string', maxLength: 12 }, minItems: 1, maxItems: 3 } },
      required: ['name', 'colors'],
    };
    const result = await llm.generate({
      model: MODEL_NAME,
      messages: [{ role: 'user', content: 'Name a water bottle and its colors.' }],
      config: { responseMimeType: 'application/json', responseJsonSchema: schema, maxOutputTokens: 120, seed: 1 },
    });
    expect(result.finishReason).toBe('stop');
    const parsed = JSON.parse(result.text) as { name: unknown; colors: unknown[] };
    expect(typeof parsed.name).toBe('string');
    expect(parsed.colors.length).toBeGreaterThanOrEqual(1);
    expect(parsed.colors.length).toBeLessThanOrEqual(3);
    expect(result.usage!.outputTokens).toBeGreaterThan(0);
  });

  it('an AI Scripts task with the model configured returns its script, every sentence through the fact check', async () => {
    const reports: { writer: string; fallbackReason: string | null; check: { kept: number } | null }[] = [];
    const author = scriptAuthor({ adapter: llm, model: MODEL_NAME, timeoutMs: 240_000 }, (r) => reports.push(r));
    const service = new AiScriptService(h.store, h.tasks, fakePageScraper({ [PAGE]: PAGE_FACTS }), copywriterBy(author), h.clock);
    const accountId = await h.account(10);
    const facts = productFactsFromLink(factsFrom(PAGE_FACTS, 'x'));
    type Stored = { text: string; writer?: string; fallbackReason?: string | null; wordCount: number };
    // A 135M model writes nothing that passes the check on some seeds (5 of 8 pages in the bench):
    // the first seed passes on this machine; the others are there for a machine whose CPU samples
    // differently. Each miss must still be a clean fallback that says why.
    let used: { script: Stored; seed: number } | null = null;
    for (const seed of [2, 5, 7]) {
      const task = await service.create(accountId, { url: PAGE, videoLength: 15, scriptStyles: ['DiscoveryWriter'], seed });
      const script = (task.result as { scripts: Stored[] }).scripts[0]!;
      if (script.writer === `local:${MODEL_NAME}`) {
        used = { script, seed };
        break;
      }
      expect(script).toMatchObject({ writer: 'built-in', fallbackReason: expect.stringMatching(/^rejected: none of the model's/) });
    }
    expect(used, `the model's script was used for none of the seeds: ${JSON.stringify(reports)}`).not.toBeNull();
    const { script, seed } = used!;
    expect(script.fallbackReason ?? null).toBeNull();
    expect(reports.at(-1)!.check!.kept).toBeGreaterThanOrEqual(1);
    // Not the built-in copywriter's script for the same request.
    expect(script.text).not.toBe(writeAdScript({ facts, style: 'DiscoveryWriter', videoLengthSeconds: 15, language: 'en', seed }).text);
    const check = checkScript(script.text, facts);
    expect(check.invented).toEqual([]);
    expect(check.sentences.filter((s) => s.carriesFact).length).toBeGreaterThanOrEqual(1);
    expect(script.wordCount).toBeGreaterThan(10);
  }, 300_000);

  it('falls back to the built-in copywriter, saying why, when the model path is broken or the model runs out of time', async () => {
    const req = { facts: productFactsFromLink(factsFrom(PAGE_FACTS, 'x')), style: 'DiscoveryWriter', videoLengthSeconds: 15, language: 'en', seed: 2 };
    const builtIn = writeAdScript(req).text;

    const broken = new LocalGgufLlm({ modelPath: '/nowhere/model.gguf' });
    const a = await scriptAuthor({ adapter: broken, model: broken.name }).write(req);
    expect(a).toMatchObject({ writer: 'built-in', fallbackReason: 'unavailable: LLM_MODEL_PATH /nowhere/model.gguf is not a readable file.' });
    expect(a.script.text).toBe(builtIn);

    const b = await scriptAuthor({ adapter: llm, model: MODEL_NAME, timeoutMs: 200 }).write(req);
    expect(b).toMatchObject({ writer: 'built-in', fallbackReason: 'timeout: the model did not finish the script within 0.2 s' });
    expect(b.script.text).toBe(builtIn);

    // The stopped generation let go of the model: the next one runs.
    const after = await llm.generate({ model: MODEL_NAME, messages: [{ role: 'user', content: 'Say hi.' }], config: { maxOutputTokens: 4 } });
    expect(after.text.length).toBeGreaterThan(0);
  }, 120_000);
});

describe('the service started with LLM_MODEL_PATH (the wiring, over HTTP)', () => {
  let db: TestDatabase;
  let t: TestApp;
  const logged: { msg: string; writer?: string; fallbackReason?: string }[] = [];

  beforeAll(async () => {
    if (!existsSync(MODEL)) throw new Error(`${MODEL} is missing: run bash scripts/setup.sh --test`);
    db = await freshSqlite();
    const log = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    t = await startTestApp(db, { LLM_MODEL_PATH: MODEL, LLM_THREADS: '1' }, { credits: 10, log });
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: t.headers, payload });

  it('the Text Generator offers the model by its file name, its JSON answer held to the schema', async () => {
    const r = await post('/api/text_generator/', {
      model_name: MODEL_NAME,
      messages: [{ role: 'user', content: 'Give a name for a water bottle.' }],
      config: {
        max_output_tokens: 60,
        response_mime_type: 'application/json',
        response_json_schema: { type: 'object', properties: { name: { type: 'string', maxLength: 30 } }, required: ['name'] },
        seed: 1,
      },
      sync: true,
    });
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body).toMatchObject({ status: 'done', model_name: MODEL_NAME });
    expect(typeof (JSON.parse(body.response_text) as { name: unknown }).name).toBe('string');
  }, 120_000);

  it('AI Scripts are written through the configured writer, and say which wrote each', async () => {
    const r = await post('/api/ai_scripts/', {
      title: PAGE_FACTS.title,
      description: PAGE_FACTS.description,
      video_length: 15,
      script_styles: ['DiscoveryWriter'],
      seed: 2,
    });
    expect(r.statusCode).toBe(201);
    const script = r.json().generated_scripts[0];
    // Title and description only: whichever wrote it, the answer names it, and the log says the model was asked.
    expect([`local:${MODEL_NAME}`, 'built-in']).toContain(script.writer);
    const said = logged.filter((l) => l.msg.startsWith('script written by'));
    expect(said).toHaveLength(1);
    expect(said[0]!.writer).toBe(script.writer);
    if (script.writer === 'built-in') expect(said[0]!.fallbackReason).toMatch(/^rejected: /);
    expect(checkScript(script.paragraphs, { title: PAGE_FACTS.title, description: PAGE_FACTS.description }).invented).toEqual([]);
  }, 180_000);
});
