import { z } from 'zod';
import { credits } from '../credits/prices.js';
import { defineTaskKind } from '../tasks/task-kind.js';

/** Credits per request of IAB Images (the contract's price list). */
export const IAB_CREDITS_PER_REQUEST = 2;

const bannerFile = z.looseObject({
  name: z.string(),
  size: z.string(),
  type: z.string(),
  key: z.string(),
  /** `crop` or `compose` (banner-layout.ts); shown in docs, not on the wire. */
  layout: z.string().optional(),
});

/** IAB Images: the twelve IAB-standard PNG banners of one photo, 2 credits a request. */
export const iabKind = defineTaskKind({
  kind: 'iab_images',
  jobs: { make: 'iab_images.make' },
  input: z.object({ imageUrl: z.string() }),
  result: z.looseObject({
    banners: z.array(bannerFile).optional(),
  }),
  price: (_step: 'make', _input, _measured: Record<string, never>) => credits(IAB_CREDITS_PER_REQUEST),
  files: { banners: 'banners' },
});
