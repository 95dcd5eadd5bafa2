import { z } from 'zod';
import { textUpTo } from './text-field.js';
import { AVATAR_GENDERS } from '../../domain/catalog/avatars.js';
import { GENDER_ALIASES } from '../../domain/avatars/custom-avatar-service.js';
import { namedChoice } from './choices.js';
import { httpUrl, mediaUrl, webhookUrl } from './common.js';

/** m, f or nb; words (male, woman, non-binary …) in any case are read as them. */
const gender = namedChoice(AVATAR_GENDERS, (value) => {
  const v = value.trim().toLowerCase();
  return !v || (AVATAR_GENDERS as readonly string[]).includes(v) || v in GENDER_ALIASES;
});

/** One label or several: JSON sends an array, a form may send a single value. */
const labels = z.union([z.array(z.string().max(100)).max(50), z.string().max(100)]).transform((v) => (Array.isArray(v) ? v : [v]));
/** Keywords are one comma-separated string in the contract; an array is joined. */
const keywords = z.union([z.string().max(1000), z.array(z.string().max(100)).max(50)]).transform((v) => (Array.isArray(v) ? v.join(', ') : v));
const media = mediaUrl(1000).nullish();

/**
 * POST /api/personas/ and /api/personas_v2/ share one body (the two differ in which fields are
 * required and which name is primary; the domain decides, so messages name the right field).
 * Media fields take a URL or a multipart file part (`upload:` value).
 */
const customAvatarFields = z
  .object({
    name: textUpTo(255).nullish(),
    creator_name: textUpTo(255).nullish(),
    video_url: media,
    lipsync_input: media,
    image_url: media,
    gdown_url: httpUrl(1000).nullish(),
    consent_video: media,
    gender: gender.nullish(),
    video_scene: z.string().max(1000).nullish(),
    keywords: keywords.nullish(),
    labels: labels.nullish(),
    webhook_url: webhookUrl,
  })
  .passthrough();

/** Made from one source: a video of the person (either name, or a Google Drive link) or a portrait, not both. */
const ONE_SOURCE = [
  ...['video_url', 'lipsync_input', 'gdown_url'].map((name) => ({ required: [name], properties: { [name]: { type: 'string' }, image_url: { type: 'null' } } })),
  {
    required: ['image_url'],
    properties: { image_url: { type: 'string' }, video_url: { type: 'null' }, lipsync_input: { type: 'null' }, gdown_url: { type: 'null' } },
  },
];
const named = (name: string) => ({ required: [name], properties: { [name]: { type: 'string', pattern: '\\S' } } });

/** v1: a name (`name`, or `creator_name`) and one source. */
export const customAvatarBody = customAvatarFields.meta({ allOf: [{ anyOf: [named('name'), named('creator_name')] }, { anyOf: ONE_SOURCE }] });

/** v2 also needs the person's gender and a consent recording. */
export const customAvatarV2Body = customAvatarFields.meta({
  allOf: [
    { anyOf: [named('creator_name'), named('name')] },
    { anyOf: ONE_SOURCE },
    { required: ['gender', 'consent_video'], properties: { gender: { type: 'string' }, consent_video: { type: 'string' } } },
  ],
});

const blankMessage = 'This field may not be blank.';

export const customAvatarPatchBody = z
  .object({
    name: z.string().min(1, blankMessage).max(255, 'Ensure this field has no more than 255 characters.').nullish(),
    creator_name: z.string().min(1, blankMessage).max(255, 'Ensure this field has no more than 255 characters.').nullish(),
    keywords: keywords.nullish(),
    labels: labels.nullish(),
  })
  .passthrough();

export const customAvatarCount = z.object({ used: z.number(), limit: z.number(), remaining: z.number() });
