import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FakeLlm } from '../../../src/engines/llm/fake.js';
import { LlmError, type LlmAdapter, type LlmRequest } from '../../../src/engines/llm/port.js';
import { checkScript } from '../../../src/pipelines/text/fact-check.js';
import { copywriterBy } from '../../../src/pipelines/text/llm-writer/authored-copywriter.js';
import { scriptAuthor } from '../../../src/pipelines/text/llm-writer/script-author.js';
import type { ProductFacts } from '../../../src/pipelines/text/product-facts.js';
import { writeAdScript } from '../../../src/pipelines/text/write-ad-script.js';
import { scriptWriterBy } from '../../../src/pipelines/video/authored-script-writer.js';
import { factsFrom } from '../../../src/domain/links/link-facts.js';
import { scriptPatternOf } from '../../../src/pipelines/ad-clone/analysis/script-pattern.js';
import { writeCloneScriptBy } from '../../../src/pipelines/ad-clone/clone-script.js';

const BOTTLE: ProductFacts = {
  title: 'TrailFlask 32 oz Insulated Water Bottle – Cold 24 h, Hot 12 h',
  description: 'Double-wall vacuum insulated steel bottle with a leak-proof lid.',
  features: ['Keeps drinks cold for 24 hours and hot for 12 hours', 'Leak-proof chug lid with carry loop', 'Fits most car cup holders'],
  price: { amount: 34.95, currency: 'USD' },
  reviews: { rating: 4.7, count: 2318, items: [{ author: 'Dana', text: 'Ice was still there the next afternoon.' }] },
  brand: 'TrailFlask',
};
const REQ = { facts: BOTTLE, style: 'DiscoveryWriter', videoLengthSeconds: 15, language: 'en', seed: 3 };

function answering(answer: unknown): FakeLlm {
  return new FakeLlm({ models: ['tiny'], reply: () => ({ text: typeof answer === 'string' ? answer : JSON.stringify(answer) }) });
}

/** A model that says one fact (the cup holders) with its own hook and call to action, and the bottle's page as a link. */
function cupHolderWriter() {
  const llm = answering({ hook: 'Meet your new trail partner.', facts: ['It fits most car cup holders.'], call_to_action: 'Tap the link today.' });
  const link = factsFrom(
    { ...BOTTLE, description: BOTTLE.description!, imageUrls: [], videoUrls: [], logoUrl: null, price: BOTTLE.price!, reviews: BOTTLE.reviews },
    'p',
  );
  return { llm, author: scriptAuthor({ adapter: llm, model: 'tiny' }), link };
}

describe('script writer with a model (fact check, fallback)', () => {
  it('keeps the sentences that carry page facts and drops the invented, the fact-free, the cut and the echoed ones', async () => {
    const llm = answering({
      hook: 'Write a hook line for the ad.',
      facts: [
        'TrailFlask keeps drinks cold for 24 hours and hot for 12 hours.',
        'It is the best bottle in the world and costs only $19.',
        'You will love it.',
        'The leak-proof chug lid has a carry loop.',
        // Cut by the schema's 160-character limit mid-thought.
        `Fits most car cup holders, and it is rated 4.7 stars by 2,318 people who ${'really '.repeat(20)}`.slice(0, 160),
      ],
      call_to_action: 'Tap the link and grab yours.',
    });
    const reports: unknown[] = [];
    const authored = await scriptAuthor({ adapter: llm, model: 'tiny' }, (r) => reports.push(r)).write(REQ);
    expect(authored.writer).toBe('local:tiny');
    expect(authored.fallbackReason).toBeNull();
    const texts = authored.script.sentences.map((s) => s.text);
    expect(texts).toContain('The leak-proof chug lid has a carry loop.');
    expect(texts.at(-1)).toBe('Tap the link and grab yours.');
    expect(texts.join(' ')).not.toMatch(/best bottle|\$19|You will love it|really|Write a hook/);
    const why = authored.check!.dropped.map((d) => d.why);
    expect(why).toEqual(expect.arrayContaining(['repeats the instructions', 'carries no page fact', 'repeats facts already said']));
    expect(why.some((w) => w.startsWith('claims not on the page'))).toBe(true);
    // The hook the model got wrong is the built-in copywriter's (it leads with the main benefit, which
    // the model's first sentence then repeats).
    const builtIn = writeAdScript(REQ);
    expect(texts[0]).toBe(builtIn.sentences.find((s) => s.section === 'hook')!.text);
    expect(texts).not.toContain('TrailFlask keeps drinks cold for 24 hours and hot for 12 hours.');
    expect(authored.check!.filledIn).toBeGreaterThanOrEqual(1);
    expect(checkScript(authored.script.text, BOTTLE).invented).toEqual([]);
    expect(reports).toHaveLength(1);
    // The request carries the page's facts and asks for JSON held to a schema.
    const req = llm.requests[0]!;
    expect(req.config?.responseMimeType).toBe('application/json');
    expect(req.config?.responseJsonSchema).toMatchObject({ required: ['hook', 'facts', 'call_to_action'] });
    const prompt = req.messages.at(-1)!.content;
    for (const fact of ['Leak-proof chug lid with carry loop', '$34.95', '2,318 reviews', 'Ice was still there the next afternoon.'])
      expect(prompt).toContain(fact);
  });

  it('tidies what a small model copies from the prompt (fact labels) and drops what repeats itself or another line', async () => {
    const llm = answering({
      hook: 'I love the comfort of a cushion and the comfort of a cushion.',
      facts: ['feature: fits most car cup holders.', 'price: only $34.95 for the TrailFlask.'],
      call_to_action: 'Fits most car cup holders.',
    });
    const authored = await scriptAuthor({ adapter: llm, model: 'tiny' }).write(REQ);
    const texts = authored.script.sentences.map((s) => s.text);
    expect(texts).toEqual(expect.arrayContaining(['Fits most car cup holders.', 'Only $34.95 for the TrailFlask.']));
    expect(texts.filter((t) => t === 'Fits most car cup holders.')).toHaveLength(1);
    expect(authored.check!.dropped.map((d) => d.why)).toEqual(expect.arrayContaining(['repeats itself', 'said already']));
    // Both framing lines went: the built-in copywriter's hook and call to action stand in.
    const builtIn = writeAdScript(REQ);
    expect(authored.script.sentences.filter((s) => s.section === 'cta').map((s) => s.text)).toEqual(
      builtIn.sentences.filter((s) => s.section === 'cta').map((s) => s.text),
    );
  });

  it('falls back to the built-in copywriter, saying why, on an error, an answer that is not JSON, or nothing that passes the check', async () => {
    const cases: [LlmAdapter, RegExp][] = [
      [
        new FakeLlm({ models: ['tiny'], reply: () => ({ error: new LlmError('The local model failed: boom', 'unavailable') }) }),
        /^unavailable: The local model failed: boom/,
      ],
      [answering('{"hook": "Hi'), /^rejected: the model's answer is not JSON/],
      [
        answering({ hook: 'Look.', facts: ['The best bottle ever made, number one in 2024.'], call_to_action: 'Buy.' }),
        /^rejected: none of the model's 1 fact sentences/,
      ],
    ];
    const builtIn = writeAdScript(REQ);
    for (const [adapter, reason] of cases) {
      const authored = await scriptAuthor({ adapter, model: 'tiny' }).write(REQ);
      expect(authored.writer).toBe('built-in');
      expect(authored.fallbackReason).toMatch(reason);
      expect(authored.script.text).toBe(builtIn.text);
    }
  });

  it('falls back when the model runs past the time limit, and stops it', async () => {
    let stoppedBy: unknown = null;
    const slow: LlmAdapter = {
      id: 'slow',
      models: () => [{ name: 'slow', description: '', provider: 'fake' }],
      generate: (req: LlmRequest) =>
        new Promise((_, reject) =>
          req.signal!.addEventListener('abort', () => {
            stoppedBy = req.signal!.reason;
            reject(new LlmError('The generation was stopped.', 'aborted'));
          }),
        ),
      stream: () => {
        throw new Error('not used');
      },
    };
    const authored = await scriptAuthor({ adapter: slow, model: 'slow', timeoutMs: 50 }).write(REQ);
    expect(authored.writer).toBe('built-in');
    expect(authored.fallbackReason).toBe('timeout: the model did not finish the script within 0.05 s');
    expect(stoppedBy).not.toBeNull();
  });

  it('URL to Video and AI Scripts get the script through their ports with the writer named', async () => {
    const { author, link } = cupHolderWriter();
    const video = await scriptWriterBy(author)({ facts: link, style: 'DiscoveryWriter', videoLengthSeconds: 15, language: 'en', wordsPerSecond: 3, seed: 1 });
    expect(video.writer).toBe('local:tiny');
    expect(video.text).toContain('It fits most car cup holders.');
    // The call to action is its own paragraph (speech sets it off by a beat), as with the built-in writer.
    expect(video.text.endsWith('\n\nTap the link today.')).toBe(true);
    const written = await copywriterBy(author).write({
      facts: link,
      audience: null,
      platform: null,
      style: 'DiscoveryWriter',
      videoLengthSeconds: 15,
      language: 'en',
      seed: 1,
    });
    expect(written).toMatchObject({ writer: 'local:tiny', fallbackReason: null });
    expect(written.text).toContain('It fits most car cup holders.');
  });

  it("Ad Clone picks its sentences from the configured writer's script", async () => {
    const { llm, author, link } = cupHolderWriter();
    const at = (word: string, start: number) => ({ word, startSeconds: start, endSeconds: start + 0.3 });
    const pattern = scriptPatternOf([at('Look', 0), at('here.', 0.4), at('It', 1), at('works.', 1.4), at('Shop', 2), at('now.', 2.4)]);
    const clone = await writeCloneScriptBy(async (req) => (await author.write(req)).script, {
      facts: link,
      pattern,
      speakingSeconds: 8,
      language: 'en',
      wordsPerSecond: 2.5,
      seed: 1,
    });
    expect(clone.sentences).toContain('It fits most car cup holders.');
    expect(clone.callToAction).toBe('Tap the link today.');
    expect(llm.requests).toHaveLength(1);
  });

  it('without a model the built-in copywriter writes, and no model is asked', async () => {
    const authored = await scriptAuthor(null).write(REQ);
    expect(authored).toMatchObject({ writer: 'built-in', fallbackReason: null, check: null });
    expect(authored.script.text).toBe(writeAdScript(REQ).text);
  });

  it('a caller that stops the request gets the stop, not a built-in script', async () => {
    const caller = new AbortController();
    caller.abort();
    const adapter = new FakeLlm({ models: ['tiny'] });
    await expect(scriptAuthor({ adapter, model: 'tiny' }).write(REQ, caller.signal)).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('node-llama-cpp is not even resolved until a model generates, so a service without LLM_MODEL_PATH pays nothing for it', () => {
    // A fresh process: this one may have loaded it for other tests.
    const script = `
      import { registerHooks } from 'node:module';
      const seen = [];
      registerHooks({ resolve(s, c, next) { if (s.includes('node-llama-cpp')) seen.push(s); return next(s, c); } });
      const { createWriters } = await import('./src/app/writer-wiring.ts');
      const { loadConfig } = await import('./src/app/config.ts');
      const log = { info() {}, warn() {} };
      const none = createWriters(loadConfig({ DATA_DIR: '/tmp/clipwright-lazy' }), log);
      const some = createWriters(loadConfig({ DATA_DIR: '/tmp/clipwright-lazy', LLM_MODEL_PATH: '/nowhere/m.gguf' }), log);
      const before = seen.length;
      await some.localLlm.load().catch(() => {});
      const afterMissing = seen.length;
      // A file that is there but no model: llama.cpp is loaded to read it (the hook does see it).
      const notGguf = createWriters(loadConfig({ DATA_DIR: '/tmp/clipwright-lazy', LLM_MODEL_PATH: 'package.json' }), log);
      const error = await notGguf.localLlm.load().then(() => null, (e) => e.kind);
      console.log(JSON.stringify({ none: none.localLlm === null && none.scriptAuthor.preferred, some: some.scriptAuthor.preferred, before, afterMissing, afterReal: seen.length, error }));
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: process.cwd(),
      encoding: 'utf8',
      stdio: 'pipe',
    });
    const r = JSON.parse(out.trim().split('\n').at(-1)!) as {
      none: string;
      some: string;
      before: number;
      afterMissing: number;
      afterReal: number;
      error: string;
    };
    // A missing file is said before llama.cpp is loaded at all.
    expect(r).toMatchObject({ none: 'built-in', some: 'local:m', before: 0, afterMissing: 0, error: 'unavailable' });
    expect(r.afterReal).toBeGreaterThan(0);
  });
});
