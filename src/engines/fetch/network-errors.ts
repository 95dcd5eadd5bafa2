import { FetchRefused } from '../../core/errors.js';

const CERTIFICATE_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Turns a socket-level failure into a refusal a person can act on; keeps our own refusals as they are. */
export function explainNetworkError(err: unknown, host: string): FetchRefused {
  if (err instanceof FetchRefused) return err;
  const e = err as NodeJS.ErrnoException;
  switch (e?.code) {
    case 'ECONNREFUSED':
      return new FetchRefused(`Could not connect to ${host}: connection refused`);
    case 'ECONNRESET':
    case 'EPIPE':
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return new FetchRefused(`The connection to ${host} closed before the file was complete`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new FetchRefused(`Could not reach ${host}: no route to the host`);
    case 'ETIMEDOUT':
      return new FetchRefused(`Could not connect to ${host}: the connection timed out`);
  }
  // zlib reports Z_* codes; brotli reports ERR__* codes (e.g. ERR__ERROR_FORMAT_PADDING_1).
  if (e?.code?.startsWith('Z_') || e?.code?.startsWith('ERR__')) {
    return new FetchRefused(`${host} sent a compressed body that could not be decoded`);
  }
  if (e?.code && CERTIFICATE_CODES.has(e.code)) {
    return new FetchRefused(`The HTTPS certificate of ${host} is not valid (${e.code})`);
  }
  return new FetchRefused(`Could not fetch from ${host}: ${e?.message ?? String(err)}`);
}
