import type { RgbaImage } from '../../../core/raster.js';
import { canvasToRgba } from '../raster-io.js';
import type { Mood, SceneChoice } from '../staging/choose-scene.js';
import { planLayout, type StageLayout } from '../staging/layout.js';
import { finish, startPainting, type Painting } from '../staging/scenes/painting.js';
import { paintCity, paintKitchen, paintStudioPlace } from './built-places.js';
import { applyGrade, moodGrade, paintMoodLayer } from './mood-layer.js';
import { paintBeach, paintForest, paintMountain } from './nature-places.js';
import { type Place, type PromptLook, promptWords, readPrompt } from './prompt-look.js';
import { planSetting, type SettingPlan } from './setting-plan.js';

export interface SettingRequest {
  prompt: string;
  width: number;
  height: number;
  seed: number;
  /** The product's colours (staging), most prominent first: an unnamed studio backdrop sits with them. */
  palette?: string[];
  /** Where the product will stand (staging); without one, a product of a usual bottle's shape is assumed. */
  layout?: StageLayout;
}

export interface PaintedSetting {
  /** Opaque, `width × height`. */
  image: RgbaImage;
  look: PromptLook;
  plan: SettingPlan;
}

const PAINTERS: Record<Exclude<Place, 'studio'>, (p: Painting, plan: SettingPlan) => void> = {
  kitchen: paintKitchen,
  beach: paintBeach,
  forest: paintForest,
  mountain: paintMountain,
  city: paintCity,
};

/**
 * A setting painted from a prompt's words: the place (kitchen, beach, forest, mountain, city or a
 * studio wall), the surface in front, the time of day, the key colour and the moods (`prompt-look.ts`
 * reads them, `setting-plan.ts` resolves them). Procedural drawing on a canvas, no neural model; the
 * same prompt and seed give the same pixels.
 */
export function paintSetting(req: SettingRequest): PaintedSetting {
  const look = readPrompt(req.prompt);
  const plan = planSetting(look, req.seed, req.palette?.[0] ?? null);
  const layout = req.layout ?? planLayout({ width: req.width, height: req.height, product: { width: 100, height: 240 } });
  const { canvas, p } = startPainting(sceneChoiceOf(plan), layout, req.palette ?? []);
  let finished = false;
  if (plan.place === 'studio') finished = paintStudioPlace(p, plan);
  else PAINTERS[plan.place](p, plan);
  paintMoodLayer(p, plan);
  applyGrade(p, moodGrade(plan.moods));
  if (!finished) finish(p, plan.moods.includes('luxury') || plan.time === 'night' ? 0.38 : plan.moods.includes('calm') ? 0.12 : 0.2, 2);
  return { image: canvasToRgba(canvas), look, plan };
}

/**
 * Words the staging chooser (`staging/choose-scene.ts`) draws and these painters do not: podiums,
 * fabrics, glossy floors, a backdrop in the product's own colours. A prompt built on them stays
 * with the chooser.
 */
const STAGING_ONLY_WORDS = new Set([
  'podium',
  'pedestal',
  'plinth',
  'cylinder',
  'platform',
  'silk',
  'satin',
  'velvet',
  'linen',
  'fabric',
  'cloth',
  'textile',
  'cotton',
  'blanket',
  'glossy',
  'mirror',
  'reflection',
  'reflective',
  'reflecting',
  'acrylic',
  'glass',
  'palette',
  'matching',
]);

/**
 * Whether these painters should draw the prompt's setting: when they understand a word of it and it
 * does not rest on what only the staging chooser draws (a named place outranks that: "velvet in a
 * city at night" is a city).
 */
export function paintsSetting(prompt: string | undefined): boolean {
  if (!prompt) return false;
  const look = readPrompt(prompt);
  if (look.understood.length === 0) return false;
  if (look.place && look.place !== 'studio') return true;
  return !promptWords(prompt).some((w) => STAGING_ONLY_WORDS.has(w));
}

/** The staging painters' view of a plan (the studio, marble and wood painters read this). */
function sceneChoiceOf(plan: SettingPlan): SceneChoice {
  const has = (m: string) => plan.moods.includes(m as never);
  const legacy: Mood[] = (['warm', 'cool', 'dark', 'bright', 'luxury', 'minimal', 'pastel'] as const).filter((m) => has(m));
  let variant = 'plain';
  const word = plan.surfaceWord ?? '';
  if (plan.surface === 'marble') {
    variant =
      word === 'calacatta'
        ? 'calacatta'
        : has('dark')
          ? 'black'
          : has('luxury')
            ? 'calacatta'
            : ['green', 'emerald'].includes(plan.keyNamed ?? '')
              ? 'green'
              : plan.keyNamed === 'grey'
                ? 'grey'
                : 'white';
  } else if (plan.surface === 'wood') {
    variant =
      word === 'walnut' || has('dark') || has('luxury') ? 'walnut' : word === 'oak' ? 'oak' : has('pastel') || has('bright') || has('minimal') ? 'pale' : 'oak';
  }
  return {
    kind: 'studio-gradient',
    hue: plan.key.h,
    chroma: plan.key.c,
    lightness: plan.key.l,
    accentHue: plan.accent.h,
    warmth: plan.warmth,
    lightX: plan.lightX,
    variant,
    mood: legacy,
    textureSeed: plan.textureSeed,
    colourWord: plan.keyNamed,
    description: plan.description,
  };
}
