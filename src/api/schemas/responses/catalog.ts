import { z } from 'zod';
import { ok, type OperationTable } from './operations.js';

/** The contract's pagination envelope around `item`. */
export function pageOf(item: z.ZodType) {
  return z.strictObject({
    count: z.number().describe('Total matching the filters'),
    page: z.number(),
    page_size: z.number(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export const musicCategoryResponse = z.strictObject({ id: z.string(), name: z.string(), description: z.string() });

export const musicTrackResponse = z.strictObject({
  id: z.string(),
  name: z.string(),
  url: z.string().describe('Works as background_music_url everywhere'),
  category: z.string(),
  category_id: z.string(),
  duration: z.number().describe('Seconds'),
  bpm: z.number(),
  key: z.string(),
  cover_url: z.null(),
  is_favorite: z.boolean(),
});

export const remainingCreditsResponse = z.strictObject({ remaining_credits: z.number() });

/** `GET /api/remaining_credits/`: the workspace's balance. */
export const workspaceOperations: OperationTable = {
  'GET /api/remaining_credits/': ok(remainingCreditsResponse),
};

export const musicOperations: OperationTable = {
  'GET /api/music_categories/': ok(z.array(musicCategoryResponse)),
  'GET /api/musics/': ok(pageOf(musicTrackResponse)),
};
