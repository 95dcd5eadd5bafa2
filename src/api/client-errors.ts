import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** What Node's parser refuses before any route sees the request, in the contract's `{detail, code}`. */
function answerFor(code: string | undefined): { status: number; detail: string; code: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, detail: 'The request was not received in time.', code: 'request_timeout' };
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      detail: "Request header fields too large: the URL and headers together must stay under the server's header limit.",
      code: 'request_header_fields_too_large',
    };
  }
  // An unknown method (BREW), a malformed request line or chunk: there is no path to answer for.
  return { status: 400, detail: 'Malformed HTTP request.', code: 'bad_request' };
}

/**
 * Fastify's `clientErrorHandler`: the framework's own answer is `{error, message, statusCode}`;
 * this writes the same statuses in the contract's error body, then closes the connection (the
 * parser's state is lost, so nothing more can be read from it).
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = answerFor(err.code);
  const body = JSON.stringify({ detail: answer.detail, code: answer.code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
