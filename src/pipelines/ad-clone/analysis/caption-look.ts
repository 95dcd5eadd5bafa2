import type { CaptionLook, ScreenText } from '../../../domain/ad-clone/ad-analysis.js';

/**
 * Which of the reference's on-screen text is its captions, and how they look.
 *
 * Text is grouped by place (blocks at one height, overlapping across). A place is the captions'
 * when what it says is heard (its words are in the transcript) or changes from shot to shot; the
 * best such place wins. A place that shows the same words in several shots is a title (a brand,
 * the product's name), never the captions, however often it is seen: before, the place seen in
 * the most shots won, and a small brand name in a top corner set the clone's captions there, tiny.
 * Text smaller than `MIN_CAPTION_HEIGHT` or well off the middle is not a caption either (a
 * watermark, a handle). With no place that qualifies there is no caption look, and the clone's
 * captions take the service's own (centred, low, readable).
 */

/** Letters lower than this share of the frame's height are fine print, not captions. */
export const MIN_CAPTION_HEIGHT = 0.015;
/** A caption's centre lies within this of the frame's middle, across. */
const MAX_CAPTION_OFFSET = 0.2;
/** A caption block whose centre is this close to the middle across is centred. */
const CENTRED = 0.08;
/** Blocks whose centres are this close in height (share of the frame) are one place. */
const SAME_PLACE = 0.06;

const round = (v: number) => Math.round(v * 1000) / 1000;
const LETTERS = /\p{L}/u;

function normalWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** Two readings of one text (OCR reads a title a little differently in each shot). */
function sameText(a: string, b: string): boolean {
  const x = normalWords(a).join(' ');
  const y = normalWords(b).join(' ');
  if (!x || !y) return x === y;
  // A part read in one shot ("RMOFLA" of "THERMOFLASK") is the same text.
  const [shorter, longer] = x.length <= y.length ? [x, y] : [y, x];
  if (shorter.length >= 4 && longer.includes(shorter)) return true;
  return editDistance(x, y) <= 0.3 * Math.max(x.length, y.length);
}

/** Words of the block that were heard: three letters or more, the same or one letter off (OCR misreads). */
function heardWords(text: string, spoken: ReadonlySet<string>): number {
  let hits = 0;
  for (const word of normalWords(text)) {
    if (word.length < 3) continue;
    if (spoken.has(word)) hits++;
    else if (word.length >= 4 && [...spoken].some((s) => Math.abs(s.length - word.length) <= 1 && editDistance(s, word) <= 1)) hits++;
  }
  return hits;
}

/** A block's letter height: as read (`letterHeight`), or its box shared by its lines (tasks stored before). */
export const letterHeightOf = (t: ScreenText) => t.letterHeight ?? t.box.height / Math.max(1, t.lines);

interface Place {
  blocks: ScreenText[];
  shots: number;
  heard: number;
  /** How many different texts it shows (readings of one text counted once). */
  variants: number;
  letterHeight: number;
  centreX: number;
}

function placesOf(texts: readonly ScreenText[], spoken: ReadonlySet<string>): Place[] {
  const groups: ScreenText[][] = [];
  const centreY = (t: ScreenText) => t.box.y + t.box.height / 2;
  const overlapsAcross = (a: ScreenText, b: ScreenText) => a.box.x < b.box.x + b.box.width && b.box.x < a.box.x + a.box.width;
  for (const t of texts) {
    const home = groups.find((g) => g.some((o) => Math.abs(centreY(o) - centreY(t)) <= SAME_PLACE && overlapsAcross(o, t)));
    if (home) home.push(t);
    else groups.push([t]);
  }
  return groups.map((blocks) => {
    const variants: string[] = [];
    for (const b of blocks) if (!variants.some((v) => sameText(v, b.text))) variants.push(b.text);
    const heights = blocks.map(letterHeightOf).sort((a, b) => a - b);
    return {
      blocks,
      shots: new Set(blocks.map((b) => b.shotIndex)).size,
      heard: blocks.reduce((sum, b) => sum + heardWords(b.text, spoken), 0),
      variants: variants.length,
      letterHeight: heights[Math.floor(heights.length / 2)]!,
      centreX: blocks.reduce((sum, b) => sum + b.box.x + b.box.width / 2, 0) / blocks.length,
    };
  });
}

/** The texts with their roles (`ScreenText.role`): the captions' place, titles that stay, other text. */
export function withRoles(texts: readonly ScreenText[], spokenWords: readonly string[]): ScreenText[] {
  const spoken = new Set(spokenWords.flatMap(normalWords).filter((w) => w.length >= 3));
  const places = placesOf(texts, spoken);
  const isTitle = (p: Place) => p.shots >= 2 && p.variants === 1 && p.heard === 0;
  const candidates = places.filter(
    (p) => !isTitle(p) && p.letterHeight >= MIN_CAPTION_HEIGHT && Math.abs(p.centreX - 0.5) <= MAX_CAPTION_OFFSET && (p.heard > 0 || p.variants >= 2),
  );
  const score = (p: Place) => 2 * p.heard + (p.variants - 1) + 0.5 * p.shots;
  const captions = candidates.sort((a, b) => score(b) - score(a))[0];
  const roleOf = new Map<ScreenText, NonNullable<ScreenText['role']>>();
  for (const p of places) for (const b of p.blocks) roleOf.set(b, p === captions ? 'caption' : isTitle(p) ? 'title' : 'text');
  return texts.map((t) => ({ ...t, role: roleOf.get(t) ?? 'text' }));
}

function caseOf(text: string): CaptionLook['case'] {
  const letters = [...text].filter((c) => LETTERS.test(c));
  if (letters.length < 2) return 'as-is';
  if (letters.every((c) => c === c.toUpperCase() && c !== c.toLowerCase())) return 'upper';
  if (letters.every((c) => c === c.toLowerCase() && c !== c.toUpperCase())) return 'lower';
  return 'as-is';
}

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const colourDistance = (a: string, b: string) => rgb(a).reduce((sum, v, i) => sum + Math.abs(v - rgb(b)[i]!), 0);

/**
 * The colour most blocks agree on: each colour counts the blocks within a small distance of it (OCR
 * frames read one colour a little differently); of those that count as many, the most central.
 */
export function agreedColour(colours: readonly string[]): string {
  let best = colours[0] ?? '#ffffff';
  let most = -1;
  let spread = Number.POSITIVE_INFINITY;
  for (const c of colours) {
    const near = colours.filter((o) => colourDistance(c, o) <= 90).length;
    const total = colours.reduce((sum, o) => sum + colourDistance(c, o), 0);
    if (near > most || (near === most && total < spread)) {
      best = c;
      most = near;
      spread = total;
    }
  }
  return best;
}

/**
 * The caption look, from the texts with the caption role (`withRoles`): where their block sits
 * (mean centre), the colour most agree on, case, words per line, letter height (median) and the
 * widest line. Null when the reference shows no captions.
 */
export function captionLookOf(texts: readonly ScreenText[], shotCount: number): CaptionLook | null {
  const blocks = texts.filter((t) => t.role === 'caption');
  if (!blocks.length) return null;
  const mean = (vs: number[]) => vs.reduce((a, b) => a + b, 0) / vs.length;
  const centreY = mean(blocks.map((b) => b.box.y + b.box.height / 2));
  const cases = blocks.map((b) => caseOf(b.text));
  const kase = (['upper', 'lower'] as const).find((c) => cases.filter((x) => x === c).length > cases.length / 2) ?? 'as-is';
  const heights = blocks.map(letterHeightOf).sort((a, b) => a - b);
  // OCR often reads a part of a line, which moves its box off the line's centre: captions a little
  // off the middle are centred ones.
  const centreX = round(mean(blocks.map((b) => b.box.x + b.box.width / 2)) - 0.5);
  return {
    position: { x: Math.abs(centreX) < CENTRED ? 0 : centreX, y: round(centreY - 0.5) },
    region: centreY < 1 / 3 ? 'top' : centreY < 2 / 3 ? 'middle' : 'bottom',
    color: agreedColour(blocks.map((b) => b.color)),
    case: kase,
    wordsPerLine: Math.max(1, Math.round(mean(blocks.map((b) => b.words / b.lines)))),
    textHeight: round(heights[Math.floor(heights.length / 2)]!),
    lineWidth: round(Math.max(...blocks.map((b) => b.box.width))),
    shotShare: round(new Set(blocks.map((b) => b.shotIndex)).size / Math.max(1, shotCount)),
  };
}
