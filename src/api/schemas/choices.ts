import { z } from 'zod';
import { textUpTo } from './text-field.js';

const choiceMessage = (allowed: readonly string[]) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'This field is required.' : `"${String(issue.input)}" is not a valid choice. Allowed: ${allowed.join(', ')}.`;

/**
 * Text to be spoken: some letter or digit, and no U+FFFD (what bytes that are not UTF-8 decode
 * to). The service checks it (domain/speech/speakable-text.ts) with a message of its own; the
 * document states it as a pattern.
 */
export const SPEAKABLE_PATTERN = '^[^\\uFFFD]*[\\p{L}\\p{N}][^\\uFFFD]*$';

/**
 * A closed choice whose names the service forgives (case, spacing, aliases): `recognises` says
 * whether a value names one, and the value reaches the service as sent. The OpenAPI document
 * lists the canonical names as its enum — what a generated client offers, each always accepted.
 */
export function namedChoice(names: readonly string[], recognises: (value: string) => boolean) {
  return z
    .string({ error: choiceMessage(names) })
    .refine(recognises, { error: choiceMessage(names) })
    .meta({ enum: [...names] });
}

/** An item of a list of choices: checked by the service, whose 400 names the list (`script_styles`), not the item; documented like `namedChoice`. */
export function listedChoice(names: readonly string[]) {
  return z.string().meta({ enum: [...names] });
}

/**
 * A choice the service checks itself, because what it accepts depends on other fields or on the
 * machine (a language with its own script, comma-separated filter values): the document lists
 * the values that are always accepted, `description` says what else is.
 */
export function documentedChoice(names: readonly string[], max: number, description: string) {
  return textUpTo(max).meta({ enum: [...names], description });
}
