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
  /** `crop`, `compose` or `designed` (banner-layout.ts); shown in docs, not on the wire. */
  layout: z.string().optional(),
});

/**
 * What the banners say, frozen from a link at create (an extension: the contract's body has only
 * `image`): the product's name, its price, the logo's URL and the call to action. Null parts are
 * not drawn.
 */
export const iabCopySchema = z.object({
  linkId: z.string(),
  headline: z.string().nullable(),
  price: z.object({ amount: z.number(), currency: z.string().nullable() }).nullable(),
  logoUrl: z.string().nullable(),
  cta: z.string().nullable(),
});
export type IabCopy = z.infer<typeof iabCopySchema>;

/** IAB Images: the twelve IAB-standard PNG banners of one photo, 2 credits a request. */
export const iabKind = defineTaskKind({
  kind: 'iab_images',
  jobs: { make: 'iab_images.make' },
  // Tasks made before links were taken have no `copy`: they read as a plain picture.
  input: z.object({ imageUrl: z.string(), copy: iabCopySchema.nullable().default(null) }),
  result: z.looseObject({
    banners: z.array(bannerFile).optional(),
  }),
  price: (_step: 'make', _input, _measured: Record<string, never>) => credits(IAB_CREDITS_PER_REQUEST),
  files: { banners: 'banners' },
});
