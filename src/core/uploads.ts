/**
 * Files sent as multipart parts are kept in the blob store, and the field they came in carries
 * `upload:<id>` instead of a URL: an opaque id, never the storage key. Everything that takes a
 * media URL reads such a value from the blob store (see `engines/fetch/upload-aware-fetcher.ts`; where they live: `domain/upload-files.ts`),
 * so a file part and a URL are interchangeable wherever a URL is accepted.
 *
 * An upload belongs to the account that sent it: its key is `uploads/<id>/<accountId>/<file>`,
 * and the API accepts `upload:<id>` only from that account (`api/upload-refs.ts`) before any
 * service sees the value, so a task's input only ever holds its own account's uploads.
 */
export const UPLOAD_REF_PREFIX = 'upload:';

/** What a client hears for a reference that is not one of its uploads (unknown, deleted or another account's alike). */
export const UPLOAD_NOT_FOUND_MESSAGE = 'The uploaded file was not found; send it again.';

/** Blob keys of uploads start here; the random id keeps keys unguessable. */
export const UPLOAD_KEY_ROOT = 'uploads/';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** An upload id (a UUID). */
export const UPLOAD_ID_RE = new RegExp(`^${UUID}$`);

/** The only shape of an upload reference a client may send (and sees). */
export const UPLOAD_REF_PATTERN = new RegExp(`^${UPLOAD_REF_PREFIX}(${UUID})$`);

/**
 * A media reference as a client sends it: an http(s) URL (the scheme in any case) or one of its
 * uploads. The one definition every media field uses (the API's schemas, and the domain's checks
 * of media nested in free-form values), so a field that takes a URL also takes a file.
 */
export const MEDIA_REF_PATTERN = new RegExp(`^(?:[hH][tT][tT][pP][sS]?://\\S+|${UPLOAD_REF_PATTERN.source.slice(1, -1)})$`);

export function isMediaRef(value: unknown): value is string {
  return typeof value === 'string' && MEDIA_REF_PATTERN.test(value);
}

export function uploadRef(id: string): string {
  return `${UPLOAD_REF_PREFIX}${id}`;
}

/** The upload id of a reference, or null when the value is not one. */
export function uploadIdOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return UPLOAD_REF_PATTERN.exec(value)?.[1] ?? null;
}

/**
 * Before uploads had an owner, references carried the storage key (`upload:uploads/<id>/<file>`).
 * Tasks created then still hold such values; the fetcher reads them, the API no longer accepts them.
 */
export function legacyUploadKeyOf(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith(UPLOAD_REF_PREFIX + UPLOAD_KEY_ROOT)) return null;
  const key = value.slice(UPLOAD_REF_PREFIX.length);
  const parts = key.split('/');
  return parts.length === 3 && UPLOAD_ID_RE.test(parts[1]!) && parts[2] !== '..' && parts[2] !== '.' && parts[2] !== '' ? key : null;
}

/** Either shape of reference (what the fetcher reads). */
export function isUploadRef(value: unknown): value is string {
  return uploadIdOf(value) !== null || legacyUploadKeyOf(value) !== null;
}
