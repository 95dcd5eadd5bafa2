import { describe, expect, it } from 'vitest';
import { DependencyUnavailable, TaskFailure } from '../../../src/core/errors.js';
import { s3OutageOf } from '../../../src/engines/blobs/storage-outage.js';
import { postgresOutageOf } from '../../../src/engines/db/database-outage.js';
import { outageOf } from '../../../src/engines/outages/outage-of.js';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
const s3Error = (name: string, status?: number, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(name), { name, $metadata: status === undefined ? {} : { httpStatusCode: status }, ...extra });

describe('postgresOutageOf', () => {
  it('names a restart, a terminated session and a lost socket as the database being down', () => {
    for (const err of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006', 'connection failure'),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    ]) {
      const outage = postgresOutageOf(err, 'query');
      expect(outage, err.message).toBeInstanceOf(DependencyUnavailable);
      expect(outage).toMatchObject({ dependency: 'database', status: 503, code: 'database_unavailable', cause: err });
      // The client's message names no host or port.
      expect(outage!.message).not.toMatch(/127\.0\.0\.1|ECONN/);
    }
  });

  it("takes any failure to open a connection as an outage, but leaves a query's own errors alone", () => {
    expect(postgresOutageOf(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' }), 'connect')).toBeInstanceOf(
      DependencyUnavailable,
    );
    expect(postgresOutageOf(new Error('timeout exceeded when trying to connect'), 'connect')).toBeInstanceOf(DependencyUnavailable);
    expect(postgresOutageOf(pgError('23505', 'duplicate key value violates unique constraint'), 'query')).toBeNull();
    expect(postgresOutageOf(pgError('42601', 'syntax error at or near "selec"'), 'query')).toBeNull();
  });
});

describe('s3OutageOf', () => {
  it('names no answer, a 5xx and a 429 as the storage being down; the cause says which bucket and what it answered', () => {
    for (const err of [
      s3Error('InternalError', 500),
      s3Error('ServiceUnavailable', 503),
      s3Error('SlowDown', 429),
      s3Error('Error', undefined, { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:9000' }),
      s3Error('TimeoutError'),
    ]) {
      const outage = s3OutageOf(err, 'S3 bucket "b" at http://minio:9000');
      expect(outage, err.name).toMatchObject({ dependency: 'storage', code: 'storage_unavailable' });
      expect(outage!.message).not.toContain('minio');
      expect((outage!.cause as Error).message).toMatch(/^S3 bucket "b" at http:\/\/minio:9000: (HTTP \d+|connect ECONNREFUSED|TimeoutError)/);
    }
  });

  it('leaves answers about the request itself (403, 404) and our own aborts alone', () => {
    expect(s3OutageOf(s3Error('AccessDenied', 403), 'b')).toBeNull();
    expect(s3OutageOf(s3Error('NoSuchKey', 404), 'b')).toBeNull();
    expect(s3OutageOf(s3Error('AbortError'), 'b')).toBeNull();
    expect(s3OutageOf(Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' }), 'b')).toBeNull();
  });
});

describe('outageOf', () => {
  it("finds an adapter's DependencyUnavailable through the causes wrapped around it", () => {
    const storage = new DependencyUnavailable('storage', 'The file storage is not available right now.');
    const wrapped = new Error('could not save the output', { cause: new Error('put failed', { cause: storage }) });
    expect(outageOf(wrapped)).toBe(storage);
  });

  it("recognises a full disk however it surfaced: an fs write, SQLite, a tool's stderr inside a task failure", () => {
    const cases = [
      Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
      Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
      new TaskFailure(
        'The speech engine could not speak this text (ffmpeg exited 1: Error writing trailer: No space left on device). Change the text or choose another voice.',
      ),
    ];
    for (const err of cases) expect(outageOf(err), err.message).toMatchObject({ dependency: 'disk', status: 503, code: 'disk_full', cause: err });
  });

  it('is null for every other error', () => {
    expect(outageOf(new Error('always broken'))).toBeNull();
    expect(outageOf(new TaskFailure('The input cannot be used.'))).toBeNull();
    expect(outageOf(undefined)).toBeNull();
  });
});
