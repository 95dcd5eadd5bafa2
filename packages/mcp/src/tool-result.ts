import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ClipwrightError, TaskFailedError, WaitTimeoutError } from '../../sdk/src/index.js';

/** A tool's answer: the value as JSON text (what every client shows) and as structured content. */
export function toolResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

/**
 * Every failure as a tool error (isError: true), never a protocol error: the model reads the
 * message and can fix its arguments. A 400 names each field with the API's own messages.
 */
export function toolError(err: unknown, baseUrl: string, argumentOf: ArgumentNames = {}): CallToolResult {
  return { content: [{ type: 'text', text: describeFailure(err, baseUrl, argumentOf) }], isError: true };
}

/** The API's body field → the tool argument it comes from, where the names differ (creator → avatar_id). */
export type ArgumentNames = Record<string, string>;

function describeFailure(err: unknown, baseUrl: string, argumentOf: ArgumentNames): string {
  if (err instanceof ClipwrightError) {
    if (err.status === 400) {
      const lines = Object.entries(err.fields).map(([field, messages]) => `${fieldLabel(field, argumentOf)}${messages.join(' ')}`);
      return `The API refused the request (400 invalid):\n${lines.join('\n') || err.detail}`;
    }
    const hint = err.status === 402 ? ' Call get_credits to see the balance.' : err.status === 404 ? ' Check the id (and the kind, for tasks).' : '';
    return `The API answered ${err.status} ${err.code}: ${err.detail}${hint}`;
  }
  if (err instanceof TaskFailedError || err instanceof WaitTimeoutError) return err.message;
  // fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND …) is on its cause.
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  if (cause) return `Could not reach the Clipwright service at ${baseUrl} (${cause.code ?? cause.message}). Is it running, and is CLIPWRIGHT_URL right?`;
  return err instanceof Error ? err.message : String(err);
}

/** `avatar_id (API field creator): ` for a renamed field (nested paths keep their tail), nothing for non_field_errors. */
function fieldLabel(field: string, argumentOf: ArgumentNames): string {
  if (field === 'non_field_errors') return '';
  const [head = field, ...rest] = field.split('.');
  const argument = argumentOf[head];
  if (!argument || argument === head) return `${field}: `;
  return `${[argument, ...rest].join('.')} (API field ${field}): `;
}
