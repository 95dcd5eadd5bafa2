import { z } from 'zod';

/** A text of at most `max` characters; a longer one is refused in the contract's words. */
export const textUpTo = (max: number) => z.string().max(max, `Ensure this field has no more than ${max} characters.`);

/** A text the body must have and may not leave blank; at most `max` characters when one is given. */
export function requiredText(max?: number) {
  const text = z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.');
  return max === undefined ? text : text.max(max, `Ensure this field has no more than ${max} characters.`);
}
