/**
 * Files sent as multipart parts are kept in the blob store, and the field they came in carries
 * `upload:<blob key>` instead of a URL. Everything that takes a media URL reads such a value from
 * the blob store (see `engines/fetch/upload-aware-fetcher.ts`), so a file part and a URL are
 * interchangeable wherever a URL is accepted.
 */
export const UPLOAD_REF_PREFIX = 'upload:';

/** Blob keys of uploads start here; the random folder keeps keys unguessable. */
export const UPLOAD_KEY_ROOT = 'uploads/';

export function uploadRef(blobKey: string): string {
  return `${UPLOAD_REF_PREFIX}${blobKey}`;
}

export function isUploadRef(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(UPLOAD_REF_PREFIX + UPLOAD_KEY_ROOT);
}

/** The blob key of an upload reference, or null when the value is not one. */
export function uploadKeyOf(value: unknown): string | null {
  if (!isUploadRef(value)) return null;
  const key = value.slice(UPLOAD_REF_PREFIX.length);
  // Keys come back from clients: nothing that could climb out of the uploads folder.
  return key.split('/').some((part) => part === '..' || part === '') ? null : key;
}
