import { z } from 'zod';
import { pageQuery } from './common.js';

export const musicQuery = pageQuery.extend({
  category: z.string().max(100).optional(),
  search: z.string().max(200).optional(),
});
