/** A 400's body: field name (dotted for nested fields, or `non_field_errors`) → messages. */
export type FieldErrors = Record<string, string[]>;

/**
 * Any answer of the service outside 2xx, in one shape whatever the status: the contract sends
 * a field map for 400 and `{detail, code}` for everything else (src/api/error-mapper.ts).
 */
export class ClipwrightError extends Error {
  override readonly name = 'ClipwrightError';
  constructor(
    readonly status: number,
    /** snake_case: `invalid` for a 400, otherwise the body's `code` (not_found, insufficient_credits, throttled …). */
    readonly code: string,
    readonly detail: string,
    /** The 400's field map; empty for other statuses. */
    readonly fields: FieldErrors = {},
    /** The service's X-Request-Id, to find the request in its log. */
    readonly requestId: string | null = null,
    /** From Retry-After on a 429. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status} ${code}: ${detail}`);
  }

  /** Builds the error from a response and its already-parsed body (JSON, or text when it was not JSON). */
  static from(response: Response, body: unknown): ClipwrightError {
    const requestId = response.headers.get('x-request-id');
    const retryAfter = Number(response.headers.get('retry-after'));
    const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
    if (response.status === 400 && isFieldErrors(body)) {
      const detail = Object.entries(body)
        .map(([field, messages]) => (field === 'non_field_errors' ? messages.join(' ') : `${field}: ${messages.join(' ')}`))
        .join('; ');
      return new ClipwrightError(400, 'invalid', detail || 'Invalid request.', body, requestId, retryAfterSeconds);
    }
    if (body && typeof body === 'object' && typeof (body as { detail?: unknown }).detail === 'string') {
      const { detail, code } = body as { detail: string; code?: unknown };
      return new ClipwrightError(response.status, typeof code === 'string' ? code : 'error', detail, {}, requestId, retryAfterSeconds);
    }
    const text = typeof body === 'string' && body ? body.slice(0, 300) : response.statusText || 'Request failed.';
    return new ClipwrightError(response.status, 'http_error', text, {}, requestId, retryAfterSeconds);
  }
}

function isFieldErrors(body: unknown): body is FieldErrors {
  return (
    Boolean(body) &&
    typeof body === 'object' &&
    !Array.isArray(body) &&
    Object.values(body as object).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'))
  );
}

/** A task that ended `failed`: its `failed_reason` says why, in words a person can act on. */
export class TaskFailedError extends Error {
  override readonly name = 'TaskFailedError';
  constructor(readonly task: { id: string; failed_reason?: string | null }) {
    super(`task ${task.id} failed: ${task.failed_reason ?? 'no reason given'}`);
  }
}

/** The wait's `timeoutMs` passed before the task settled; `task` is the last state seen. */
export class WaitTimeoutError extends Error {
  override readonly name = 'WaitTimeoutError';
  constructor(
    readonly task: { id: string; status?: string; progress?: number } | null,
    readonly timeoutMs: number,
  ) {
    super(`task ${task?.id ?? '?'} still ${task?.status ?? 'unknown'} after ${timeoutMs} ms`);
  }
}

/**
 * An event stream (`textGenerator.stream`, `tasks.events`) that went wrong after its 200 had
 * started it: an `error` event (`server_error`), a `shutdown` event (`shutting_down`: the service
 * is stopping; reconnect later, for task events with `lastEventId`), or the connection closing
 * before the stream's last event (`stream_ended`). Errors before the stream starts (a 400 on the
 * body, 402, 404 …) are ClipwrightErrors, as for every other call.
 */
export class StreamError extends Error {
  override readonly name = 'StreamError';
  constructor(
    readonly code: string,
    readonly detail: string,
    /** The task the stream was about, when it had been named. */
    readonly taskId: string | null = null,
    /** The id of the last numbered event received (task events), to resume from. */
    readonly lastEventId: string | null = null,
    /** The service's X-Request-Id of the streamed answer. */
    readonly requestId: string | null = null,
  ) {
    super(`${code}: ${detail}`);
  }
}
