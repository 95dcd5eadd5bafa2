/**
 * The local language model as a script writer, beside the built-in copywriter, on the test product
 * pages: how fast it writes (output tokens per second, seconds per script), whether its script was
 * used or the built-in copywriter stood in, and what the fact checker reads in each (sentences
 * carrying a page fact, listed features/specs said, invented claims, words against the length's range).
 * Run: LLM_MODEL_PATH=.tools/models/SmolLM2-135M-Instruct.Q4_1.gguf npx tsx bench/local-model.ts [pages=8] [seconds=30] [threads=1]
 */
import { LocalGgufLlm } from '../src/engines/llm/local-gguf.js';
import type { LlmAdapter, LlmFinishReason, LlmRequest } from '../src/engines/llm/port.js';
import { checkScript } from '../src/pipelines/text/fact-check.js';
import { scriptAuthor } from '../src/pipelines/text/llm-writer/script-author.js';
import { productFactsFromLink } from '../src/pipelines/text/product-facts.js';
import { adWordRange } from '../src/pipelines/text/word-budget.js';
import { writeAdScript } from '../src/pipelines/text/write-ad-script.js';
import { linkFactsOf, PRODUCT_PAGES } from '../test/fixtures/product-pages/product-pages.js';

const modelPath = process.env.LLM_MODEL_PATH;
if (!modelPath) throw new Error('Set LLM_MODEL_PATH to a GGUF file (the test model: .tools/models/SmolLM2-135M-Instruct.Q4_1.gguf)');
const pages = Number(process.argv[2] ?? 8);
const seconds = Number(process.argv[3] ?? 30);
const threads = Number(process.argv[4] ?? 1);
const STYLES = ['DiscoveryWriter', 'ProblemSolutionV2', 'StoryTimeWriter'];

const llm = new LocalGgufLlm({ modelPath, threads, timeoutMs: 600_000 });
const generations: { ms: number; readMs: number; inputTokens: number; outputTokens: number }[] = [];
// Counts what the model read and generated and how long each took (the first delta ends the
// reading of the prompt), around the real adapter: a generation is its stream collected.
const counted: LlmAdapter = {
  id: llm.id,
  models: () => llm.models(),
  stream: (req) => llm.stream(req),
  async generate(req: LlmRequest) {
    const started = performance.now();
    let first = 0;
    let text = '';
    let usage: { inputTokens: number; outputTokens: number } | undefined;
    let finishReason: LlmFinishReason = 'stop';
    for await (const e of llm.stream(req)) {
      if (e.type === 'delta') {
        first ||= performance.now();
        text += e.text;
      } else if (e.type === 'finish') {
        usage = e.usage;
        finishReason = e.finishReason;
      }
    }
    const ended = performance.now();
    generations.push({ ms: ended - started, readMs: (first || ended) - started, inputTokens: usage?.inputTokens ?? 0, outputTokens: usage?.outputTokens ?? 0 });
    return { text, functionCalls: [], finishReason, ...(usage ? { usage } : {}) };
  },
};

const loadStarted = performance.now();
await llm.load();
const loadMs = performance.now() - loadStarted;
const temperature = Number(process.env.LLM_TEMPERATURE ?? 0.4);
const author = scriptAuthor({ adapter: counted, model: llm.name, timeoutMs: 600_000, temperature });
const range = adWordRange(seconds);

interface Row {
  page: string;
  style: string;
  writer: string;
  words: number;
  factShare: number;
  features: number;
  invented: number;
  ms: number;
}
const rows: { builtIn: Row; model: Row }[] = [];
for (let i = 0; i < Math.min(pages, PRODUCT_PAGES.length); i++) {
  const page = PRODUCT_PAGES[i]!;
  const facts = productFactsFromLink(linkFactsOf(page));
  const style = STYLES[i % STYLES.length]!;
  const req = { facts, style, videoLengthSeconds: seconds, language: 'en', seed: i };
  const read = (text: string) => checkScript(text, facts);
  const b = writeAdScript(req);
  const bc = read(b.text);
  const started = performance.now();
  const m = await author.write(req);
  const ms = performance.now() - started;
  const mc = read(m.script.text);
  const row = (writer: string, words: number, c: ReturnType<typeof read>, took: number): Row => ({
    page: page.id,
    style,
    writer,
    words,
    factShare: c.factShare,
    features: c.featuresUsed,
    invented: c.invented.length,
    ms: took,
  });
  rows.push({
    builtIn: row('built-in', b.wordCount, bc, 0),
    model: row(m.fallbackReason ? `built-in (${m.fallbackReason.split(':')[0]})` : m.writer, m.script.wordCount, mc, ms),
  });
  console.log(
    `${page.id} ${style}: ${m.writer} ${Math.round(ms)} ms${m.fallbackReason ? ` — ${m.fallbackReason}` : ''}${m.check ? ` — kept ${m.check.kept}, dropped ${m.check.dropped.length}, filled in ${m.check.filledIn}` : ''}`,
  );
  console.log(`  ${m.script.text.replace(/\n+/g, ' ')}`);
}
await llm.dispose();

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const sum = (pick: (g: (typeof generations)[number]) => number) => generations.reduce((n, g) => n + pick(g), 0);
const tokens = sum((g) => g.outputTokens);
const genSeconds = sum((g) => g.ms) / 1000;
const readSeconds = sum((g) => g.readMs) / 1000;
const summary = (pick: (r: { builtIn: Row; model: Row }) => Row) => {
  const list = rows.map(pick);
  return {
    used: list.filter((r) => !r.writer.startsWith('built-in')).length,
    words: mean(list.map((r) => r.words)),
    inRange: list.filter((r) => r.words >= range.min && r.words <= range.max).length,
    factShare: mean(list.map((r) => r.factShare)),
    features: mean(list.map((r) => r.features)),
    invented: list.reduce((n, r) => n + r.invented, 0),
    seconds: mean(list.map((r) => r.ms)) / 1000,
  };
};
const b = summary((r) => r.builtIn);
const m = summary((r) => r.model);
console.log(
  `\nmodel ${llm.name}, ${threads} thread(s), temperature ${temperature}, loaded in ${(loadMs / 1000).toFixed(1)} s; ${rows.length} pages × ${seconds} s scripts (words in range ${range.min}-${range.max})`,
);
console.log(`generation: ${tokens} output tokens in ${genSeconds.toFixed(1)} s = ${(tokens / genSeconds).toFixed(1)} tokens/s (prompt reading included)`);
console.log(
  `split: prompts read at ${(sum((g) => g.inputTokens) / readSeconds).toFixed(0)} tokens/s (${(readSeconds / generations.length).toFixed(1)} s each), answers at ${(tokens / (genSeconds - readSeconds)).toFixed(1)} tokens/s\n`,
);
console.log(
  "| writer | model's script used | words (mean) | in range | sentences with a page fact | features/specs said | invented claims | seconds a script |",
);
console.log('|---|---|---|---|---|---|---|---|');
console.log(
  `| built-in copywriter | — | ${b.words.toFixed(0)} | ${b.inRange}/${rows.length} | ${b.factShare.toFixed(2)} | ${b.features.toFixed(1)} | ${b.invented} | <0.1 |`,
);
console.log(
  `| ${llm.name} (fallback included) | ${m.used}/${rows.length} | ${m.words.toFixed(0)} | ${m.inRange}/${rows.length} | ${m.factShare.toFixed(2)} | ${m.features.toFixed(1)} | ${m.invented} | ${m.seconds.toFixed(1)} |`,
);
