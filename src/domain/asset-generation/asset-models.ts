import type { AssetInputSpec } from './asset-inputs.js';

/**
 * The asset models the Asset Generator offers: what each is called, what it takes and what one
 * output costs. These definitions are what a create is validated against and what the schema
 * endpoints show; the work itself lives in `pipelines/asset-generation/` (one runner per id, checked
 * at start-up). No model here is a neural image generator: the built-in ones are image
 * processing, compositing and procedural drawing (README "Asset Generator"); prompt-to-image
 * models appear only when a remote images provider is configured.
 */
export const GENERATION_TYPES = ['text_to_image', 'image_to_image', 'text_to_video', 'image_to_video', 'video_to_video'] as const;
export type GenerationType = (typeof GENERATION_TYPES)[number];
export type AssetGenType = 'image' | 'video';

export interface AssetModel {
  /** The `model_name` a create names (`models[].id`). */
  id: string;
  name: string;
  description: string;
  generationType: GenerationType;
  /** What the outputs are: PNG pictures or MP4 videos. */
  genType: AssetGenType;
  creditsPerOutput: number;
  /** Runs at the configured remote images provider rather than on this machine. */
  remote: boolean;
  inputs: Readonly<Record<string, AssetInputSpec>>;
}

/** The option lists that come from the pipelines (`app/` passes them in, so the catalog follows them). */
export interface AssetModelOptions {
  sceneKinds: readonly string[];
  backgroundKinds: readonly string[];
  stillMotions: readonly string[];
  videoStyles: readonly string[];
  fontFamilies: readonly string[];
  /** The remote images provider's model name, or null when none is configured. */
  remoteModel: string | null;
}

export const MAX_OUTPUT_NUMS = 4;
export const ASPECT_RATIOS = ['1:1', '16:9', '9:16', '4:5', '4:3', '3:4', '1x1', '16x9', '9x16', '4x5', '4x3', '3x4'] as const;
export const VIDEO_ASPECT_RATIOS = ['16:9', '9:16', '1:1', '16x9', '9x16', '1x1'] as const;
export const VIDEO_RESOLUTIONS = ['360p', '720p', '1080p'] as const;
/** Longest side of a picture input; larger photos are refused at create (400 on the field). */
export const MAX_INPUT_SIDE_PX = 4096;
export const MAX_VIDEO_INPUT_SECONDS = 30;
/** A video output is priced like a direct render: 5 credits per started 30 s, and none is longer. */
export const VIDEO_CREDITS_PER_OUTPUT = 5;

const outputNums: AssetInputSpec = {
  type: 'integer',
  required: false,
  default: 1,
  minimum: 1,
  maximum: MAX_OUTPUT_NUMS,
  description: `How many outputs to make (1–${MAX_OUTPUT_NUMS}); each is a seeded variation and each is charged.`,
};
const image = (description = 'The picture to work on (URL or multipart upload): PNG, JPEG or WebP.', maxSidePx = MAX_INPUT_SIDE_PX): AssetInputSpec => ({
  type: 'image',
  required: true,
  description: `${description} Longest side at most ${maxSidePx} px.`,
  maxSidePx,
});
const aspect = (fallback = '1:1', options: readonly string[] = ASPECT_RATIOS): AssetInputSpec => ({
  type: 'string',
  required: false,
  default: fallback,
  options,
  description: 'Shape of the output (width:height).',
});
const size = (fallback = 1024): AssetInputSpec => ({
  type: 'integer',
  required: false,
  default: fallback,
  minimum: 64,
  maximum: 2048,
  description: "Length of the output's longer side, in pixels.",
});
const colour = (fallback: string, description: string): AssetInputSpec => ({ type: 'color', required: false, default: fallback, description });
const number = (fallback: number, minimum: number, maximum: number, description: string, integer = false): AssetInputSpec => ({
  type: integer ? 'integer' : 'number',
  required: false,
  default: fallback,
  minimum,
  maximum,
  description,
});
const text = (maxLength: number, description: string, required = true, fallback?: string): AssetInputSpec => ({
  type: 'string',
  required,
  maxLength,
  description,
  ...(fallback !== undefined ? { default: fallback } : {}),
});
const choice = (options: readonly string[], fallback: string, description: string): AssetInputSpec => ({
  type: 'string',
  required: false,
  default: fallback,
  options,
  description,
});

type Def = Omit<AssetModel, 'remote' | 'genType' | 'inputs'> & { inputs: Record<string, AssetInputSpec> };

function imageModel(d: Def): AssetModel {
  return { ...d, genType: 'image', remote: false, inputs: { ...d.inputs, output_nums: outputNums } };
}

function videoModel(d: Omit<Def, 'creditsPerOutput'>): AssetModel {
  return { ...d, genType: 'video', creditsPerOutput: VIDEO_CREDITS_PER_OUTPUT, remote: false, inputs: { ...d.inputs, output_nums: outputNums } };
}

const title = (s: string) =>
  s
    .split(/[-_]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** Style filters: one picture in, the same picture restyled (same size). */
function styleFilters(): AssetModel[] {
  const f = (id: string, name: string, description: string, inputs: Record<string, AssetInputSpec> = {}, creditsPerOutput = 0.5) =>
    imageModel({ id, name, description, generationType: 'image_to_image', creditsPerOutput, inputs: { image_url: image(), ...inputs } });
  return [
    f(
      'pixel-art',
      'Pixel art',
      'Blocky pixel art: the picture shrunk to a grid of cells and reduced to a small palette, then enlarged without smoothing. Variations shift the grid and palette.',
      {
        pixel_size: number(8, 2, 64, 'Size of one pixel-art cell, in output pixels.', true),
        colors: number(16, 2, 64, 'Colours in the palette.', true),
      },
    ),
    f(
      'line-art',
      'Line art',
      "Dark outlines on white traced from the picture's edges (a Sobel edge detector, thresholded). Not a drawing model: it keeps the picture's own edges. Variations change the line threshold.",
      {
        line_weight: number(1, 1, 4, 'Thickness of the lines, in pixels.', true),
      },
    ),
    f('cartoon', 'Cartoon', 'Flat cartoon look: smoothed, colours reduced to a few bands, dark edges drawn over. Variations change the banding.', {
      levels: number(6, 3, 12, 'Colour bands.', true),
    }),
    f(
      'posterize',
      'Posterize',
      'Poster look: the picture reduced to at most `colors` flat colours (palette quantisation, no dithering). Variations pick slightly different palettes.',
      {
        colors: number(6, 2, 32, 'Most colours in the output.', true),
      },
    ),
    f(
      'watercolor',
      'Watercolour',
      'Soft watercolour look: colours smoothed and bled, edges darkened like pigment pooling, a paper texture laid over. Variations change the paper.',
    ),
    f(
      'duotone',
      'Duotone',
      "Two-colour print: each pixel's brightness mapped onto the line from the shadow colour to the highlight colour. Variations change the contrast curve.",
      {
        shadow_color: colour('#1b1f5e', 'Colour of the darkest tones.'),
        highlight_color: colour('#ff7a59', 'Colour of the brightest tones.'),
      },
    ),
    f('vintage', 'Vintage', 'Faded film look: warm sepia tone, lifted blacks, soft vignette and film grain. Variations change the grain.', {
      strength: number(0.8, 0, 1, 'How strong the effect is (0–1).'),
    }),
    f(
      'cinematic-grade',
      'Cinematic grade',
      "Teal-and-orange colour grade with added contrast, optionally with letterbox bars. Variations change the grade's warmth.",
      {
        letterbox: { type: 'boolean', required: false, default: false, description: 'Adds 2.39:1 black bars at the top and bottom.' },
        strength: number(0.8, 0, 1, 'How strong the grade is (0–1).'),
      },
    ),
    f(
      'black-and-white',
      'Black and white',
      "Monochrome with a photographer's colour filter (which colours turn light) and a contrast curve. Variations change the contrast.",
      {
        filter: choice(['neutral', 'red', 'green', 'blue'], 'neutral', 'Colour filter: red darkens skies, green lightens foliage.'),
      },
    ),
    f(
      'pencil-sketch',
      'Pencil sketch',
      'Grey pencil sketch (colour dodge of the inverted, blurred picture over itself) on paper. Variations change the stroke softness.',
    ),
    f(
      'halftone',
      'Halftone',
      'Print halftone: the picture redrawn as dots whose size follows its brightness, per colour or in black. Variations shift the dot grid.',
      {
        dot_size: number(8, 4, 32, 'Spacing of the dot grid, in pixels.', true),
        mode: choice(['color', 'mono'], 'color', 'Coloured dots or black dots on white.'),
      },
    ),
  ];
}

export function builtinAssetModels(o: AssetModelOptions): AssetModel[] {
  const sceneKinds = o.sceneKinds;
  const models: AssetModel[] = [
    imageModel({
      id: 'background-removal',
      name: 'Background removal',
      generationType: 'image_to_image',
      creditsPerOutput: 1,
      description:
        'The main object (a product or a person) cut out of the photo: a PNG of the same size with the background transparent. Uses the configured cut-out engine. Variations change the edge softness.',
      inputs: { image_url: image() },
    }),
    imageModel({
      id: 'background-replace',
      name: 'Background replace',
      generationType: 'image_to_image',
      creditsPerOutput: 2,
      description:
        "The object cut out of the photo and placed in a built-in scene (procedural: studio gradient, podium, wood, marble …), with its shadow. The object's pixels are never redrawn. Variations give another take of the scene.",
      inputs: {
        image_url: image(),
        scene: {
          type: 'string',
          required: false,
          default: sceneKinds[0] ?? 'studio-gradient',
          options: sceneKinds,
          description: 'The scene to place the object in.',
        },
        aspect_ratio: aspect(),
        size: size(),
      },
    }),
    imageModel({
      id: 'product-staging',
      name: 'Product staging',
      generationType: 'image_to_image',
      creditsPerOutput: 2,
      description:
        "The product cut out of the photo and staged in a setting drawn from the prompt's words: the place (studio, kitchen, beach, forest, mountain, city), the surface (marble, granite, wood, podium, fabric, glossy floor …), the time (day, sunset, night), colours (teal, navy …, pastel, warm, cool) and the mood (calm, bold, luxury, playful, minimal, energetic). Built-in scenes are procedural, not generated by a neural model. Variations give other takes of the same words.",
      inputs: {
        image_url: image(),
        prompt: text(500, 'Words that choose the setting: place, surface, time of day, colours, mood ("granite ledge in the mountains, calm, sunset").'),
        aspect_ratio: aspect(),
        size: size(),
      },
    }),
    imageModel({
      id: 'scene-from-prompt',
      name: 'Scene from a prompt',
      generationType: 'text_to_image',
      creditsPerOutput: 1,
      description:
        "A setting drawn from the prompt's words, with room in front for a product: the place (studio, kitchen, beach, forest, mountain, city), the surface (marble, granite, wood, sand, concrete, moss), the time (day, sunset, night), colours (teal, navy, coral …, and pastel, warm, cool) and the mood (calm, bold, luxury, playful, minimal, energetic). Procedural drawing, not a neural generator: it draws these words and ignores the rest. Variations change the details.",
      inputs: {
        prompt: text(500, 'Words that choose the setting: place, surface, time of day, colours, mood ("teal kitchen, granite counter, calm morning").'),
        aspect_ratio: aspect('16:9'),
        size: size(),
      },
    }),
    imageModel({
      id: 'portrait-blur',
      name: 'Portrait blur',
      generationType: 'image_to_image',
      creditsPerOutput: 1,
      description:
        'Shallow depth of field: the people in the photo (a person segmentation mask) kept sharp, the background blurred. Variations change the blur slightly.',
      inputs: { image_url: image(), blur_radius: number(12, 2, 40, 'Strength of the background blur (Gaussian sigma, pixels).', true) },
    }),
    imageModel({
      id: 'upscale-2x',
      name: 'Upscale 2×',
      generationType: 'image_to_image',
      creditsPerOutput: 1,
      description:
        'Exactly twice the width and height: Lanczos-3 resampling followed by an unsharp mask. Not a neural upscaler: it cannot invent detail the photo does not have. Variations change the sharpening.',
      inputs: { image_url: image(undefined, 2048), sharpen: number(1, 0, 2, 'Sharpening strength (0 = plain resampling).') },
    }),
    imageModel({
      id: 'upscale-4x',
      name: 'Upscale 4×',
      generationType: 'image_to_image',
      creditsPerOutput: 2,
      description:
        'Exactly four times the width and height: Lanczos-3 resampling followed by an unsharp mask. Not a neural upscaler: it cannot invent detail the photo does not have. Variations change the sharpening.',
      inputs: { image_url: image(undefined, 1024), sharpen: number(1, 0, 2, 'Sharpening strength (0 = plain resampling).') },
    }),
    imageModel({
      id: 'outpaint',
      name: 'Extend canvas',
      generationType: 'image_to_image',
      creditsPerOutput: 1.5,
      description:
        "The canvas extended to another shape, the original kept untouched in the middle: the new edges are the picture's own borders mirrored, blurred and colour-matched. Not generative fill: nothing new is drawn. Variations change the blur.",
      inputs: {
        image_url: image(undefined, 2048),
        aspect_ratio: { ...aspect('16:9'), required: true },
        blur_radius: number(18, 2, 60, 'Blur of the extended edges (Gaussian sigma, pixels).', true),
      },
    }),
    imageModel({
      id: 'product-color-variant',
      name: 'Product colour variant',
      generationType: 'image_to_image',
      creditsPerOutput: 1,
      description:
        'The product recoloured and nothing else: its cut-out mask decides where, its hue is shifted there (shading and highlights kept), the background stays untouched. Without a hue or colour, each output gets a different seeded hue.',
      inputs: {
        image_url: image(),
        hue_shift_degrees: { type: 'integer', required: false, minimum: -180, maximum: 180, description: "Turn the product's hue by this many degrees." },
        target_color: { type: 'color', required: false, description: 'Recolour the product towards this colour (overrides hue_shift_degrees).' },
      },
    }),
    ...styleFilters(),
    imageModel({
      id: 'text-card',
      name: 'Text card',
      generationType: 'text_to_image',
      creditsPerOutput: 0.5,
      description:
        'A card with your text set large and centred on a colour or a procedural background (satori layout, rendered by resvg). Variations change the background.',
      inputs: {
        text: text(300, 'The text on the card.'),
        background_color: colour('#1e293b', 'Background colour.'),
        text_color: colour('#ffffff', 'Text colour.'),
        font_family: choice(o.fontFamilies, o.fontFamilies[0] ?? 'Montserrat', 'Typeface.'),
        aspect_ratio: aspect(),
        size: size(),
      },
    }),
    imageModel({
      id: 'quote-card',
      name: 'Quote card',
      generationType: 'text_to_image',
      creditsPerOutput: 0.5,
      description: 'A quotation with large quote marks and its author, set on a soft gradient (satori + resvg). Variations change the gradient.',
      inputs: {
        quote: text(400, 'The quotation.'),
        author: text(80, 'Who said it.', false),
        background_color: colour('#f5efe6', 'Background colour.'),
        text_color: colour('#1f2937', 'Text colour.'),
        font_family: choice(o.fontFamilies, o.fontFamilies[0] ?? 'Montserrat', 'Typeface.'),
        aspect_ratio: aspect(),
        size: size(),
      },
    }),
    imageModel({
      id: 'sale-banner',
      name: 'Sale banner',
      generationType: 'text_to_image',
      creditsPerOutput: 1,
      description:
        'A sale banner: headline, discount badge, optional subtitle and call to action, on a bold background; with a product photo, the product is cut out and placed on it. Variations change the layout accents.',
      inputs: {
        headline: text(60, 'The headline ("SUMMER SALE").'),
        discount: text(20, 'The badge text ("-30%").', false),
        subtitle: text(120, 'A line under the headline.', false),
        cta: text(30, 'The button text.', false, 'Shop now'),
        image_url: { ...image('An optional product photo, cut out and placed on the banner.'), required: false },
        background_color: colour('#e11d48', 'Background colour.'),
        text_color: colour('#ffffff', 'Text colour.'),
        aspect_ratio: aspect('16:9'),
        size: size(),
      },
    }),
    imageModel({
      id: 'thumbnail-title',
      name: 'Thumbnail with title',
      generationType: 'image_to_image',
      creditsPerOutput: 1,
      description:
        "A video thumbnail: the photo cropped to the shape, darkened towards the bottom, with a large title over it (satori + resvg). Variations change the title's accent colour.",
      inputs: { image_url: image(), title: text(80, 'The title.'), aspect_ratio: aspect('16:9'), size: size(1280) },
    }),
    imageModel({
      id: 'collage',
      name: 'Collage',
      generationType: 'image_to_image',
      creditsPerOutput: 1,
      description:
        'Several pictures in one layout (grid, strips or a mosaic with one large cell), each cropped to fill its cell. Variations shuffle the order.',
      inputs: {
        image_urls: {
          type: 'image_list',
          required: true,
          minItems: 2,
          maxItems: 9,
          maxSidePx: MAX_INPUT_SIDE_PX,
          description: 'The pictures (2–9 URLs or uploads).',
        },
        layout: choice(['grid', 'horizontal', 'vertical', 'mosaic'], 'grid', 'How the cells are arranged.'),
        gap_px: number(8, 0, 40, 'Space between cells, in pixels.', true),
        background_color: colour('#ffffff', 'Colour between the cells.'),
        aspect_ratio: aspect(),
        size: size(),
      },
    }),
    ...o.backgroundKinds.map((kind) =>
      imageModel({
        id: `background-${kind}`,
        name: `${title(kind)} background`,
        generationType: 'text_to_image',
        creditsPerOutput: 0.5,
        description: `A procedural ${kind.replace(/-/g, ' ')} background drawn from your colours (no neural model). Variations use another seed.`,
        inputs: {
          color_1: colour('#0f172a', 'Main colour.'),
          color_2: colour('#38bdf8', 'Second colour.'),
          color_3: { type: 'color', required: false, description: 'Optional third colour.' },
          aspect_ratio: aspect(),
          size: size(),
        },
      }),
    ),
    ...o.stillMotions.map((motion) =>
      videoModel({
        id: `image-to-video-${motion}`,
        name: `Image to video: ${title(motion)}`,
        generationType: 'image_to_video',
        description:
          {
            'ken-burns': 'A still turned into a video by a slow Ken Burns pan and zoom (MP4, H.264). Variations change the direction.',
            parallax:
              'A still turned into a video with depth: the cut-out subject moves apart from its background (2.5D parallax, MP4). Variations change the direction.',
            'zoom-to-detail':
              'A still turned into a video that pushes in to the subject (found by the cut-out engine), MP4. Variations change the ending framing.',
          }[motion] ?? `A still turned into a video by the ${motion} motion (MP4, H.264). Variations change the direction.`,
        inputs: {
          image_url: image(),
          duration_seconds: number(5, 2, 15, 'Length of the video, in seconds.'),
          aspect_ratio: { ...aspect('16:9', VIDEO_ASPECT_RATIOS) },
          resolution: choice(VIDEO_RESOLUTIONS, '1080p', 'Output resolution (short side).'),
        },
      }),
    ),
    videoModel({
      id: 'video-stylize',
      name: 'Video stylise',
      generationType: 'video_to_video',
      description:
        'A video restyled frame by frame by ffmpeg filters (colour grades and looks), sound kept. Not a neural restyle. With several outputs, each uses the next style after the chosen one.',
      inputs: {
        video_url: {
          type: 'video',
          required: true,
          maxDurationSeconds: MAX_VIDEO_INPUT_SECONDS,
          description: `The video (URL or multipart upload): MP4 or MOV, at most ${MAX_VIDEO_INPUT_SECONDS} s.`,
        },
        style: choice(o.videoStyles, o.videoStyles[0] ?? 'cinematic', 'The look.'),
      },
    }),
  ];
  return o.remoteModel ? [...models, ...remoteAssetModels(o.remoteModel)] : models;
}

/** The remote provider's models, named by its model: prompt to image, and an edit of a picture. */
export function remoteAssetModels(model: string): AssetModel[] {
  const prompt = text(1000, 'What to draw.');
  return [
    {
      id: model,
      name: `${model} (remote)`,
      generationType: 'text_to_image',
      genType: 'image',
      creditsPerOutput: 3,
      remote: true,
      description: `Remote: prompt to image by the configured images provider (${model}, OpenAI-compatible /v1/images/generations). Runs outside this machine.`,
      inputs: { prompt, aspect_ratio: aspect(), size: size(), output_nums: outputNums },
    },
    {
      id: `${model}-edit`,
      name: `${model} edit (remote)`,
      generationType: 'image_to_image',
      genType: 'image',
      creditsPerOutput: 3,
      remote: true,
      description: `Remote: the picture repainted by the prompt by the configured images provider (${model}, /v1/images/edits). Runs outside this machine.`,
      inputs: { image_url: image(), prompt, output_nums: outputNums },
    },
  ];
}
