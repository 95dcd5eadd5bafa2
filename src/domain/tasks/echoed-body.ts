import { z } from 'zod';

/**
 * A kind's `echo` input field: the request body as parsed, frozen with the task so its GET shows
 * the client's fields back as sent (`api/echo.ts` makes it); rows made before it have none.
 */
export const echoedBody = z.record(z.string(), z.unknown()).default({});
