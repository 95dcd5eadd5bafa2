/**
 * The one error catalog. Domain code throws these; `api/error-mapper.ts` turns them into the
 * contract's bodies, and the job runner turns them into `failed_reason`.
 */
export type FieldErrors = Record<string, string[]>;

/** Adds a message to a field of the map, after the field's earlier ones. */
export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  const messages = errors[field] ?? [];
  messages.push(message);
  errors[field] = messages;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400 with the contract's field map. */
export class ValidationError extends AppError {
  constructor(readonly fields: FieldErrors) {
    super(
      400,
      'invalid',
      Object.entries(fields)
        .map(([k, v]) => `${k}: ${v.join(' ')}`)
        .join('; '),
    );
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
  static general(message: string): ValidationError {
    return new ValidationError({ non_field_errors: [message] });
  }
}

export class NotAuthenticated extends AppError {
  constructor(message = 'Authentication credentials were not provided.') {
    super(401, 'not_authenticated', message);
  }
}

export class AuthenticationFailed extends AppError {
  constructor(message = 'Invalid API credentials.') {
    super(401, 'authentication_failed', message);
  }
}

export class InsufficientCredits extends AppError {
  constructor(neededMillicredits: number, availableMillicredits: number) {
    super(
      402,
      'insufficient_credits',
      `Insufficient credits: this operation needs ${neededMillicredits / 1000} credits and ${availableMillicredits / 1000} are available.`,
    );
  }
}

export class NotFound extends AppError {
  constructor(resource: string) {
    super(404, 'not_found', resource === 'route' ? 'Not found.' : `No ${resource} matches the given query.`);
  }
}

export class TaskNotReady extends AppError {
  constructor(message = 'The task is not ready for this operation.') {
    super(404, 'task_not_ready', message);
  }
}

/** 413 with a message that says what was too large (a multipart part, too many parts). */
export class PayloadTooLarge extends AppError {
  constructor(message = 'Request body is too large.') {
    super(413, 'payload_too_large', message);
  }
}

export class Throttled extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'throttled', `Request was throttled. Expected available in ${retryAfterSeconds} seconds.`);
  }
}

/** 409: a request with the same `Idempotency-Key` is still running; the client may retry shortly. */
export class IdempotencyKeyInUse extends AppError {
  constructor() {
    super(409, 'idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed. Retry once it has finished to receive its response.');
  }
}

/** 422: the `Idempotency-Key` was already used with another request (a different body or endpoint). */
export class IdempotencyKeyReused extends AppError {
  constructor() {
    super(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different request (another body or endpoint). Use a new key for a new request.',
    );
  }
}

/**
 * A failure inside a task. `reason` is shown to the client as `failed_reason`, so it must be
 * something a person can act on. `transient` failures are retried with backoff.
 */
export class TaskFailure extends Error {
  constructor(
    readonly reason: string,
    readonly transient = false,
  ) {
    super(reason);
    this.name = 'TaskFailure';
  }
}

/**
 * A picture or video cannot become an avatar because it does not show exactly one face, or the
 * face is too small, has closed eyes or looks away/down (see `engines/face/portrait-check.ts`). A task
 * fails with `reason` as is; at create time routes turn it into a 400 on the media field.
 */
export class FaceNotUsable extends TaskFailure {
  constructor(
    readonly kind: 'no-face' | 'several-faces' | 'face-too-small' | 'eyes-closed' | 'looking-away' | 'looking-down',
    readonly faceCount: number,
    reason: string,
  ) {
    super(reason, false);
    this.name = 'FaceNotUsable';
  }
}

/** A photo in which no object stands out from its background: permanent, the reason says what to send instead. */
export class NothingToCutOut extends TaskFailure {
  constructor(reason = 'Nothing stands out from the background of this photo; send a photo of the product on a plain or contrasting background.') {
    super(reason, false);
    this.name = 'NothingToCutOut';
  }
}

/** A user URL that cannot be fetched or is not allowed; pipelines report it as a field error or failed_reason. */
export class FetchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefused';
  }
}

/** The outside parts whose outage a `DependencyUnavailable` names. */
export type Dependency = 'database' | 'storage' | 'disk';

const dependencyCodes: Record<Dependency, string> = { database: 'database_unavailable', storage: 'storage_unavailable', disk: 'disk_full' };

/**
 * 503: an outside part the service needs did not answer or could not write (the database, the
 * file storage, the data disk). The request did nothing (no task, no hold), so the client may
 * send it again after `retryAfterSeconds`. A job that meets one is run again later without
 * counting an attempt (`jobs/job-runner.ts`). Adapters throw it with the cause attached;
 * `engines/outages/outage-of.ts` recognises it (and a full disk) anywhere in an error's causes.
 */
export class DependencyUnavailable extends AppError {
  constructor(
    readonly dependency: Dependency,
    message: string,
    options?: { cause?: unknown },
    readonly retryAfterSeconds = 5,
  ) {
    super(503, dependencyCodes[dependency], message);
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}
