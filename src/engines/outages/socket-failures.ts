/**
 * Socket error codes that mean the server is not there (refused, unreachable, unknown name) or
 * went away mid-request: an outage of whatever was on the other end, never the request's fault.
 */
export const SOCKET_FAILURE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
