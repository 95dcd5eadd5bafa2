/**
 * Script quality: every script style at 15, 30 and 60 s over the test product pages, read by the fact checker.
 *
 * Per style, for the built-in copywriter and — when a model is configured (LLM_MODEL_PATH, a GGUF
 * file) — the local language model beside it: spoken words per second of video at each length,
 * distinct page facts said, listed features/specs said, share of sentences carrying a page fact,
 * invented claims (numbers, superlatives, attributes the page does not give), repeated phrases
 * (a three-word run said twice, names aside) and generic openers (a first sentence with no page
 * fact, no name and not the product's category). The model is slow, so it writes for the first
 * `modelPages` pages, at `modelLengths`, in `modelStyles` (default every style).
 * Run: npx tsx bench/script-quality.ts [modelPages=2] [modelLengths=15,30,60] [modelStyles=all]   (npm run bench -- script-quality)
 */
import { LocalGgufLlm } from '../src/engines/llm/local-gguf.js';
import { checkScript, type ScriptCheck } from '../src/pipelines/text/fact-check.js';
import { scriptAuthor, type ScriptAuthor } from '../src/pipelines/text/llm-writer/script-author.js';
import { phraseBankFor } from '../src/pipelines/text/phrase-banks/index.js';
import { productFactsFromLink } from '../src/pipelines/text/product-facts.js';
import { productName, shortProductName } from '../src/pipelines/text/read-facts.js';
import { SCRIPT_STYLE_NAMES } from '../src/pipelines/text/script-styles.js';
import { STOP_WORDS } from '../src/pipelines/text/stop-words.js';
import { countSpokenWords } from '../src/pipelines/text/word-budget.js';
import { writeAdScript } from '../src/pipelines/text/write-ad-script.js';
import { linkFactsOf, PRODUCT_PAGES, type ProductPage } from '../test/fixtures/product-pages/product-pages.js';

const LENGTHS_SECONDS = [15, 30, 60] as const;
const modelPages = Number(process.argv[2] ?? 2);
const modelLengths = (process.argv[3] ?? LENGTHS_SECONDS.join(',')).split(',').map(Number);
const modelStyles = !process.argv[4] || process.argv[4] === 'all' ? SCRIPT_STYLE_NAMES : process.argv[4].split(',');
const modelPath = process.env.LLM_MODEL_PATH;

interface Reading {
  seconds: number;
  wordsPerSecond: number;
  facts: number;
  features: number;
  withFact: number;
  sentences: number;
  invented: number;
  repeats: number;
  generic: boolean;
  fellBack: boolean;
}

/** Three-word runs said more than once, leaving out runs of names and function words. */
export function repeatedPhrases(text: string, names: readonly string[]): number {
  const nameWords = new Set(names.flatMap((n) => n.toLowerCase().split(/\s+/)));
  const words = text.toLowerCase().match(/[\p{L}\p{N}$.,']+/gu) ?? [];
  const clean = words.map((w) => w.replace(/[.,]+$/, ''));
  const seen = new Map<string, number>();
  for (let i = 0; i + 3 <= clean.length; i++) {
    const run = clean.slice(i, i + 3);
    if (run.every((w) => nameWords.has(w) || STOP_WORDS.en.has(w))) continue;
    const key = run.join(' ');
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen.values()].filter((n) => n > 1).length;
}

function read(page: ProductPage, seconds: number, text: string, check: ScriptCheck, fellBack: boolean): Reading {
  const category = phraseBankFor('en').categories[page.industry] ?? '';
  const first = check.sentences[0];
  const full = productName(page.title);
  return {
    seconds,
    wordsPerSecond: countSpokenWords(text) / seconds,
    facts: check.factsUsed.length,
    features: check.featuresUsed,
    withFact: check.sentences.filter((s) => s.carriesFact).length,
    sentences: check.sentences.length,
    invented: check.invented.length,
    repeats: repeatedPhrases(text, [full, shortProductName(full, page.brand), page.brand]),
    generic: !first || (!first.facts.length && !(category && first.text.includes(category))),
    fellBack,
  };
}

async function readAll(
  write: (page: ProductPage, style: string, seconds: number) => Promise<{ text: string; fellBack: boolean }>,
  pages: readonly ProductPage[],
  lengths: readonly number[] = LENGTHS_SECONDS,
  styles: readonly string[] = SCRIPT_STYLE_NAMES,
) {
  const out = new Map<string, Reading[]>();
  for (const style of styles) {
    const list: Reading[] = [];
    for (const page of pages)
      for (const seconds of lengths) {
        const { text, fellBack } = await write(page, style, seconds);
        list.push(read(page, seconds, text, checkScript(text, productFactsFromLink(linkFactsOf(page))), fellBack));
      }
    out.set(style, list);
  }
  return out;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

function cells(list: Reading[] | undefined): string[] {
  if (!list?.length) return ['—', '—', '—', '—', '—', '—', '—'];
  const rate = LENGTHS_SECONDS.map((s) => {
    const at = list.filter((r) => r.seconds === s);
    return at.length ? mean(at.map((r) => r.wordsPerSecond)).toFixed(2) : '—';
  }).join(' · ');
  const share =
    list.reduce((n, r) => n + r.withFact, 0) /
    Math.max(
      1,
      list.reduce((n, r) => n + r.sentences, 0),
    );
  return [
    rate,
    mean(list.map((r) => r.facts)).toFixed(1),
    mean(list.map((r) => r.features)).toFixed(1),
    share.toFixed(2),
    String(list.reduce((n, r) => n + r.invented, 0)),
    mean(list.map((r) => r.repeats)).toFixed(2),
    String(list.filter((r) => r.generic).length),
  ];
}

const started = performance.now();
const builtIn = await readAll(
  async (page, style, seconds) => ({
    text: writeAdScript({ facts: productFactsFromLink(linkFactsOf(page)), style, videoLengthSeconds: seconds, seed: 1 }).text,
    fellBack: false,
  }),
  PRODUCT_PAGES,
);
const builtInSeconds = (performance.now() - started) / 1000;

let model: Map<string, Reading[]> | null = null;
let modelName = 'model (LLM_MODEL_PATH not set)';
if (modelPath) {
  // One thread: the bench shares the machine.
  const llm = new LocalGgufLlm({ modelPath, threads: 1, timeoutMs: 600_000 });
  await llm.load();
  modelName = llm.name;
  const author: ScriptAuthor = scriptAuthor({ adapter: llm, model: llm.name, timeoutMs: 600_000 });
  model = await readAll(
    async (page, style, seconds) => {
      const authored = await author.write({ facts: productFactsFromLink(linkFactsOf(page)), style, videoLengthSeconds: seconds, seed: 1 });
      process.stderr.write(
        `${page.id} ${style} ${seconds}s: ${authored.writer}${authored.fallbackReason ? ` (${authored.fallbackReason.slice(0, 60)})` : ''}\n`,
      );
      return { text: authored.script.text, fellBack: authored.fallbackReason !== null };
    },
    PRODUCT_PAGES.slice(0, modelPages),
    modelLengths,
    modelStyles,
  );
  await llm.dispose();
}

const head = [
  'words/s of video 15 · 30 · 60 s',
  'page facts said',
  'features/specs said',
  'sentences with a fact',
  'invented claims',
  'repeated phrases',
  'generic openers',
];
console.log(
  `${PRODUCT_PAGES.length} pages × ${SCRIPT_STYLE_NAMES.length} styles × ${LENGTHS_SECONDS.join('/')} s; built-in copywriter ${builtInSeconds.toFixed(1)} s in all` +
    (model
      ? `; ${modelName} on ${Math.min(modelPages, PRODUCT_PAGES.length)} page(s) at ${modelLengths.join('/')} s (fell back to the built-in writer ${[...model.values()].flat().filter((r) => r.fellBack).length} times)`
      : ''),
);
console.log('Means per script; invented claims and generic openers are totals.\n');
console.log(`| style | ${head.map((h) => `built-in: ${h}`).join(' | ')} | ${head.map((h) => `${model ? modelName : 'model'}: ${h}`).join(' | ')} |`);
console.log(`|---|${[...head, ...head].map(() => '---').join('|')}|`);
for (const style of [...SCRIPT_STYLE_NAMES, 'all']) {
  const pick = (m: Map<string, Reading[]> | null) => (m ? (style === 'all' ? [...m.values()].flat() : m.get(style)) : undefined);
  console.log(`| ${style === 'all' ? '**all**' : style} | ${cells(pick(builtIn)).join(' | ')} | ${cells(pick(model)).join(' | ')} |`);
}
if (!model) console.log(`\nThe model's columns fill when LLM_MODEL_PATH names a GGUF file (e.g. .tools/models/SmolLM2-135M-Instruct.Q4_1.gguf).`);
