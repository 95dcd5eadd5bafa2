export { createClient, type ClipwrightClient, type CreateAndWaitOptions, type TaskGroup } from './client.js';
export type { ClientOptions, CreateOptions, RequestOptions } from './http.js';
export { ClipwrightError, StreamError, TaskFailedError, WaitTimeoutError, type FieldErrors } from './errors.js';
export { isSettled, waitUntilSettled, type Settling, type WaitOptions } from './wait.js';
export { verifyWebhook, webhookSignature, WebhookVerificationError, type VerifiedWebhook, type VerifyWebhookInput } from './webhooks.js';
export { TASK_KINDS, type TaskKindName } from './task-kinds.js';
export {
  TextStream,
  type TaskEvent,
  type TaskEventsOptions,
  type TaskEventStatus,
  type TaskEndEvent,
  type TaskProgressEvent,
  type TaskStatusEvent,
  type TextTask,
} from './streams.js';
export { readSse, type SseEvent } from './sse.js';
export type { BodyOf, QueryOf, ResultOf } from './types.js';
export type { paths, components } from './generated/openapi-types.js';
