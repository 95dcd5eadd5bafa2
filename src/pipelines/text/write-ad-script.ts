import { createRng, hashString, type Rng } from '../music/prng.js';
import { LOCALE_OF, scriptLanguageOf, type ScriptLanguage } from './languages.js';
import { canFill, fillTemplate, pointMidSentence, slotsOf, type SlotValues } from './fill-template.js';
import { phraseBankFor } from './phrase-banks/index.js';
import type { BeatKind, PhraseBank } from './phrase-banks/types.js';
import type { ProductFacts } from './product-facts.js';
import { factsFeatures, platformGroup, productName, readReviews, shortProductName } from './read-facts.js';
import { detectLanguage } from './stop-words.js';
import { DEFAULT_SCRIPT_STYLE, findScriptStyle, SCRIPT_STYLE_NAMES, type ScriptSection, type ScriptStyle } from './script-styles.js';
import { countSpokenWords, DEFAULT_WORDS_PER_SECOND, scriptWordBudget } from './word-budget.js';

export interface AdScriptRequest {
  facts: ProductFacts;
  /** A script style name (`SCRIPT_STYLE_NAMES`); default DiscoveryWriter. */
  style?: string;
  videoLengthSeconds: number;
  /** A supported language code (en, es, fr, de; `es-MX` works); default en. */
  language?: string;
  /** The voice's speaking rate; default the language's default voice rate. */
  wordsPerSecond?: number;
  /** Same seed, same facts, same options → the same script. Default 0. */
  seed?: number;
  /** For the year hook; default 2025 (the style's name). Never read from the clock. */
  year?: number;
}

/** What a sentence talks about, so a scene can show the matching picture. */
export interface SentenceSubject {
  fact: 'product' | 'feature' | 'price' | 'rating' | 'review' | 'audience' | 'brand' | 'generic';
  /** Index into the script's `features` when `fact` is feature. */
  featureIndex?: number;
}

export interface ScriptSentence {
  text: string;
  beat: BeatKind;
  section: ScriptSection;
  about: SentenceSubject;
  /** The link image (or video) the sentence is best shown over; null when the facts have none. */
  media: { kind: 'image' | 'video'; index: number; url: string } | null;
  wordCount: number;
  estimatedSeconds: number;
}

export interface AdScript {
  style: string;
  styleName: string;
  language: ScriptLanguage;
  /** A headline for the script. */
  title: string;
  /** The whole script: sections separated by a blank line. */
  text: string;
  paragraphs: string[];
  sentences: ScriptSentence[];
  /** The selling points read from the facts, in order. */
  features: string[];
  wordCount: number;
  wordBudget: number;
  wordsPerSecond: number;
  /** Speech time at `wordsPerSecond`, pauses excluded. */
  estimatedSeconds: number;
  videoLengthSeconds: number;
  seed: number;
}

export class ScriptRequestError extends Error {
  constructor(readonly field: 'style' | 'language' | 'videoLengthSeconds' | 'facts', message: string) {
    super(message);
    this.name = 'ScriptRequestError';
  }
}

interface Context {
  bank: PhraseBank;
  values: SlotValues;
  /** The product as said after its first mention. */
  shortName: string;
  /** Features first, then the bank's generic points. */
  points: { text: string; featureIndex: number | null }[];
  features: string[];
}

interface Plan {
  counts: number[];
  tails: number[];
}

interface Override {
  variant?: number;
  point?: number;
}

/** Changes the tuner made: per sentence, and selling points left out. */
interface Tuning {
  beats: Map<string, Override>;
  banned: Set<number>;
}

interface RealizedBeat {
  key: string;
  kind: BeatKind;
  section: ScriptSection;
  text: string;
  words: number;
  template: string;
  pointIndex: number | null;
  variants: number[];
  pointOptions: number[];
}

const FACT_SLOTS = new Set(['price', 'rating', 'count', 'quote', 'brand', 'points', 'audience', 'point', 'Point']);

function formatNumber(n: number, language: ScriptLanguage, opts: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(LOCALE_OF[language], opts).format(n);
}

export function formatPrice(price: { amount: number; currency: string | null }, language: ScriptLanguage): string {
  const whole = Number.isInteger(price.amount);
  const digits = { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 };
  if (price.currency) {
    try {
      return formatNumber(price.amount, language, { style: 'currency', currency: price.currency, ...digits });
    } catch {
      // An unknown currency code: say the number and the code.
    }
  }
  const n = formatNumber(price.amount, language, digits);
  return price.currency ? `${n} ${price.currency}` : n;
}

function buildContext(facts: ProductFacts, language: ScriptLanguage, year: number, rng: Rng): Context {
  const bank = phraseBankFor(language);
  const product = productName(facts.title) || productName(facts.description ?? '') || 'this';
  // Facts are quoted as written. When the page is in another language than the script, only
  // the first two features are used, so the script stays mostly in its own language.
  const allFeatures = factsFeatures(facts, product);
  const factsLanguage = detectLanguage(`${facts.description ?? ''} ${allFeatures.join('. ')}`, language);
  const features = factsLanguage === language ? allFeatures : allFeatures.slice(0, 2);
  const reviews = readReviews(facts.reviews);
  const audienceGuess = facts.audiences?.[0];
  const audience =
    facts.audience?.trim() ||
    (audienceGuess && (bank.audiences[audienceGuess] ?? (language === 'en' ? audienceGuess : undefined))) ||
    bank.defaultAudience;
  const brandRaw = (facts.brand ?? facts.siteName ?? '').trim();
  const brand = brandRaw && brandRaw.toLowerCase() !== product.toLowerCase() ? brandRaw : null;
  // A recap lists short features only; long ones do not survive being strung together.
  const listed = features.filter((f) => !/[,;]/.test(f) && f.split(/\s+/).length <= 6).slice(0, 3).map((f) => pointMidSentence(f, bank, product));
  const quote = reviews.quotes[0];
  const values: SlotValues = {
    product,
    brand,
    category: bank.categories[facts.industry ?? 'Others'] ?? bank.categories.Others!,
    audience,
    price: facts.price && facts.price.amount > 0 ? formatPrice(facts.price, language) : null,
    rating: reviews.rating !== null ? formatNumber(reviews.rating, language, { maximumFractionDigits: 1 }) : null,
    count: reviews.count !== null ? formatNumber(reviews.count, language, { maximumFractionDigits: 0 }) : null,
    quote: quote ? bank.quote(quote.text) : null,
    author: quote?.author ?? null,
    year: String(year),
    points: listed.length >= 2 ? bank.list(listed) : null,
    action: rng.fork('action').pick(bank.actions[platformGroup(facts.platform)]),
  };
  const points = [
    ...features.map((text, i) => ({ text, featureIndex: i as number | null })),
    ...bank.points.map((text) => ({ text, featureIndex: null })),
  ];
  return { bank, values, shortName: shortProductName(product), points, features };
}

function plannedBeats(style: ScriptStyle, plan: Plan): { key: string; kind: BeatKind; section: ScriptSection }[] {
  const out: { key: string; kind: BeatKind; section: ScriptSection }[] = [];
  style.slots.forEach((slot, s) => {
    for (let rep = 0; rep < plan.counts[s]!; rep++) {
      slot.beats.forEach((beat, b) => {
        if (beat.optional && rep >= plan.tails[s]!) return;
        out.push({ key: `${s}.${rep}.${b}`, kind: beat.kind, section: slot.section });
      });
    }
  });
  return out;
}

/** Turns a plan into sentences: each beat picks a template with its own seeded stream. */
function realize(style: ScriptStyle, plan: Plan, ctx: Context, seed: number, tuning: Tuning): RealizedBeat[] {
  const root = createRng(seed);
  const usedTemplates = new Set<string>();
  // Banned points count as used: they are never said.
  const usedPoints = new Set<number>(tuning.banned);
  const seen = new Map<BeatKind, number>();
  const out: RealizedBeat[] = [];
  const later = { ...ctx.values, product: ctx.shortName };
  let named = false;
  for (const beat of plannedBeats(style, plan)) {
    const templates = ctx.bank.beats[beat.kind];
    const nth = (seen.get(beat.kind) ?? 0) + 1;
    const pointsLeft = ctx.points.length - usedPoints.size;
    const variants: number[] = [];
    templates.forEach((t, i) => {
      if (!canFill(t, ctx.values, pointsLeft, nth)) return;
      // A template without a point or a number would repeat a sentence word for word.
      const varies = /\{(point|Point|nth|Nth)\}/.test(t);
      if (!varies && usedTemplates.has(`${beat.kind}:${i}`)) return;
      variants.push(i);
    });
    if (variants.length === 0) continue;
    const o = tuning.beats.get(beat.key);
    const rng = root.fork(`${style.name}:${beat.key}`);
    // Facts beat generic lines; a lead-in already used ("Plus: …") is taken again only as a last resort.
    const weights = variants.map((i) => (slotsOf(templates[i]!).some((s) => FACT_SLOTS.has(s)) ? 3 : 1) * (usedTemplates.has(`${beat.kind}:${i}`) ? 0.02 : 1));
    let variant = weightedPick(rng, variants, weights);
    if (o?.variant !== undefined && variants.includes(o.variant)) variant = o.variant;
    const template = templates[variant]!;
    const pointOptions = ctx.points.map((_, i) => i).filter((i) => !usedPoints.has(i));
    let pointIndex: number | null = null;
    if (/\{(point|Point)\}/.test(template)) {
      pointIndex = o?.point !== undefined && pointOptions.includes(o.point) ? o.point : pointOptions[0]!;
      usedPoints.add(pointIndex);
    }
    const text = fillTemplate(template, named ? later : ctx.values, ctx.bank, { point: pointIndex === null ? null : ctx.points[pointIndex]!.text, nth });
    if (template.includes('{product}')) named = true;
    usedTemplates.add(`${beat.kind}:${variant}`);
    seen.set(beat.kind, nth);
    out.push({ key: beat.key, kind: beat.kind, section: beat.section, text, words: countSpokenWords(text), template, pointIndex, variants, pointOptions });
  }
  return out;
}

function weightedPick(rng: Rng, items: number[], weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = rng.next() * total;
  for (let i = 0; i < items.length; i++) {
    r -= weights[i]!;
    if (r < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

const wordsOf = (beats: RealizedBeat[]) => beats.reduce((a, b) => a + b.words, 0);

/** Bigger plans for a slot: one more repetition, or one more optional beat in a repetition. */
function grownPlans(style: ScriptStyle, plan: Plan, slot: number): Plan[] {
  const def = style.slots[slot]!;
  const out: Plan[] = [];
  if (plan.counts[slot]! < def.max) {
    const counts = [...plan.counts];
    counts[slot]! += 1;
    out.push({ counts, tails: plan.tails });
  }
  if (def.beats.some((b) => b.optional) && plan.tails[slot]! < plan.counts[slot]!) {
    const tails = [...plan.tails];
    tails[slot]! += 1;
    out.push({ counts: plan.counts, tails });
  }
  return out;
}

/**
 * Grows the style from its minimum until the script reaches the word budget, keeping whichever
 * of the last two sizes is closer; then swaps templates and selling points to land nearer.
 */
function sizeScript(style: ScriptStyle, ctx: Context, seed: number, budget: number): RealizedBeat[] {
  let plan: Plan = { counts: style.slots.map((s) => s.min), tails: style.slots.map(() => 0) };
  const none: Tuning = { beats: new Map(), banned: new Set() };
  let beats = realize(style, plan, ctx, seed, none);
  let words = wordsOf(beats);
  const exhausted = new Set<number>();
  const everySlot = style.slots.map((_, i) => i);
  // The style's growth order first; when all of it is used up, any slot that still can grow.
  let order = style.grow;
  let cursor = 0;
  grow: while (words < budget) {
    if (order.every((s) => exhausted.has(s))) {
      if (order === everySlot) break;
      order = everySlot;
      cursor = 0;
      continue;
    }
    const slot = order[cursor++ % order.length]!;
    if (exhausted.has(slot)) continue;
    let grewHere = false;
    for (const next of grownPlans(style, plan, slot)) {
      const nextBeats = realize(style, next, ctx, seed, none);
      const nextWords = wordsOf(nextBeats);
      // No gain: nothing left to say there (no facts, no unused template).
      if (nextWords <= words) continue;
      if (nextWords > budget && nextWords - budget > budget - words) break grow;
      plan = next;
      beats = nextBeats;
      words = nextWords;
      grewHere = true;
      break;
    }
    if (!grewHere) exhausted.add(slot);
  }
  return tune(style, plan, ctx, seed, budget, beats);
}

const TUNE_TOLERANCE = 0.04;
const TUNE_ROUNDS = 10;
/** Beyond this gap after the greedy pass, two changes at a time are tried. */
const PAIR_SEARCH_GAP = 0.07;
const PAIR_SEARCH_MAX_TRIALS = 4000;
/** A changed selling point or an unsaid feature costs a little, so template swaps come first. */
const FACT_CHANGE_COST = 1;

interface TuneState {
  plan: Plan;
  tuning: Tuning;
}

function factChanges(t: Tuning): number {
  let n = t.banned.size;
  for (const o of t.beats.values()) if (o.point !== undefined) n++;
  return n;
}

/** Every single change: a template or point for one sentence, a feature left out, a slot grown or shrunk. */
function movesOf(style: ScriptStyle, ctx: Context, state: TuneState, beats: RealizedBeat[]): TuneState[] {
  const { plan, tuning } = state;
  const moves: TuneState[] = [];
  for (const b of beats) {
    const current = tuning.beats.get(b.key) ?? {};
    for (const variant of b.variants) if (variant !== current.variant) moves.push({ plan, tuning: { beats: new Map(tuning.beats).set(b.key, { ...current, variant }), banned: tuning.banned } });
    if (b.pointIndex === null) continue;
    // Another feature may take this sentence; generic points only ever follow the features.
    for (const point of b.pointOptions) if (point !== b.pointIndex && ctx.points[point]!.featureIndex !== null) moves.push({ plan, tuning: { beats: new Map(tuning.beats).set(b.key, { ...current, point }), banned: tuning.banned } });
    if (!tuning.banned.has(b.pointIndex)) moves.push({ plan, tuning: { beats: tuning.beats, banned: new Set(tuning.banned).add(b.pointIndex) } });
  }
  style.slots.forEach((slot, i) => {
    for (const grownPlan of grownPlans(style, plan, i)) moves.push({ plan: grownPlan, tuning });
    if (plan.tails[i]! > 0) {
      const tails = [...plan.tails];
      tails[i]! -= 1;
      moves.push({ plan: { counts: plan.counts, tails }, tuning });
    } else if (plan.counts[i]! > slot.min) {
      const counts = [...plan.counts];
      counts[i]! -= 1;
      moves.push({ plan: { counts, tails: plan.tails.map((t, j) => (j === i ? Math.min(t, counts[i]!) : t)) }, tuning });
    }
  });
  return moves;
}

/**
 * Greedy: the single change that brings the word count nearest the budget, repeated; when that
 * gets stuck far from the budget, the best pair of changes.
 */
function tune(style: ScriptStyle, plan: Plan, ctx: Context, seed: number, budget: number, start: RealizedBeat[]): RealizedBeat[] {
  let state: TuneState = { plan, tuning: { beats: new Map(), banned: new Set() } };
  let beats = start;
  const gapOf = (b: RealizedBeat[]) => Math.abs(wordsOf(b) - budget);
  const scoreOf = (b: RealizedBeat[], s: TuneState) => gapOf(b) + FACT_CHANGE_COST * factChanges(s.tuning);
  let score = scoreOf(beats, state);
  for (let round = 0; round < TUNE_ROUNDS && gapOf(beats) > budget * TUNE_TOLERANCE; round++) {
    let best: { beats: RealizedBeat[]; score: number; state: TuneState } | null = null;
    for (const move of movesOf(style, ctx, state, beats)) {
      const trialBeats = realize(style, move.plan, ctx, seed, move.tuning);
      const trialScore = scoreOf(trialBeats, move);
      if (trialScore < (best?.score ?? score)) best = { beats: trialBeats, score: trialScore, state: move };
    }
    if (!best) break;
    ({ beats, score, state } = best);
  }
  if (gapOf(beats) <= budget * PAIR_SEARCH_GAP) return beats;
  let trials = 0;
  let best: { beats: RealizedBeat[]; score: number } = { beats, score };
  for (const first of movesOf(style, ctx, state, beats)) {
    const firstBeats = realize(style, first.plan, ctx, seed, first.tuning);
    for (const second of movesOf(style, ctx, first, firstBeats)) {
      if (++trials > PAIR_SEARCH_MAX_TRIALS) return best.beats;
      const trialBeats = realize(style, second.plan, ctx, seed, second.tuning);
      const trialScore = scoreOf(trialBeats, second);
      if (trialScore < best.score) best = { beats: trialBeats, score: trialScore };
    }
  }
  return best.beats;
}

function subjectOf(beat: RealizedBeat, ctx: Context): SentenceSubject {
  if (beat.pointIndex !== null) {
    const fi = ctx.points[beat.pointIndex]!.featureIndex;
    return fi !== null ? { fact: 'feature', featureIndex: fi } : { fact: 'generic' };
  }
  const slots = new Set(slotsOf(beat.template));
  if (slots.has('price')) return { fact: 'price' };
  if (slots.has('quote')) return { fact: 'review' };
  if (slots.has('rating') || slots.has('count')) return { fact: 'rating' };
  if (slots.has('points')) return { fact: 'feature', featureIndex: 0 };
  if (slots.has('brand')) return { fact: 'brand' };
  if (slots.has('audience')) return { fact: 'audience' };
  if (slots.has('product') || beat.section === 'hook' || beat.section === 'cta') return { fact: 'product' };
  return { fact: 'generic' };
}

/**
 * Pictures for sentences: the opening over the first video (or the main image), a feature over
 * "its" image (features and images paired in order, the main image kept for the product), the
 * rest taking the images in turn so consecutive scenes change picture.
 */
function assignMedia(beats: RealizedBeat[], subjects: SentenceSubject[], facts: ProductFacts): ScriptSentence['media'][] {
  const images = facts.imageUrls ?? [];
  const videos = facts.videoUrls ?? [];
  let turn = 0;
  return beats.map((beat, i) => {
    const subject = subjects[i]!;
    if (i === 0 && videos.length) return { kind: 'video', index: 0, url: videos[0]! };
    if (!images.length) return videos.length ? { kind: 'video', index: i % videos.length, url: videos[i % videos.length]! } : null;
    let index: number;
    if (subject.fact === 'feature' && subject.featureIndex !== undefined) index = (subject.featureIndex + 1) % images.length;
    else if (subject.fact === 'product' || subject.fact === 'price' || beat.section === 'cta') index = 0;
    else index = images.length === 1 ? 0 : 1 + (turn++ % (images.length - 1));
    return { kind: 'image', index, url: images[index]! };
  });
}

function titleFor(ctx: Context, seed: number, style: string): string {
  const rng = createRng(seed).fork(`title:${style}`);
  const usable = ctx.bank.headlines.filter((h) => canFill(h, ctx.values, 0, null));
  const headline = usable.length ? rng.pick(usable) : '{product}';
  return fillTemplate(headline, ctx.values, ctx.bank, { point: null, nth: null }).replace(/\.$/, '');
}

/**
 * Writes an ad script from product facts in a style, sized to the video at the voice's speaking
 * rate. Pure and deterministic: the same request (seed included) gives the same script.
 */
export function writeAdScript(req: AdScriptRequest): AdScript {
  const language = scriptLanguageOf(req.language ?? 'en');
  if (!language) throw new ScriptRequestError('language', `Unsupported language "${req.language}".`);
  const style = findScriptStyle(req.style ?? DEFAULT_SCRIPT_STYLE);
  if (!style) throw new ScriptRequestError('style', `Unknown script style "${req.style}". Allowed: ${SCRIPT_STYLE_NAMES.join(', ')}.`);
  if (!(req.videoLengthSeconds > 0)) throw new ScriptRequestError('videoLengthSeconds', 'videoLengthSeconds must be positive.');
  if (!req.facts.title?.trim() && !req.facts.description?.trim()) throw new ScriptRequestError('facts', 'The facts need a title or a description.');
  const wordsPerSecond = req.wordsPerSecond && req.wordsPerSecond > 0 ? req.wordsPerSecond : DEFAULT_WORDS_PER_SECOND[language];
  const seed = (req.seed ?? 0) >>> 0;
  const budget = scriptWordBudget(req.videoLengthSeconds, wordsPerSecond);
  const ctx = buildContext(req.facts, language, req.year ?? 2025, createRng(seed ^ hashString(language)));
  const beats = sizeScript(style, ctx, seed, budget);
  const subjects = beats.map((b) => subjectOf(b, ctx));
  const media = assignMedia(beats, subjects, req.facts);
  const sentences: ScriptSentence[] = beats.map((b, i) => ({
    text: b.text,
    beat: b.kind,
    section: b.section,
    about: subjects[i]!,
    media: media[i]!,
    wordCount: b.words,
    estimatedSeconds: Math.round((b.words / wordsPerSecond) * 100) / 100,
  }));
  const paragraphs: string[] = [];
  let last: ScriptSection | null = null;
  for (const s of sentences) {
    if (s.section === last) paragraphs[paragraphs.length - 1] += ` ${s.text}`;
    else paragraphs.push(s.text);
    last = s.section;
  }
  const wordCount = wordsOf(beats);
  return {
    style: style.name,
    styleName: style.displayName,
    language,
    title: titleFor(ctx, seed, style.name),
    text: paragraphs.join(ctx.bank.sectionSeparator),
    paragraphs,
    sentences,
    features: ctx.features,
    wordCount,
    wordBudget: budget,
    wordsPerSecond,
    estimatedSeconds: Math.round((wordCount / wordsPerSecond) * 100) / 100,
    videoLengthSeconds: req.videoLengthSeconds,
    seed,
  };
}

/**
 * The five styles used when a caller names none: the default first, then four other writers
 * chosen by the seed, so repeated requests can differ while each one stays reproducible.
 */
export function defaultScriptStyles(seed: number, count = 5): string[] {
  const rng = createRng(seed >>> 0).fork('default-styles');
  const others = SCRIPT_STYLE_NAMES.filter((n) => n !== DEFAULT_SCRIPT_STYLE && findScriptStyle(n)!.family === 'writer');
  for (let i = others.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [others[i], others[j]] = [others[j]!, others[i]!];
  }
  return [DEFAULT_SCRIPT_STYLE, ...others.slice(0, Math.max(0, count - 1))];
}

/**
 * Headline candidates for the facts: the language's headline templates, then its hook openers
 * that stand on their own (no selling point or number in them), filled and in a seeded order
 * with the templates first.
 */
export function headlineCandidates(facts: ProductFacts, language: ScriptLanguage, seed: number): string[] {
  const ctx = buildContext(facts, language, 2025, createRng(seed >>> 0));
  const fill = (templates: readonly string[]) =>
    templates.filter((t) => canFill(t, ctx.values, 0, null) && !/\{(point|Point|nth|Nth)\}/.test(t)).map((t) => fillTemplate(t, ctx.values, ctx.bank, { point: null, nth: null }).replace(/\.$/, ''));
  const rng = createRng(seed >>> 0).fork('headlines');
  const shuffle = (items: string[]) => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  };
  const hooks = (Object.keys(ctx.bank.beats) as BeatKind[]).filter((k) => k.startsWith('hook_')).flatMap((k) => fill(ctx.bank.beats[k]));
  return [...new Set([...shuffle(fill(ctx.bank.headlines)), ...shuffle(hooks)])];
}
