import { z } from 'zod';
import { AVATAR_GENDERS, type AvatarGender } from '../catalog/avatars.js';
import type { PersonaAspect } from '../catalog/avatars-personas.js';
import { defineTaskKind } from '../tasks/task-kind.js';

// What a custom avatar's task keeps; custom-avatars.ts reads it as a persona and a record.
export type CustomAvatarVersion = 'v1' | 'v2';

/** A client's picture or video, kept in blob storage from the moment the avatar is created. */
export interface StoredMedia {
  /** The request field it came in (for messages). */
  field: string;
  /** What the client sent (URL or `upload:` reference), echoed back. */
  value: string;
  key: string;
  kind: 'image' | 'video';
  durationSeconds: number | null;
}

export type CustomAvatarInput = {
  version: CustomAvatarVersion;
  name: string;
  gender: AvatarGender | null;
  keywords: string[];
  labels: string[];
  videoScene: string | null;
  source: StoredMedia;
  consent: StoredMedia | null;
  /** The voice the avatar speaks with when a request names none (chosen by gender at create). */
  defaultVoiceId: string | null;
};

/** The face on the still, in the still's pixels (the 68 landmarks the animator warps). */
export interface StoredFace {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  landmarks68: [number, number][];
}

export interface ConsentOutcome {
  verified: boolean;
  /** Descriptor distance between the avatar's face and the consent's face. */
  distance: number;
  threshold: number;
}

// Tied to the interfaces above, so the stored shape and the model cannot drift apart.
const storedMedia: z.ZodType<StoredMedia> = z.object({
  field: z.string(),
  value: z.string(),
  key: z.string(),
  kind: z.enum(['image', 'video']),
  durationSeconds: z.number().nullable(),
});
const storedFace: z.ZodType<StoredFace> = z.object({
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  score: z.number(),
  landmarks68: z.array(z.tuple([z.number(), z.number()])),
});
const consentOutcome: z.ZodType<ConsentOutcome> = z.object({ verified: z.boolean(), distance: z.number(), threshold: z.number() });

const input: z.ZodType<CustomAvatarInput> = z.object({
  version: z.enum(['v1', 'v2']).default('v1'),
  name: z.string(),
  gender: z.enum(AVATAR_GENDERS).nullable().default(null),
  keywords: z.array(z.string()).default([]),
  labels: z.array(z.string()).default([]),
  videoScene: z.string().nullable().default(null),
  source: storedMedia,
  consent: storedMedia.nullable().default(null),
  defaultVoiceId: z.string().nullable().default(null),
});

/**
 * Custom avatars are tasks of this kind: created processing, built by a job, shown as personas.
 * Free (the hold is 0); the sources are kept at create under the account's `custom-avatars/`
 * folder (before the task exists), what the job makes under the task's folder.
 */
export const customAvatarKind = defineTaskKind({
  kind: 'custom_avatar',
  jobs: { build: 'custom_avatar.build' },
  input,
  result: z.looseObject({
    stillKey: z.string().optional(),
    face: storedFace.optional(),
    thumbnailKey: z.string().optional(),
    previewImageKeys: z.object({ '16:9': z.string().optional(), '1:1': z.string().optional(), '9:16': z.string().optional() }).optional(),
    consent: consentOutcome.nullish(),
    stillFromSeconds: z.number().nullish(),
  }),
  price: (_step: 'build', _input, _measured: null) => 0,
  files: {
    still: 'still.jpg',
    thumbnail: 'thumbnail.jpg',
    /** The still framed for one of the persona aspects (`preview-16x9.jpg`). */
    previewImage: (aspect: PersonaAspect) => `preview-${aspect.replace(':', 'x')}.jpg`,
  },
});
