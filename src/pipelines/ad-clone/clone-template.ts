import { uuidV5 } from '../../core/ids.js';
import type { AdAnalysis, ScreenText } from '../../domain/ad-clone/ad-analysis.js';
import { parseTemplate, type Template, type TemplateFile } from '../../domain/custom-templates/template-format.js';
import type { TemplateValues } from '../../domain/custom-templates/template-values.js';

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
  /** Short product lines for on-screen text (highlights, the title). */
  lines: string[];
  seed: number;
}

const pictureSlot = (i: number) => `Picture ${i + 1}`;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The part of a text box a template accepts (fractions inside the frame). */
function fitBox(b: ScreenText['box']) {
  const width = clamp(b.width, 0.05, 1);
  const height = clamp(b.height * 1.3, 0.03, 1);
  return { x: clamp(b.x, 0, 1 - width), y: clamp(b.y - b.height * 0.15, 0, 1 - height), width, height };
}

function musicCategoryFor(level: AdAnalysis['energy']['level']): string {
  return level === 'energetic' ? 'upbeat' : level === 'moderate' ? 'corporate' : 'ambient';
}

/**
 * The reference's analysis as a template: one scene per shot with the shot's length (the pacing),
 * each showing a link picture (cycled, alternating gentle motions, hard cuts as in the reference),
 * the voiceover captioned in the reference's caption look (position, colour, case, words per
 * line, letter height), other on-screen text re-set as text layers where and in the colour it
 * was, and music when the reference has sound under or instead of the voice.
 */
export function cloneTemplate(req: CloneTemplateRequest): { template: Template; file: TemplateFile } {
  const a = req.analysis;
  const look = a.captionLook;
  // Letter heights are kept as a share of the frame's short side, so a caption keeps its size
  // when a 9:16 reference is cloned at 16:9 (its share of the height would shrink it).
  const letterPx = (heightFraction: number) => heightFraction * (a.heightPx / Math.max(1, Math.min(a.widthPx, a.heightPx))) * FULL_SHORT_SIDE_PX;
  const slots: TemplateFile['slots'] = {};
  const pictures = Math.max(1, req.pictureCount);
  for (let i = 0; i < pictures; i++)
    slots[pictureSlot(i)] = { type: 'image', required: true, default: { draw: 'object', object: 'bottle', colors: ['#c81e3a', '#ecebe8'] } };
  const captionRegion = look?.region ?? null;
  const regionOf = (t: ScreenText) => {
    const cy = t.box.y + t.box.height / 2;
    return cy < 1 / 3 ? 'top' : cy < 2 / 3 ? 'middle' : 'bottom';
  };
  // With a voice, the caption region is the captions' place; without one, its text is re-set too.
  const setAsText = (t: ScreenText) => !req.script || regionOf(t) !== captionRegion;
  let lineIndex = 0;
  const scenes: TemplateFile['scenes'] = a.shots.map((shot, i) => {
    const layers: NonNullable<TemplateFile['scenes'][number]['layers']> = [];
    for (const t of a.texts.filter((x) => x.shotIndex === shot.index && setAsText(x))) {
      const slot = `Text ${++lineIndex}`;
      const text = req.lines.length ? req.lines[(lineIndex - 1) % req.lines.length]! : t.text;
      slots[slot] = { type: 'text', required: false, maxChars: 120, default: text };
      const kase = regionOf(t) === captionRegion && look ? look.case : t.text === t.text.toUpperCase() ? 'upper' : 'as-is';
      layers.push({
        kind: 'text',
        slot,
        box: fitBox(t.box),
        style: {
          sizePx: clamp(Math.round(letterPx(t.box.height / Math.max(1, t.lines)) * 1.1), 12, 400),
          color: t.color.toUpperCase(),
          case: kase,
          bold: true,
          ...(look && regionOf(t) === captionRegion ? { wordsPerLine: look.wordsPerLine } : {}),
        },
      });
    }
    return {
      seconds: Math.max(0.2, shot.durationSeconds),
      background: { slot: pictureSlot(i % pictures), fit: 'crop' as const, motion: MOTIONS[(i + req.seed) % MOTIONS.length] },
      layers,
    };
  });
  if (req.script) slots[SCRIPT_SLOT] = { type: 'voiceover', required: true, maxChars: 5000, default: req.script };
  const hasBackgroundSound = a.energy.backgroundDb !== null && a.energy.backgroundDb > -50;
  if (hasBackgroundSound || !req.script) slots[MUSIC_SLOT] = { type: 'audio', required: false, default: { musicCategory: musicCategoryFor(a.energy.level) } };
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
    ...(req.script && look
      ? {
          captions: {
            slot: SCRIPT_SLOT,
            style: {
              style: 'normal-black',
              position: { x: clamp(look.position.x, -0.5, 0.5), y: clamp(look.position.y, -0.5, 0.5) },
              color: look.color.toUpperCase(),
              highlightColor: look.color.toUpperCase(),
              case: look.case,
              wordsPerLine: clamp(look.wordsPerLine, 1, 12),
              sizePx: clamp(Math.round(letterPx(look.textHeight) * 1.4), 12, 300),
            },
          },
        }
      : req.script
        ? { captions: { slot: SCRIPT_SLOT } }
        : {}),
    ...(slots[MUSIC_SLOT] ? { music: { slot: MUSIC_SLOT, volume: req.script ? 0.2 : 0.6 } } : {}),
  };
  const parsed = parseTemplate(file);
  if (!parsed.ok) throw new Error(`the clone template does not validate: ${parsed.problems.join('; ')}`);
  return { template: parsed.template, file };
}

/** The values that fill the clone: the link's pictures, the script in the chosen voice. */
export function cloneValues(imageUrls: readonly string[], script: string | null, voiceId: string | null): TemplateValues {
  const values: TemplateValues = {};
  imageUrls.forEach((url, i) => {
    values[pictureSlot(i)] = { type: 'image', url };
  });
  if (script) values[SCRIPT_SLOT] = { type: 'voiceover', text: script, ...(voiceId ? { voiceId } : {}) };
  return values;
}
