/**
 * A URL-to-video preview as stored in the task's result: written by the job
 * (`jobs/handlers/link-to-video.ts`), shown by the wire mapper (`api/wire/link-to-video.ts`).
 * `mediaJob` is the id clients pick it by.
 */
export interface StoredPreview {
  mediaJob: string;
  style: string;
  key: string;
  thumbnailKey: string;
}
