import { z } from 'zod';

/**
 * The colour forms the renderer reads (`media/color.ts` `parseHexColor`): `#RGB`, `#RRGGBB`,
 * `#RRGGBBAA`. The `#` is required, as the contract writes it; CSS names are not read by the
 * caption or scene code, so accepting them would only fall back to a default at render time.
 */
// Both cases spelled out (no `i` flag): the OpenAPI document carries the pattern without flags.
export const COLOUR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

export const COLOUR_MESSAGE = 'Enter a colour as #RGB, #RRGGBB or #RRGGBBAA (hexadecimal, e.g. #FFFFFF or #000000B3).';

export const colour = z
  .string({ error: (issue) => (issue.input === undefined ? 'This field is required.' : COLOUR_MESSAGE) })
  .regex(COLOUR_PATTERN, COLOUR_MESSAGE);
