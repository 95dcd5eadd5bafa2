import { z } from 'zod';
import { AVATAR_AGE_RANGES, AVATAR_GENDERS, AVATAR_INDUSTRIES, AVATAR_LOCATIONS, AVATAR_STYLES } from '../../domain/catalog/avatars.js';
import { documentedChoice } from './choices.js';
import { pageQuery } from './common.js';

const filter = (values: readonly string[], max: number) =>
  documentedChoice(values, max, 'One of these, or several separated by commas (any of them matches); case is ignored.');

/** The Avatars filters (comma-separated values allowed); values are checked in the domain so a 400 lists the allowed ones. */
export const personasQuery = pageQuery.extend({
  gender: filter(AVATAR_GENDERS, 100).optional(),
  age_range: filter(AVATAR_AGE_RANGES, 100).optional(),
  location: filter(AVATAR_LOCATIONS, 100).optional(),
  style: filter(AVATAR_STYLES, 100).optional(),
  keyword: z.string().max(200).optional(),
  suitable_industries: filter(AVATAR_INDUSTRIES, 1000).optional(),
  ids: z.string().max(4000).optional(),
});
