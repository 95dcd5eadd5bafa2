import { uuidV5 } from '../../core/ids.js';
import type { AssetInputSpec } from '../asset-generation/asset-inputs.js';

/**
 * Inspirations: pre-made styles a client fills with its own product photo or words. Each is a
 * recipe over the images family (staged scenes, procedural backgrounds, satori cards, still and
 * display motions, ffmpeg looks, the cut-out engine); `pipelines/inspirations/` holds one
 * recipe per slug (checked at start-up). Parameter names are the contract's keys, verbatim
 * ("Product Image", "Headline"), and are validated like asset model inputs.
 */
export interface Inspiration {
  /** UUIDv5 of the slug: the same on every machine. */
  id: string;
  /** The recipe's name in the pipelines. */
  slug: string;
  name: string;
  description: string;
  genType: 'image' | 'video';
  creditCost: number;
  categories: readonly string[];
  labels: readonly string[];
  params: Readonly<Record<string, AssetInputSpec>>;
  /** What the preview is made from (text parameters; pictures are the built-in sample product). */
  examples: Readonly<Record<string, string>>;
}

const INSPIRATION_ID_NAMESPACE = '7b0e4a52-3c1d-5e8f-9a6b-2d4c8e1f0a37';
export const inspirationIdOf = (slug: string): string => uuidV5(`inspiration:${slug}`, INSPIRATION_ID_NAMESPACE);

export const INSPIRATION_MAX_SIDE_PX = 4096;
export const INSPIRATION_MAX_VIDEO_SECONDS = 30;
export const INSPIRATION_RESOLUTIONS = ['360p', '720p', '1080p'] as const;

const picture = (description: string, required = true): AssetInputSpec => ({
  type: 'image',
  required,
  maxSidePx: INSPIRATION_MAX_SIDE_PX,
  description: `${description} PNG, JPEG or WebP (URL or multipart upload), longest side at most ${INSPIRATION_MAX_SIDE_PX} px.`,
});
const words = (maxLength: number, description: string, required = true, fallback?: string): AssetInputSpec => ({
  type: 'string',
  required,
  maxLength,
  description,
  ...(fallback !== undefined ? { default: fallback } : {}),
});
const colour = (fallback: string, description: string): AssetInputSpec => ({ type: 'color', required: false, default: fallback, description });
const resolution: AssetInputSpec = {
  type: 'string',
  required: false,
  default: '720p',
  options: INSPIRATION_RESOLUTIONS,
  description: 'Output resolution (the short side of the video).',
};

type Def = Omit<Inspiration, 'id'>;

const DEFS: Def[] = [
  {
    slug: 'marble-luxury',
    name: 'Marble Luxury',
    genType: 'image',
    creditCost: 2,
    description: 'Your product cut out and set on polished marble with a soft contact shadow: a square luxury still for feeds and shop pages.',
    categories: ['Product Photography'],
    labels: ['luxury', 'marble', 'square'],
    params: { 'Product Image': picture('The product photo; the product is cut out of it, never redrawn.') },
    examples: {},
  },
  {
    slug: 'podium-spotlight',
    name: 'Podium Spotlight',
    genType: 'image',
    creditCost: 2,
    description: 'Your product standing on a studio podium under a spotlight, on a backdrop tuned to its own colours (4:5 portrait).',
    categories: ['Product Photography'],
    labels: ['studio', 'podium', 'portrait'],
    params: { 'Product Image': picture('The product photo; the product is cut out of it, never redrawn.') },
    examples: {},
  },
  {
    slug: 'warm-wood-table',
    name: 'Warm Wood Table',
    genType: 'image',
    creditCost: 2,
    description: 'Your product on a warm wooden table top in soft light: a cosy lifestyle still (1:1).',
    categories: ['Product Photography', 'Lifestyle'],
    labels: ['wood', 'warm', 'square'],
    params: { 'Product Image': picture('The product photo; the product is cut out of it, never redrawn.') },
    examples: {},
  },
  {
    slug: 'flash-sale-banner',
    name: 'Flash Sale Banner',
    genType: 'image',
    creditCost: 1,
    description: 'A bold sale banner: your headline, a discount badge and a call to action, with your product cut out beside them (16:9).',
    categories: ['Promotion', 'Banners'],
    labels: ['sale', 'discount', 'landscape'],
    params: {
      'Product Image': picture('The product photo; the product is cut out and placed on the banner.'),
      Headline: words(60, 'The headline ("SUMMER SALE").'),
      Discount: words(20, 'The badge text ("-30%").', false),
      'Call To Action': words(30, 'The button text.', false, 'Shop now'),
      'Brand Color': colour('#e11d48', "The banner's background colour."),
    },
    examples: { Headline: 'FLASH SALE', Discount: '-40%' },
  },
  {
    slug: 'story-sale-poster',
    name: 'Story Sale Poster',
    genType: 'image',
    creditCost: 1,
    description: 'A tall 9:16 sale poster for stories: the product on top, the headline and offer stacked below on a dark background.',
    categories: ['Promotion', 'Stories'],
    labels: ['sale', 'vertical', 'story'],
    params: {
      'Product Image': picture('The product photo; the product is cut out and placed on the poster.'),
      Headline: words(60, 'The headline.'),
      Subtitle: words(120, 'A line under the headline.', false),
    },
    examples: { Headline: 'NEW ARRIVAL', Subtitle: 'Limited stock, ships today' },
  },
  {
    slug: 'quote-post',
    name: 'Quote Post',
    genType: 'image',
    creditCost: 1,
    description: 'A quotation with large quote marks and its author on a soft gradient: a square post for testimonials.',
    categories: ['Social Posts'],
    labels: ['quote', 'testimonial', 'square'],
    params: { Quote: words(400, 'The quotation.'), Author: words(80, 'Who said it.', false) },
    examples: { Quote: 'Best purchase I made all year.', Author: 'A happy customer' },
  },
  {
    slug: 'announcement-card',
    name: 'Announcement Card',
    genType: 'image',
    creditCost: 1,
    description: 'Your announcement set large and centred on a solid colour (1:1): launches, openings, news.',
    categories: ['Social Posts'],
    labels: ['announcement', 'text', 'square'],
    params: {
      Headline: words(300, 'The announcement.'),
      'Background Color': colour('#1e293b', 'Background colour.'),
      'Text Color': colour('#ffffff', 'Text colour.'),
    },
    examples: { Headline: 'We are open this Sunday' },
  },
  {
    slug: 'youtube-thumbnail',
    name: 'YouTube Thumbnail',
    genType: 'image',
    creditCost: 1,
    description: 'Your photo cropped to 16:9, darkened towards the bottom, with a large title: a video thumbnail.',
    categories: ['Thumbnails'],
    labels: ['youtube', 'title', 'landscape'],
    params: { Photo: picture('The photo behind the title.'), Title: words(80, 'The title.') },
    examples: { Title: 'Unboxing the new bottle' },
  },
  {
    slug: 'retro-pop-print',
    name: 'Retro Pop Print',
    genType: 'image',
    creditCost: 2,
    description: 'Your product staged on a colour backdrop, then printed as colour halftone dots: a retro pop-art poster (1:1).',
    categories: ['Artistic'],
    labels: ['pop art', 'halftone', 'retro'],
    params: { 'Product Image': picture('The product photo; the product is cut out and staged first.') },
    examples: {},
  },
  {
    slug: 'vintage-film',
    name: 'Vintage Film',
    genType: 'image',
    creditCost: 1,
    description: 'Your photo as a faded film print: warm sepia, lifted blacks, vignette and grain (size kept).',
    categories: ['Artistic'],
    labels: ['vintage', 'film', 'retro'],
    params: { Photo: picture('The photo to age.') },
    examples: {},
  },
  {
    slug: 'orbit-showcase',
    name: 'Orbit Showcase',
    genType: 'video',
    creditCost: 5,
    description: 'A 6 s vertical product video: your product staged in a studio, the camera orbiting it, then pushing in (9:16 MP4).',
    categories: ['Product Video'],
    labels: ['orbit', 'studio', 'vertical'],
    params: { 'Product Image': picture('The product photo; the product is cut out and staged.'), Resolution: resolution },
    examples: {},
  },
  {
    slug: 'podium-turntable',
    name: 'Podium Turntable',
    genType: 'video',
    creditCost: 5,
    description: 'A 6 s vertical video: your product turning on a podium, then a light sweep across it (9:16 MP4).',
    categories: ['Product Video'],
    labels: ['turntable', 'podium', 'vertical'],
    params: { 'Product Image': picture('The product photo; the product is cut out and staged.'), Resolution: resolution },
    examples: {},
  },
  {
    slug: 'ken-burns-story',
    name: 'Ken Burns Story',
    genType: 'video',
    creditCost: 3,
    description: 'Your photo as a 6 s vertical story with a slow Ken Burns pan and zoom (9:16 MP4).',
    categories: ['Stories'],
    labels: ['ken burns', 'photo', 'vertical'],
    params: { Photo: picture('The photo to move through.'), Resolution: resolution },
    examples: {},
  },
  {
    slug: 'depth-parallax',
    name: 'Depth Parallax',
    genType: 'video',
    creditCost: 4,
    description: 'Your photo with depth: the cut-out subject drifts apart from its background for 5 s (2.5D parallax, 1:1 MP4).',
    categories: ['Product Video', 'Artistic'],
    labels: ['parallax', '3d', 'square'],
    params: { 'Product Image': picture('The photo; its main subject is cut out and moved apart from the background.'), Resolution: resolution },
    examples: {},
  },
  {
    slug: 'cinematic-look',
    name: 'Cinematic Look',
    genType: 'video',
    creditCost: 3,
    description: 'Your video given a teal-and-orange cinematic grade, frame by frame, sound kept (same size and length).',
    categories: ['Video Looks'],
    labels: ['cinematic', 'grade', 'filter'],
    params: {
      Video: {
        type: 'video',
        required: true,
        maxDurationSeconds: INSPIRATION_MAX_VIDEO_SECONDS,
        description: `The video (URL or multipart upload): MP4 or MOV, at most ${INSPIRATION_MAX_VIDEO_SECONDS} s.`,
      },
    },
    examples: {},
  },
];

export const INSPIRATIONS: readonly Inspiration[] = DEFS.map((d) => ({ ...d, id: inspirationIdOf(d.slug) }));

const BY_ID = new Map(INSPIRATIONS.map((i) => [i.id, i]));

export function findInspiration(id: string): Inspiration | null {
  return BY_ID.get(id) ?? null;
}
