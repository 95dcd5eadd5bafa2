import { z } from 'zod';
import { textUpTo } from './text-field.js';
import { AI_SCRIPT_VIDEO_LENGTHS, MAX_SCRIPT_STYLES } from '../../domain/text/ai-script-service.js';
import { SCRIPT_LANGUAGES } from '../../pipelines/text/languages.js';
import { SCRIPT_STYLE_NAMES } from '../../pipelines/text/script-styles.js';
import { boundedNumber, numberChoice } from './bounded-number.js';
import { documentedChoice, listedChoice } from './choices.js';

/** Form bodies send a list as repeated fields or one comma-separated value. */
const styleList = z.union([
  // The service counts (after the comma form is split) and names the limit; a union's own error would not.
  z.array(listedChoice(SCRIPT_STYLE_NAMES)).meta({ maxItems: MAX_SCRIPT_STYLES }),
  z
    .string()
    .meta({ enum: [...SCRIPT_STYLE_NAMES], description: 'One style, or several separated by commas.' })
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
]);

/** A product page, or the id of one of the account's Links. */
const PAGE_OR_LINK = /^\s*(?:[hH][tT][tT][pP][sS]?:\/\/\S+|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\s*$/;

/** What to write from: a url, a Link id (either name), or a title and a description (the service says which is missing). */
const SOURCES = [['url'], ['link_id'], ['link'], ['title', 'description']].map((names) => ({
  required: names,
  properties: Object.fromEntries(names.map((name) => [name, { type: 'string', minLength: 1 }])),
}));

/**
 * The contract's AI Scripts body. `url` is a product page or a Link id; `link_id` (alias `link`)
 * takes a Link id; `platform` (alias `target_platform`) and `seed` are this service's additions.
 */
export const aiScriptBody = z
  .object({
    url: textUpTo(1000).regex(PAGE_OR_LINK, 'Enter a valid URL or a Link id.').nullish(),
    link_id: z.string().nullish(),
    link: z.string().nullish(),
    title: textUpTo(1000).nullish(),
    description: textUpTo(10_000).nullish(),
    language: documentedChoice(SCRIPT_LANGUAGES, 16, 'A language the copywriter writes; a regional code (es-MX) is read as its language.').nullish(),
    target_audience: textUpTo(500).nullish(),
    platform: z.string().max(100).nullish(),
    target_platform: z.string().max(100).nullish(),
    video_length: numberChoice(AI_SCRIPT_VIDEO_LENGTHS).nullish(),
    script_styles: styleList.nullish(),
    seed: boundedNumber(0, 2 ** 32 - 1, { integer: true }).nullish(),
  })
  .passthrough()
  .meta({ anyOf: SOURCES });
