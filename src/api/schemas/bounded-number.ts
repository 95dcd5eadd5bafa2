import { z } from 'zod';

/** What a form or multipart body may carry for a number: plain decimal notation, an exponent allowed. */
const DECIMAL = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

const formatBound = (n: number) => String(n);

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
    if (typeof input === 'number' && Number.isFinite(input) && opts.integer && !Number.isInteger(input)) return notNumber;
    return typeof input === 'number' ? range : notNumber;
  };
  const json = (opts.integer ? z.number().int() : z.number()).min(min, range).max(max, range);
  return z
    .union([json, z.string().regex(DECIMAL, notNumber)], { error: (issue) => messageFor(issue.input) })
    .transform((value, ctx) => {
      if (typeof value === 'number') return value;
      const n = Number(value);
      const ok = Number.isFinite(n) && n >= min && n <= max && (!opts.integer || Number.isInteger(n));
      if (!ok) {
        ctx.issues.push({ code: 'custom', message: Number.isFinite(n) && opts.integer && !Number.isInteger(n) ? notNumber : range, input: value });
        return z.NEVER;
      }
      return n;
    })
    // The pipe gives the parsed side a type of its own: without it the document's response
    // schemas (which echo parsed bodies) show these fields as untyped `{}`.
    .pipe(opts.integer ? z.number().int() : z.number());
}

/** A number that must be one of a few values (e.g. `video_length`); the message lists them. */
export function numberChoice(allowed: readonly number[]) {
  const message = (input: unknown) =>
    input === undefined ? 'This field is required.' : `"${String(input)}" is not a valid choice. Allowed: ${allowed.join(', ')}.`;
  const isAllowed = (n: number) => allowed.includes(n);
  return z
    .union([z.literal(allowed, { error: (issue) => message(issue.input) }), z.string().regex(DECIMAL, { error: (issue) => message(issue.input) })], { error: (issue) => message(issue.input) })
    .transform((value, ctx) => {
      const n = typeof value === 'number' ? value : Number(value);
      if (!isAllowed(n)) {
        ctx.issues.push({ code: 'custom', message: message(value), input: value });
        return z.NEVER;
      }
      return n;
    })
    .pipe(z.literal(allowed));
}
