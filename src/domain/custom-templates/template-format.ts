import { z } from 'zod';

/**
 * The template format, version 1: a timeline with typed slots that a client's media, text, avatar
 * and voice fill. Built-in templates are JSON files in `assets/templates/`; operators add theirs in
 * `DATA_DIR/templates/`. Both are read through `parseTemplate`, which rejects anything malformed.
 * The renderer is `pipelines/custom-templates/render-template.ts`; `docs/templates.md` documents the format.
 *
 * Coordinates: a `box` is `{x, y, width, height}` in fractions of the frame, x/y its top-left corner
 * (0..1). Times are seconds from the start of the scene. Colours are `#RRGGBB` or `#RRGGBBAA`.
 */

export const TEMPLATE_FORMAT_VERSION = 1;

export const SLOT_TYPES = ['image', 'video', 'audio', 'text', 'avatar', 'voiceover'] as const;
export type SlotType = (typeof SLOT_TYPES)[number];

export const TEMPLATE_ASPECTS = ['16:9', '9:16', '1:1'] as const;
export type TemplateAspect = (typeof TEMPLATE_ASPECTS)[number];

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/, 'a colour as #RRGGBB or #RRGGBBAA');
const slotName = z.string().regex(/^[A-Za-z][A-Za-z0-9_ -]{0,47}$/, 'a slot name: letters, digits, space, _ or -, starting with a letter');
const fraction = z.number().min(0).max(1);

export const boxSchema = z.object({ x: fraction, y: fraction, width: z.number().gt(0).max(1), height: z.number().gt(0).max(1) });
export type TemplateBox = z.infer<typeof boxSchema>;

/** How media fills its box: crop fills it (cutting what overflows), contain keeps all of it over a blurred fill. */
export const FIT_RULES = ['crop', 'contain'] as const;
export type FitRule = (typeof FIT_RULES)[number];
export const MOTIONS = ['zoom-in', 'zoom-out', 'slide-left', 'wobble', 'throb'] as const;
export const TRANSITIONS = ['fade', 'leftSwipe', 'rightSwipe', 'topSwipe', 'bottomSwipe'] as const;
export const DRAWN_PATTERNS = ['noise-field', 'low-poly', 'linear-gradient', 'radial-gradient', 'mesh-gradient', 'stripes', 'dots', 'grid', 'waves'] as const;
export const DRAWN_OBJECTS = ['bottle', 'box', 'phone', 'shoe', 'mug', 'plate', 'card'] as const;

/**
 * A built-in picture drawn by the service (no files shipped): a procedural pattern, or a simple
 * object drawn on a plain or patterned ground. Used as the default of an image slot.
 */
export const drawnPictureSchema = z.object({
  draw: z.enum(['pattern', 'object']),
  pattern: z.enum(DRAWN_PATTERNS).optional(),
  object: z.enum(DRAWN_OBJECTS).optional(),
  colors: z.array(hexColor).min(1).max(4),
  seed: z.number().int().optional(),
  /** A word or two printed on the object (a label); keeps defaults readable in previews. */
  label: z.string().max(24).optional(),
});
export type DrawnPicture = z.infer<typeof drawnPictureSchema>;

/** Text look: used by text layers. Sizes are pixels at full resolution (1080 on the short side). */
export const textStyleSchema = z.object({
  font: z.string().max(60).default('Montserrat'),
  sizePx: z.number().int().min(12).max(400).default(72),
  color: hexColor.default('#FFFFFF'),
  /** A box behind the text in this colour. */
  background: hexColor.optional(),
  case: z.enum(['as-is', 'upper', 'lower', 'title']).default('as-is'),
  bold: z.boolean().default(true),
  /** Lines are broken after this many words at most (the box's width also wraps). */
  wordsPerLine: z.number().int().min(1).max(20).optional(),
});
export type TextStyle = z.infer<typeof textStyleSchema>;

/** Caption look for a voiceover's words (the service's caption styles, positioned and coloured). */
export const captionStyleSchema = z.object({
  /** A caption style name (`GET` enumerations: normal-black, neo, mustard, …). */
  style: z.string().max(40).default('normal-black'),
  /** Centre of the caption block from the frame's centre in fractions (−0.5..0.5): y 0.35 = low. */
  position: z.object({ x: z.number().min(-0.5).max(0.5), y: z.number().min(-0.5).max(0.5) }).default({ x: 0, y: 0.35 }),
  color: hexColor.optional(),
  highlightColor: hexColor.optional(),
  background: hexColor.optional(),
  case: z.enum(['as-is', 'upper', 'lower']).default('as-is'),
  wordsPerLine: z.number().int().min(1).max(12).optional(),
  font: z.string().max(60).optional(),
  sizePx: z.number().int().min(12).max(300).optional(),
});
export type CaptionStyle = z.infer<typeof captionStyleSchema>;

const slotCommon = { required: z.boolean().default(false), label: z.string().max(80).optional(), description: z.string().max(300).optional() };

/** A typed slot. `default` fills an optional slot the client leaves out (required slots still have one, for previews). */
export const slotSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('image'), ...slotCommon, default: drawnPictureSchema.optional() }),
  z.object({ type: z.literal('video'), ...slotCommon, default: drawnPictureSchema.optional() }),
  z.object({
    type: z.literal('audio'),
    ...slotCommon,
    /** Default: a built-in music track of this category (GET /api/music_categories/). */
    default: z.object({ musicCategory: z.string().max(40) }).optional(),
  }),
  z.object({ type: z.literal('text'), ...slotCommon, maxChars: z.number().int().min(1).max(2000).default(80), default: z.string().max(2000).optional() }),
  z.object({ type: z.literal('avatar'), ...slotCommon, default: z.string().max(64).optional() }),
  z.object({
    type: z.literal('voiceover'),
    ...slotCommon,
    maxChars: z.number().int().min(1).max(5000).default(1000),
    default: z.string().max(5000).optional(),
    /** The voice used when the client names none. */
    defaultVoiceId: z.string().max(64).optional(),
  }),
]);
export type TemplateSlot = z.infer<typeof slotSchema>;

const timing = {
  startSeconds: z.number().min(0).optional(),
  endSeconds: z.number().min(0).optional(),
};

export const layerSchema = z.discriminatedUnion('kind', [
  /** A picture slot in a box. */
  z.object({
    kind: z.literal('image'),
    slot: slotName,
    box: boxSchema,
    fit: z.enum(FIT_RULES).default('contain'),
    shape: z.enum(['normal', 'circle']).default('normal'),
    ...timing,
  }),
  z.object({ kind: z.literal('video'), slot: slotName, box: boxSchema, fit: z.enum(FIT_RULES).default('crop'), loop: z.boolean().default(true), ...timing }),
  /** A text slot, or fixed text (`text`), centred in its box. */
  z.object({
    kind: z.literal('text'),
    slot: slotName.optional(),
    text: z.string().max(300).optional(),
    box: boxSchema,
    style: textStyleSchema.default(textStyleSchema.parse({})),
    ...timing,
  }),
  /** A plain coloured panel (decoration). */
  z.object({ kind: z.literal('panel'), color: hexColor, box: boxSchema, ...timing }),
  /** The avatar of `slot` speaking the voiceover of `speaks`. */
  z.object({ kind: z.literal('avatar'), slot: slotName, speaks: slotName, box: boxSchema, shape: z.enum(['normal', 'circle']).default('normal'), ...timing }),
]);
export type TemplateLayer = z.infer<typeof layerSchema>;

export const backgroundSchema = z.union([
  z.object({ color: hexColor }),
  z.object({ slot: slotName, fit: z.enum(FIT_RULES).default('crop'), motion: z.enum(MOTIONS).optional() }),
  z.object({ drawn: drawnPictureSchema, motion: z.enum(MOTIONS).optional() }),
]);
export type TemplateBackground = z.infer<typeof backgroundSchema>;

export const sceneSchema = z.object({
  /** Fixed length: the scene's seconds. From-voiceover length: its share, scaled so the scenes fill the voiceover. */
  seconds: z.number().gt(0).max(120),
  background: backgroundSchema,
  layers: z.array(layerSchema).max(24).default([]),
  transition: z.object({ kind: z.enum(TRANSITIONS), seconds: z.number().min(0.1).max(2).default(0.5) }).optional(),
});
export type TemplateScene = z.infer<typeof sceneSchema>;

export const lengthRuleSchema = z.discriminatedUnion('rule', [
  z.object({ rule: z.literal('fixed') }),
  z.object({
    rule: z.literal('voiceover'),
    slot: slotName,
    /** Seconds after the voice ends. */
    tailSeconds: z.number().min(0).max(10).default(1),
    minSeconds: z.number().min(1).max(300).default(3),
    maxSeconds: z.number().min(1).max(300).default(180),
  }),
]);
export type LengthRule = z.infer<typeof lengthRuleSchema>;

export const templateSchema = z
  .object({
    format: z.literal(TEMPLATE_FORMAT_VERSION),
    // Lower-case UUID; any version (hand-written ids are fine).
    id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'a lower-case UUID'),
    name: z.string().min(1).max(120),
    description: z.string().max(500).default(''),
    category: z.string().max(60).default('general'),
    /** `custom` for Custom Templates, `dyoa` for the design-your-own list (GET /api/dyoa/); both render the same way. */
    family: z.enum(['custom', 'dyoa']).default('custom'),
    aspect: z.enum(TEMPLATE_ASPECTS),
    length: lengthRuleSchema.default({ rule: 'fixed' }),
    slots: z.record(slotName, slotSchema),
    scenes: z.array(sceneSchema).min(1).max(40),
    /** Captions of a voiceover slot's words. */
    captions: z.object({ slot: slotName, style: captionStyleSchema.default(captionStyleSchema.parse({})) }).optional(),
    /** Music under the whole video: an audio slot (client's or its default library track); ducked under the voice. */
    music: z.object({ slot: slotName, volume: z.number().min(0).max(1).default(0.25) }).optional(),
  })
  .superRefine((t, ctx) => {
    const need = (name: string, types: SlotType[], path: (string | number)[]): void => {
      const slot = t.slots[name];
      if (!slot) ctx.addIssue({ code: 'custom', path, message: `names slot "${name}", which is not declared` });
      else if (!types.includes(slot.type)) ctx.addIssue({ code: 'custom', path, message: `slot "${name}" is ${slot.type}, expected ${types.join(' or ')}` });
    };
    t.scenes.forEach((scene, i) => {
      if ('slot' in scene.background) need(scene.background.slot, ['image', 'video'], ['scenes', i, 'background', 'slot']);
      scene.layers.forEach((layer, j) => {
        const path = ['scenes', i, 'layers', j];
        if (layer.kind === 'image') need(layer.slot, ['image'], [...path, 'slot']);
        if (layer.kind === 'video') need(layer.slot, ['video', 'image'], [...path, 'slot']);
        if (layer.kind === 'text') {
          if (layer.slot) need(layer.slot, ['text'], [...path, 'slot']);
          else if (layer.text === undefined) ctx.addIssue({ code: 'custom', path, message: 'a text layer needs `slot` or `text`' });
        }
        if (layer.kind === 'avatar') {
          need(layer.slot, ['avatar'], [...path, 'slot']);
          need(layer.speaks, ['voiceover'], [...path, 'speaks']);
        }
      });
    });
    if (t.length.rule === 'voiceover') need(t.length.slot, ['voiceover'], ['length', 'slot']);
    if (t.captions) need(t.captions.slot, ['voiceover'], ['captions', 'slot']);
    if (t.music) need(t.music.slot, ['audio'], ['music', 'slot']);
    for (const [name, slot] of Object.entries(t.slots)) {
      // Previews render from defaults, so every slot a preview needs must have one (voiceovers may be silent).
      if (slot.default === undefined && slot.type !== 'voiceover' && slot.type !== 'video') {
        ctx.addIssue({
          code: 'custom',
          path: ['slots', name, 'default'],
          message: 'every image, text, audio and avatar slot needs a default (previews are made from them)',
        });
      }
    }
  });

export type Template = z.infer<typeof templateSchema>;
/** A template as written in a JSON file (defaults not yet applied). */
export type TemplateFile = z.input<typeof templateSchema>;

export type TemplateParseResult = { ok: true; template: Template } | { ok: false; problems: string[] };

/** Validates a template read from JSON; problems are `path: message` lines for the log. */
export function parseTemplate(json: unknown): TemplateParseResult {
  const parsed = templateSchema.safeParse(json);
  if (parsed.success) return { ok: true, template: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`) };
}

/** The catalog's `variables` map, derived from the slots: `{name: {type, required}}`. */
export function templateVariables(template: Pick<Template, 'slots'>): Record<string, { type: SlotType; required: boolean }> {
  const out: Record<string, { type: SlotType; required: boolean }> = {};
  for (const [name, slot] of Object.entries(template.slots)) out[name] = { type: slot.type, required: slot.required };
  return out;
}

/** Length of a fixed-length template in seconds (the sum of its scenes). */
export function fixedLengthSeconds(template: Pick<Template, 'scenes'>): number {
  return template.scenes.reduce((sum, s) => sum + s.seconds, 0);
}
