import { z } from 'zod';
import { pageQuery } from './common.js';

/** The Avatars filters (comma-separated values allowed); values are checked in the domain so a 400 lists the allowed ones. */
export const personasQuery = pageQuery.extend({
  gender: z.string().max(100).optional(),
  age_range: z.string().max(100).optional(),
  location: z.string().max(100).optional(),
  style: z.string().max(100).optional(),
  keyword: z.string().max(200).optional(),
  suitable_industries: z.string().max(1000).optional(),
  ids: z.string().max(4000).optional(),
});
