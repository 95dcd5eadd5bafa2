import { z } from 'zod';
import { taskEnvelopeShape } from './task.js';
import { created, paid, readOperations, type OperationTable } from './operations.js';

/** `api/wire/iab-images.ts`. */
export const iabTaskResponse = z
  .strictObject({
    ...taskEnvelopeShape,
    image: z.string().nullable(),
    output: z
      .array(
        z.strictObject({
          name: z.string().describe('e.g. mobile_320x50'),
          size: z.string().describe('WxH in pixels'),
          url: z.string().describe('Signed, expiring URL of the PNG'),
          type: z.enum(['mobile', 'desktop']),
        }),
      )
      .nullable()
      .describe('The twelve IAB banners (PNG), once done'),
  })
  .describe('An IAB Images task');

export const iabImagesOperations: OperationTable = {
  'POST /api/iab_images/': created(iabTaskResponse, paid),
  ...readOperations('/api/iab_images/', iabTaskResponse),
};
