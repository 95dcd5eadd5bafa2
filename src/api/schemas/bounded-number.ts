import { z } from 'zod';

/** What a form or multipart body may carry for a number: plain decimal notation, an exponent allowed. */
const DECIMAL = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

const formatBound = (n: number) => String(n);

/**
 * Numeric text read as its number, anything else left as it is for the number schema to refuse.
 * Form and multipart bodies (and every query string) carry numbers as text, so numeric strings
 * are accepted wherever a number is (as DRF does); the OpenAPI document states only the number,
 * since a preprocess step is not part of the schema it is built from (README: numeric strings).
 */
const numericText = (value: unknown) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value);

/**
 * A number field with the contract's bounds, from JSON (a number) or a form (its text).
 * Every failure names the allowed range, so a client sees what to send whatever it sent:
 * NaN, Infinity (JSON's `1e999` parses to it), huge values, words, booleans.
 */
export function boundedNumber(min: number, max: number, opts: { integer?: boolean } = {}) {
  const range = `Ensure this value is between ${formatBound(min)} and ${formatBound(max)}.`;
  const notNumber = `A valid ${opts.integer ? 'integer' : 'number'} is required; ${range.charAt(0).toLowerCase()}${range.slice(1)}`;
  const messageFor = (input: unknown): string => {
    if (input === undefined) return 'This field is required.';
    if (typeof input !== 'number') return notNumber;
    if (Number.isFinite(input) && opts.integer && !Number.isInteger(input)) return notNumber;
    return range;
  };
  const number = opts.integer
    ? z.number({ error: (issue) => messageFor(issue.input) }).int({ error: notNumber })
    : z.number({ error: (issue) => messageFor(issue.input) });
  return z.preprocess(numericText, number.min(min, range).max(max, range));
}

/** A number that must be one of a few values (e.g. `video_length`); the message lists them. */
export function numberChoice(allowed: readonly number[]) {
  const message = (input: unknown) =>
    input === undefined ? 'This field is required.' : `"${String(input)}" is not a valid choice. Allowed: ${allowed.join(', ')}.`;
  return z.preprocess(numericText, z.literal(allowed, { error: (issue) => message(issue.input) }));
}
