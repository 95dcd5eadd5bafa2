import { ok, type OperationTable } from './operations.js';

/**
 * One Server-Sent Event, as a stream's `schema` describes it in OpenAPI 3.1 (each event, the shape
 * OpenAPI 3.2 names `itemSchema`): `data` is the event's JSON text, `event` its name.
 */
export function sseEventSchema(events: readonly string[]) {
  return {
    type: 'object',
    properties: {
      event: { type: 'string', enum: [...events] },
      data: { type: 'string', description: 'JSON text of the event' },
      id: { type: 'string' },
      retry: { type: 'integer', minimum: 0 },
    },
  };
}

/** The task event stream answers Server-Sent Events, not JSON: documented as such (see api/openapi.ts). */
export const taskEventStreamResponse = {
  description:
    'Extension of the contract. Server-Sent Events with numbered ids: `status` ({id, status, progress, failed_reason, task: the GET body}) ' +
    'on the first event and every status change, `progress` ({id, status, progress}), then `end` ({id, status, failed_reason}) ' +
    'when the task is done or failed, and the server closes the stream; `shutdown` ({detail, code}) when the server is going away. ' +
    'Heartbeat comment lines every EVENTS_HEARTBEAT_SECONDS. Send Last-Event-ID to resume: the current state comes first if it changed.',
  content: { 'text/event-stream': { schema: sseEventSchema(['status', 'progress', 'end', 'shutdown']) } },
};

/** An extension of the contract: live status and progress of any task of the caller. */
export const taskEventOperations: OperationTable = {
  'GET /api/tasks/:id/events': ok(taskEventStreamResponse),
};
