import { z } from 'zod';

/** A documented success body that is not JSON (an event stream): already an OpenAPI response object. */
export interface StreamResponse {
  description: string;
  content: Record<string, { schema: object }>;
}

/** A JSON success body, or a documented non-JSON one (the text stream's events). */
export type SuccessBody = z.ZodType | StreamResponse;

export interface Operation {
  /** The success status and its body. */
  status: 200 | 201 | 204;
  body: SuccessBody;
  /** Holds or charges credits, so 402 is possible. */
  holdsCredits?: boolean;
  /** Creates something, so it honours Idempotency-Key (409, 422). */
  creates?: boolean;
  /** Names a resource by id outside the path (404). */
  findsById?: boolean;
}

/**
 * A group's operations ("METHOD path" as its routes register them) → what each answers on
 * success. Each group keeps its table beside its response schemas; `api/openapi.ts` attaches the
 * merged table and the error responses to the routes. A route missing from every table has no
 * success schema, which the OpenAPI test catches. The bodies are exactly what the `api/wire/`
 * mappers build; tests parse real responses with them.
 */
export type OperationTable = Record<string, Operation>;

export const noContent = z.null().describe('No content');
export const ok = (body: SuccessBody, more: Omit<Operation, 'status' | 'body'> = {}): Operation => ({ status: 200, body, ...more });
export const created = (body: SuccessBody, more: Omit<Operation, 'status' | 'body'> = {}): Operation => ({ status: 201, body, ...more, creates: true });
export const paid = { holdsCredits: true } as const;

/** `GET base` (the list) and `GET base:id/` (one of it): the pair of reads most groups have (`TaskRoutes.reads` registers a task group's). */
export const readOperations = (base: string, item: z.ZodType): OperationTable => ({
  [`GET ${base}`]: ok(z.array(item)),
  [`GET ${base}:id/`]: ok(item),
});

/** The groups' tables as one; an operation declared by two groups would document one of them wrongly, so it stops the start. */
export function mergeOperations(tables: readonly OperationTable[]): OperationTable {
  const merged: OperationTable = {};
  for (const table of tables) {
    for (const [key, operation] of Object.entries(table)) {
      if (key in merged) throw new Error(`operation "${key}" is declared by two groups`);
      merged[key] = operation;
    }
  }
  return merged;
}
