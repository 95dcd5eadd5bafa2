import { uuidV5 } from '../../core/ids.js';
import type { AdAnalysis, ScreenText } from '../../domain/ad-clone/ad-analysis.js';
import { parseTemplate, type Template, type TemplateFile } from '../../domain/custom-templates/template-format.js';
import type { TemplateValues } from '../../domain/custom-templates/template-values.js';
import type { SpokenAudio } from '../../domain/speech/voice-directory.js';
import { applyCase } from '../custom-templates/text-box.js';
import { capHeightPerPx, lineBoxPerPx, measureTextWidth, type TextFont } from '../images/text/canvas-fonts.js';
import { letterHeightOf } from './analysis/caption-look.js';
import { frameSizeFor } from '../../media/frame-size.js';

const CLONE_TEMPLATE_NAMESPACE = '5d3c2b1a-8e7f-5a6b-9c0d-1e2f3a4b5c6d';
/** The template's pixel sizes refer to the full-size frame, 1080 px on its short side in every aspect. */
const FULL_SHORT_SIDE_PX = 1080;
const MOTIONS = ['zoom-in', 'zoom-out', 'slide-left'] as const;
const SCRIPT_SLOT = 'Script';
const MUSIC_SLOT = 'Music';

export interface CloneTemplateRequest {
  analysis: AdAnalysis;
  aspect: '9:16' | '16:9' | '1:1';
  /** How many link pictures fill the shots (cycled). */
  pictureCount: number;
  /** The clone's spoken script; null for a silent reference (then the caption look shows text lines). */
  script: string | null;
  /** Short product lines for on-screen text: the product's name first (for titles), then selling points. */
  lines: string[];
  seed: number;
  /** The clone's length when it must be longer than the reference's shots (the voice needs it): the last shot is held. */
  videoSeconds?: number;
  /** When the clone's voice stops: shots after it show the reference's caption text re-set, as a silent reference's do. */
  speechEndSeconds?: number;
  /** The product's price as shown (`$34.99`): it replaces a price the reference showed. */
  price?: string | null;
  /** The clone's language (a button's words); default English. */
  language?: string;
}

/** A reference's text that shows a price. */
const PRICE = /[$€£¥]\s?\d|\d[.,]\d\d\b|\d\s?(usd|eur|gbp)\b/i;
/** A reference's short text that asks to act (a button): re-set as the clone's own. */
const ACTION = /\b(shop|buy|order|get|grab|tap|click|swipe|link|learn more|sign up|download)\b/i;
const ACTION_LABEL: Record<string, string> = { en: 'Shop now', es: 'Compra ya', fr: 'Acheter', de: 'Jetzt kaufen' };

const pictureSlot = (i: number) => `Picture ${i + 1}`;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round3 = (v: number) => Math.round(v * 1000) / 1000;

/*
 * Captions and text layers are drawn by libass in Montserrat Bold. Its size is the face's whole
 * line height as libass counts it: capitals stand 0.47 of it, mixed-case words (ascenders to
 * descenders) 0.60 (measured on the service's renders at 1080×1920). The reference's letters,
 * measured in its pixels (`letterHeight`), are turned into the size that draws them as tall.
 * Widths: the text fitter measures on a canvas (`images/text/canvas-fonts.ts`), whose model of
 * the size draws capitals 0.59 tall, a little larger than libass does; boxes are sized by the
 * fitter's measure (so it does not wrap what fits), caption lines by what libass draws.
 */
const FONT: TextFont = { weight: 700 };
const CAP_HEIGHT = 0.47;
const MIXED_HEIGHT = 0.6;
/** How wide the text fitter takes `text` to be at subtitle size `sizePx`. */
const fitterWidth = (text: string, sizePx: number) => measureTextWidth(text, FONT, sizePx / lineBoxPerPx(FONT));
/** How wide libass draws it: the same face, at the scale its capitals show. */
const drawnWidth = (text: string, sizePx: number) => (fitterWidth(text, sizePx) * CAP_HEIGHT) / (capHeightPerPx(FONT) / lineBoxPerPx(FONT));

/** Captions are never set smaller than this (full-size pixels, capitals 26 px tall), whatever was measured: readable on a phone. */
const MIN_CAPTION_PX = 56;
/** On-screen text is never set smaller than this. */
const MIN_TEXT_PX = 40;
/** Text keeps this margin from the frame's sides (share of the width). */
const SIDE_MARGIN = 0.05;
/** The service's own caption look, when the reference shows no captions. */
const DEFAULT_CAPTIONS = { style: 'normal-black', position: { x: 0, y: 0.25 }, sizePx: 72, wordsPerLine: 3 } as const;

function musicCategoryFor(level: AdAnalysis['energy']['level']): string {
  return level === 'energetic' ? 'upbeat' : level === 'moderate' ? 'corporate' : 'ambient';
}

const isUpper = (text: string) => /\p{L}/u.test(text) && text === text.toUpperCase();

/** A dark fill gets a light outline (the caption style that draws one), a light fill a dark one. */
function captionStyleFor(colour: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16)) as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b < 90 ? 'normal-white' : 'normal-black';
}

/**
 * Words per caption line that draw a line about as wide as the reference's widest: the script's
 * average word (with its space) at this size, as drawn (the layout breaks lines at that many words).
 */
function wordsPerLineFor(lineWidthPx: number, sizePx: number, script: string, kase: 'upper' | 'lower' | 'as-is'): number {
  const words = applyCase(script, kase).split(/\s+/).filter(Boolean);
  const space = drawnWidth(' ', sizePx);
  const average = words.reduce((sum, w) => sum + drawnWidth(w, sizePx) + space, 0) / Math.max(1, words.length);
  return clamp(Math.round(lineWidthPx / Math.max(1, average)), 1, 12);
}

/**
 * The box for a new text where the reference showed one: centred where it was, as wide as the new
 * words need at the reference's letter size, as the renderer's fitter measures them (never
 * narrower than what was there, at most the frame less its margins; past that it wraps onto a
 * second line), kept inside the frame. OCR often reads part of a line: its box alone would squeeze
 * the new words into a narrow column.
 */
function textBox(at: ScreenText['box'], text: string, sizePx: number, kase: 'upper' | 'as-is', full: { width: number; height: number }) {
  const needed = (fitterWidth(applyCase(text, kase), sizePx) * 1.05) / full.width;
  const widest = 1 - 2 * SIDE_MARGIN;
  const width = clamp(Math.max(at.width, needed), 0.1, widest);
  const lines = Math.min(2, Math.ceil(needed / widest - 1e-9));
  const height = clamp((Math.max(1, lines) * sizePx * 1.3) / full.height, 0.02, 0.5);
  const cx = clamp(at.x + at.width / 2, SIDE_MARGIN + width / 2, 1 - SIDE_MARGIN - width / 2);
  const cy = clamp(at.y + at.height / 2, height / 2 + 0.01, 1 - height / 2 - 0.01);
  return { x: round3(cx - width / 2), y: round3(cy - height / 2), width: round3(width), height: round3(height) };
}

/**
 * The reference's analysis as a template: one scene per shot with the shot's length (the pacing),
 * joined as the reference joins them (a hard cut, or a crossfade of its length), each showing a
 * link picture (cycled, alternating gentle motions); the voiceover captioned in the reference's
 * caption look (position, colour, case, letter size, line width; the service's own look when it
 * shows none); titles and other on-screen text re-set where they were, at their size and colour,
 * with the product's name (for a title) or a selling point; music when the reference has sound
 * under or instead of the voice.
 */
export function cloneTemplate(req: CloneTemplateRequest): { template: Template; file: TemplateFile } {
  const a = req.analysis;
  const look = a.captionLook;
  const full = frameSizeFor(req.aspect, 'render');
  // Letter heights are kept as a share of the frame's short side, so a caption keeps its size
  // when a 9:16 reference is cloned at 16:9 (its share of the height would shrink it).
  const letterPx = (heightFraction: number) => heightFraction * (a.heightPx / Math.max(1, Math.min(a.widthPx, a.heightPx))) * FULL_SHORT_SIDE_PX;
  const fontPx = (heightFraction: number, upper: boolean) => letterPx(heightFraction) / (upper ? CAP_HEIGHT : MIXED_HEIGHT);
  const slots: TemplateFile['slots'] = {};
  const pictures = Math.max(1, req.pictureCount);
  for (let i = 0; i < pictures; i++)
    slots[pictureSlot(i)] = { type: 'image', required: true, default: { draw: 'object', object: 'bottle', colors: ['#c81e3a', '#ecebe8'] } };
  // With a voice, the captions' place shows the captions; without one (or once it has stopped), its
  // text is re-set too.
  const voiceStops = req.script ? (req.speechEndSeconds ?? Number.POSITIVE_INFINITY) : 0;
  const setAsText = (t: ScreenText) => t.role !== 'caption' || (a.shots[t.shotIndex]?.startSeconds ?? 0) >= voiceStops;
  const [titleLine, ...otherLines] = req.lines;
  const pointLines = otherLines.length ? otherLines : req.lines;
  let lineIndex = 0;
  let pointIndex = 0;
  const shotsSeconds = a.shots.reduce((sum, s) => sum + Math.max(0.2, s.durationSeconds), 0);
  // A title that stays (a brand, the product's name) is drawn alike wherever it shows: where its
  // widest reading was, at its readings' middle letter height; and in every shot when OCR read it in
  // a third of them or more (white on a pale shot escapes it, and the eye too: then only where read).
  const titles = a.texts.filter((t) => t.role === 'title');
  const titleHeights = titles.map(letterHeightOf).sort((x, y) => x - y);
  const title: ScreenText | null = titles.length
    ? { ...titles.reduce((x, y) => (y.box.width > x.box.width ? y : x)), letterHeight: titleHeights[Math.floor(titleHeights.length / 2)]! }
    : null;
  const titleEverywhere = title !== null && new Set(titles.map((t) => t.shotIndex)).size >= a.shots.length / 3;
  const scenes: TemplateFile['scenes'] = a.shots.map((shot, i) => {
    const layers: NonNullable<TemplateFile['scenes'][number]['layers']> = [];
    const own = a.texts.filter((x) => x.shotIndex === shot.index && setAsText(x) && x.role !== 'title');
    const hasTitle = title !== null && (titleEverywhere || titles.some((t) => t.shotIndex === shot.index));
    const shown = hasTitle ? [title, ...own] : own;
    for (const t of shown) {
      const slot = `Text ${++lineIndex}`;
      // What the text was to the ad decides what it says now: the product's name for a title, its
      // price for a price, a button's words for a button, else a selling point.
      const words = t.text.split(/\s+/).filter(Boolean).length;
      const text =
        t.role === 'title' && titleLine
          ? titleLine
          : req.price && PRICE.test(t.text)
            ? req.price
            : words <= (t.role === 'caption' ? 2 : 4) && ACTION.test(t.text)
              ? (ACTION_LABEL[req.language ?? 'en'] ?? ACTION_LABEL.en!)
              : pointLines.length
                ? pointLines[pointIndex++ % pointLines.length]!
                : t.text;
      slots[slot] = { type: 'text', required: false, maxChars: 120, default: text };
      const asCaption = t.role === 'caption' && look !== null;
      const kase = asCaption ? look.case : isUpper(t.text) ? 'upper' : 'as-is';
      const sizePx = Math.round(clamp(fontPx(letterHeightOf(t), isUpper(t.text)), MIN_TEXT_PX, 200));
      layers.push({
        kind: 'text',
        slot,
        box: textBox(t.box, text, sizePx, kase === 'upper' ? 'upper' : 'as-is', full),
        style: { sizePx, color: t.color.toUpperCase(), case: kase, bold: true },
      });
    }
    // A crossfade into the next shot is the next shot's way in.
    const next = a.shots[i + 1]?.transitionIn;
    const held = i === a.shots.length - 1 && req.videoSeconds ? Math.max(0, req.videoSeconds - shotsSeconds) : 0;
    return {
      seconds: Math.max(0.2, round3(shot.durationSeconds + held)),
      background: { slot: pictureSlot(i % pictures), fit: 'crop' as const, motion: MOTIONS[(i + req.seed) % MOTIONS.length] },
      layers,
      ...(next?.kind === 'fade' ? { transition: { kind: 'fade' as const, seconds: clamp(next.seconds, 0.1, 2) } } : {}),
    };
  });
  if (req.script) slots[SCRIPT_SLOT] = { type: 'voiceover', required: true, maxChars: 5000, default: req.script };
  const hasBackgroundSound = a.energy.backgroundDb !== null && a.energy.backgroundDb > -50;
  if (hasBackgroundSound || !req.script) slots[MUSIC_SLOT] = { type: 'audio', required: false, default: { musicCategory: musicCategoryFor(a.energy.level) } };
  const captionPx = look ? Math.round(clamp(fontPx(look.textHeight, look.case === 'upper'), MIN_CAPTION_PX, 300)) : DEFAULT_CAPTIONS.sizePx;
  const file: TemplateFile = {
    format: 1,
    id: uuidV5(`ad-clone:${req.seed}`, CLONE_TEMPLATE_NAMESPACE),
    name: 'Ad clone',
    description: `Cloned from a ${a.durationSeconds.toFixed(1)} s reference: ${a.shots.length} shots, ${a.script.sentenceCount} spoken sentences.`,
    category: 'ad-clone',
    aspect: req.aspect,
    length: { rule: 'fixed' },
    slots,
    scenes,
    ...(req.script
      ? {
          captions: {
            slot: SCRIPT_SLOT,
            style: look
              ? {
                  style: captionStyleFor(look.color),
                  position: { x: clamp(look.position.x, -0.5, 0.5), y: clamp(look.position.y, -0.5, 0.5) },
                  color: look.color.toUpperCase(),
                  highlightColor: look.color.toUpperCase(),
                  case: look.case,
                  wordsPerLine: look.lineWidth
                    ? wordsPerLineFor(look.lineWidth * full.width, captionPx, req.script, look.case)
                    : clamp(look.wordsPerLine, 1, 12),
                  sizePx: captionPx,
                }
              : { ...DEFAULT_CAPTIONS, position: { ...DEFAULT_CAPTIONS.position } },
          },
        }
      : {}),
    ...(slots[MUSIC_SLOT] ? { music: { slot: MUSIC_SLOT, volume: req.script ? 0.2 : 0.6 } } : {}),
  };
  const parsed = parseTemplate(file);
  if (!parsed.ok) throw new Error(`the clone template does not validate: ${parsed.problems.join('; ')}`);
  return { template: parsed.template, file };
}

/** The values that fill the clone: the link's pictures, the script with its speech made already (`voice-clone-script.ts`). */
export function cloneValues(imageUrls: readonly string[], voiceover: { text: string; speech: SpokenAudio } | null): TemplateValues {
  const values: TemplateValues = {};
  imageUrls.forEach((url, i) => {
    values[pictureSlot(i)] = { type: 'image', url };
  });
  if (voiceover) values[SCRIPT_SLOT] = { type: 'voiceover', text: voiceover.text, speech: voiceover.speech };
  return values;
}
