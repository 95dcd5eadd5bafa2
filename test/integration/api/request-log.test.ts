import pino from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../../src/api/server.js';
import { apiDeps } from '../../../src/app/api-deps.js';
import { loadConfig } from '../../../src/app/config.js';
import { createContainer } from '../../../src/app/container.js';
import { freshSqlite } from '../../helpers/databases.js';

describe('request log', () => {
  it('writes one line per request, when it completes, with the method, path, status and time', async () => {
    const db = await freshSqlite();
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const c = await createContainer(loadConfig({ DATA_DIR: db.dataDir, CPU_WORKERS: '0' }), { log: pino({ level: 'info' }, sink) });
    const app = await buildServer(apiDeps(c));
    try {
      const creds = await c.accounts.create('log', 1);
      lines.length = 0;
      const ok = await app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: { 'x-api-id': creds.api_id, 'x-api-key': creds.api_key } });
      await app.inject({ method: 'GET', url: '/api/remaining_credits/' });
      const requests = lines.filter((l) => l.reqId);
      expect(requests).toEqual([
        expect.objectContaining({
          reqId: ok.headers['x-request-id'],
          msg: 'request completed',
          method: 'GET',
          url: '/api/remaining_credits/',
          statusCode: 200,
          remoteAddress: '127.0.0.1',
          responseTimeMs: expect.any(Number),
        }),
        expect.objectContaining({ msg: 'request completed', statusCode: 401 }),
      ]);
    } finally {
      await app.close();
      await c.close();
      await db.drop();
    }
  });
});
