import { z } from 'zod';

/**
 * An object field as JSON sends it, or as a form sends it: one field holding the object as JSON.
 * `what` names its contents in the messages ("the model's inputs").
 */
export function jsonObjectField(what: string) {
  return z.union(
    [
      z.record(z.string(), z.unknown()),
      z.string().transform((text, ctx) => {
        try {
          const parsed: unknown = JSON.parse(text);
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
        } catch {
          // Reported below.
        }
        ctx.issues.push({ code: 'custom', message: `Expected an object of ${what} (JSON).`, input: text });
        return z.NEVER;
      }),
    ],
    { error: (issue) => (issue.input === undefined ? 'This field is required.' : `Expected an object of ${what}.`) },
  );
}
