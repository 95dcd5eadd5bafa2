import { LlmError, type LlmAdapter } from '../../../engines/llm/port.js';
import type { AdScript, ScriptSentence, SentenceSubject } from '../ad-script/ad-script-types.js';
import { factCheckerFor, scriptSentences, stem, type FactChecker, type PageFact } from '../fact-check.js';
import type { ProductFacts } from '../product-facts.js';
import type { ScriptStyle } from '../script-styles.js';
import { countSpokenWords } from '../word-budget.js';
import { MAX_FRAMING_CHARS, MAX_SENTENCE_CHARS, scriptPrompt, type ModelScriptAnswer } from './script-prompt.js';

/** A model behind the LLM port that writes scripts. */
export interface ScriptModel {
  adapter: LlmAdapter;
  model: string;
  /** For one script; past it the built-in copywriter writes instead. Default 60 s. */
  timeoutMs?: number;
  /** Sampling temperature; default 0.4 (at 0 the test model had 1 of 8 scripts kept, at 0.4 3 of 8: greedy, it repeats itself). */
  temperature?: number;
}

/** What the fact check did to the model's sentences. */
export interface ModelScriptCheck {
  /** The model's sentences kept as written. */
  kept: number;
  /** The model's sentences removed, with why. */
  dropped: { text: string; why: string }[];
  /** Sentences of the built-in copywriter put in: a framing line the model got wrong, page facts to fill the length. */
  filledIn: number;
}

/** The model wrote nothing usable (or nothing that survived the fact check): the built-in copywriter writes instead. */
export class ModelScriptRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelScriptRejected';
  }
}

/** Below this share of the word budget, built-in fact sentences are added after the model's. */
const FILL_BELOW_SHARE = 0.85;

/**
 * Asks the model for a script of the page's facts (JSON held to a schema by the adapter), then
 * applies the fact check of issue 27 point 2 to every sentence: a fact sentence stays only if it
 * carries a page fact and invents nothing; a hook or call to action (framing lines) only if it
 * invents nothing, else the built-in copywriter's line stands in. When the length is short of the
 * budget, the built-in script's sentences of facts not yet said are added. `builtIn` is the
 * built-in copywriter's script for the same request: its title, features, framing lines and media.
 */
export async function writeWithModel(
  model: ScriptModel,
  req: { facts: ProductFacts; style: ScriptStyle; videoLengthSeconds: number; seed: number; signal?: AbortSignal },
  builtIn: AdScript,
): Promise<{ script: AdScript; check: ModelScriptCheck }> {
  const prompt = scriptPrompt(req.facts, {
    style: req.style,
    language: builtIn.language,
    videoLengthSeconds: req.videoLengthSeconds,
    wordBudget: builtIn.wordBudget,
  });
  const result = await model.adapter.generate({
    model: model.model,
    systemInstruction: prompt.systemInstruction,
    messages: prompt.messages,
    config: {
      responseMimeType: 'application/json',
      responseJsonSchema: prompt.schema,
      maxOutputTokens: prompt.maxOutputTokens,
      temperature: model.temperature ?? 0.4,
      seed: req.seed,
    },
    ...(req.signal ? { signal: req.signal } : {}),
  });
  const answer = parseAnswer(result.text);
  const checker = factCheckerFor(req.facts);
  const check: ModelScriptCheck = { kept: 0, dropped: [], filledIn: 0 };
  const seen = new Set<string>();
  /** Why a sentence goes whatever its role: it repeats one already kept, or itself ("the comfort of a cushion and the comfort of a cushion"). */
  const repeated = (text: string): string | null => {
    const key = text
      .toLowerCase()
      .replace(/[^\p{L}\d]+/gu, ' ')
      .trim();
    if (seen.has(key)) return 'said already';
    if (repeatsItself(key)) return 'repeats itself';
    seen.add(key);
    return null;
  };

  const framing = (text: string, section: 'hook' | 'cta'): ScriptSentence[] => {
    const own = sentencesOf(text, MAX_FRAMING_CHARS).filter((s) => keepFraming(checker, s, prompt.instructions, check) && keep(s, repeated(s), check));
    if (own.length) {
      check.kept += own.length;
      return own.map((s) => sentence(s, section === 'hook' ? hookBeatOf(builtIn) : 'cta', section, { fact: 'product' }, builtIn));
    }
    const theirs = builtIn.sentences.filter((s) => (section === 'cta' ? s.section === 'cta' : s.section === 'hook'));
    check.filledIn += theirs.length;
    return theirs;
  };
  const hook = framing(answer.hook, 'hook');

  // What the hook says (the built-in one leads with the main benefit) is not said again.
  const said = new Set(
    hook.flatMap((s) =>
      checker
        .checkSentence(s.text)
        .facts.filter((f) => f.kind !== 'name')
        .map((f) => f.id),
    ),
  );
  const body: ScriptSentence[] = [];
  const written = answer.facts.flatMap((f) => sentencesOf(f, MAX_SENTENCE_CHARS));
  for (const text of written) {
    const c = checker.checkSentence(text);
    const why = c.invented.length
      ? `claims not on the page: ${c.invented.map((i) => i.text).join(', ')}`
      : !c.carriesFact
        ? 'carries no page fact'
        : repeated(text);
    const fresh = c.facts.filter((f) => f.kind !== 'name' && !said.has(f.id));
    if (why || !fresh.length) {
      check.dropped.push({ text, why: why ?? 'repeats facts already said' });
      continue;
    }
    for (const f of c.facts) said.add(f.id);
    body.push(sentence(text, 'point', 'body', subjectOf(c.facts, builtIn.features), builtIn, body.length));
    check.kept++;
  }
  if (!body.length) {
    const why = written.length ? check.dropped.map((d) => d.why).join('; ') : 'none was a whole sentence';
    throw new ModelScriptRejected(`none of the model's ${answer.facts.length} fact sentences passed the fact check (${why})`);
  }
  const cta = framing(answer.call_to_action, 'cta');

  const words = (list: ScriptSentence[]) => list.reduce((n, s) => n + s.wordCount, 0);
  for (const s of builtIn.sentences) {
    if (words([...hook, ...body, ...cta]) >= FILL_BELOW_SHARE * builtIn.wordBudget) break;
    if (s.section === 'hook' || s.section === 'cta') continue;
    const facts = checker.checkSentence(s.text).facts.filter((f) => f.kind !== 'name');
    if (!facts.length || facts.some((f) => said.has(f.id))) continue;
    for (const f of facts) said.add(f.id);
    body.push(s);
    check.filledIn++;
  }
  return { script: assemble(builtIn, [...hook, ...body, ...cta]), check };
}

function parseAnswer(text: string): ModelScriptAnswer {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ModelScriptRejected(`the model's answer is not JSON: ${text.slice(0, 120)}`);
  }
  const a = raw as Partial<ModelScriptAnswer> | null;
  if (!a || typeof a.hook !== 'string' || typeof a.call_to_action !== 'string' || !Array.isArray(a.facts) || !a.facts.every((f) => typeof f === 'string')) {
    throw new ModelScriptRejected('the model answered JSON of another shape');
  }
  return { hook: a.hook, facts: a.facts, call_to_action: a.call_to_action };
}

const SENTENCE_END = /[.!?…]["”»)]?$/u;
/** The labels of the prompt's fact lines, which a small model copies into its sentences ("feature: Breathable knit upper"). */
const FACT_LABEL = /^(?:product|brand|main benefit|feature|spec|price|rating|review|audience)\s*:\s*/i;

function tidy(sentence: string): string {
  const bare = sentence.trim().replace(FACT_LABEL, '');
  return bare.charAt(0).toLocaleUpperCase() + bare.slice(1);
}

/**
 * Sentences worth saying: whole ones, with words in them (a small model also writes "5114586041").
 * A last sentence without an end that reaches the schema's length limit was cut mid-thought: it goes.
 */
function sentencesOf(text: string, maxChars: number): string[] {
  const sentences = scriptSentences(text.replace(/\s+/g, ' ').trim()).map(tidy);
  const last = sentences.at(-1);
  if (last && !SENTENCE_END.test(last)) {
    if (text.length >= maxChars - 2) sentences.pop();
    else sentences[sentences.length - 1] = `${last}.`;
  }
  return sentences.filter((s) => countSpokenWords(s) >= 3 && /\p{L}{2}/u.test(s));
}

function keep(text: string, why: string | null, check: ModelScriptCheck): boolean {
  if (why) check.dropped.push({ text, why });
  return !why;
}

/** Whether a run of three words comes back within the sentence. */
function repeatsItself(words: string): boolean {
  const list = words.split(' ');
  const runs = new Set<string>();
  for (let i = 0; i + 3 <= list.length; i++) {
    const run = list.slice(i, i + 3).join(' ');
    if (runs.has(run)) return true;
    runs.add(run);
  }
  return false;
}

/** A hook or call to action is kept when it invents nothing and is not the instructions said back ("One short opening line."). */
function keepFraming(checker: FactChecker, text: string, instructions: string, check: ModelScriptCheck): boolean {
  const c = checker.checkSentence(text);
  const why = c.invented.length
    ? `claims not on the page: ${c.invented.map((i) => i.text).join(', ')}`
    : echoes(text, instructions)
      ? 'repeats the instructions'
      : null;
  if (why) check.dropped.push({ text, why });
  return !why;
}

const ECHO_SHARE = 0.6;

function echoes(text: string, instructions: string): boolean {
  const words = (s: string) => (s.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map(stem);
  const said = words(text);
  const told = new Set(words(instructions));
  return said.length >= 2 && said.filter((w) => told.has(w)).length >= ECHO_SHARE * said.length;
}

function hookBeatOf(builtIn: AdScript): ScriptSentence['beat'] {
  return builtIn.sentences.find((s) => s.section === 'hook')?.beat ?? 'hook_discovery';
}

function subjectOf(facts: readonly PageFact[], features: readonly string[]): SentenceSubject {
  for (const f of facts) {
    if (f.kind === 'price') return { fact: 'price' };
    if (f.kind === 'rating' || f.kind === 'count') return { fact: 'rating' };
    if (f.kind === 'review') return { fact: 'review' };
    if (f.kind === 'feature' || f.kind === 'benefit') {
      const index = features.findIndex((x) => x === f.text);
      return index >= 0 ? { fact: 'feature', featureIndex: index } : { fact: 'product' };
    }
  }
  return { fact: 'product' };
}

function sentence(
  text: string,
  beat: ScriptSentence['beat'],
  section: ScriptSentence['section'],
  about: SentenceSubject,
  builtIn: AdScript,
  order = 0,
): ScriptSentence {
  const wordCount = countSpokenWords(text);
  // The pictures follow the built-in script's choice, in turn: the model does not see the images.
  const withMedia = builtIn.sentences.filter((s) => s.media);
  const media = withMedia.length ? withMedia[order % withMedia.length]!.media : null;
  return { text, beat, section, about, media, wordCount, estimatedSeconds: Math.round((wordCount / builtIn.wordsPerSecond) * 100) / 100 };
}

/** The built-in script's frame (style, title, features, budget) around the sentences kept. */
function assemble(builtIn: AdScript, sentences: ScriptSentence[]): AdScript {
  const paragraphs: string[] = [];
  let last: ScriptSentence['section'] | null = null;
  for (const s of sentences) {
    if (s.section === last) paragraphs[paragraphs.length - 1] += ` ${s.text}`;
    else paragraphs.push(s.text);
    last = s.section;
  }
  const wordCount = sentences.reduce((n, s) => n + s.wordCount, 0);
  return {
    ...builtIn,
    text: paragraphs.join('\n\n'),
    paragraphs,
    sentences,
    wordCount,
    estimatedSeconds: Math.round((wordCount / builtIn.wordsPerSecond) * 100) / 100,
  };
}

/** Whether an error means "write it another way" (always, for a script: the built-in copywriter is there). */
export function fallbackReasonOf(err: unknown): string {
  if (err instanceof LlmError) return `${err.kind}: ${err.message}`;
  if (err instanceof ModelScriptRejected) return `rejected: ${err.message}`;
  return `failed: ${err instanceof Error ? err.message : String(err)}`;
}
