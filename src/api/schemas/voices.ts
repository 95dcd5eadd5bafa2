import { z } from 'zod';
import { pageQuery } from './common.js';

export const voicesPageQuery = pageQuery.extend({
  language: z.string().max(20).optional(),
  gender: z.enum(['male', 'female']).optional(),
});
