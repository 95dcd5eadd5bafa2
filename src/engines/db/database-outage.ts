import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { DependencyUnavailable } from '../../core/errors.js';
import { SOCKET_FAILURE_CODES } from '../outages/socket-failures.js';

/**
 * SQLSTATEs that mean the server went away or will not take us now, not that the query was
 * wrong: class 08 (connection exception), 57P01–57P03 (administrator, crash or start-up
 * shutdown: a restart) and 53300 (too many connections).
 */
const OUTAGE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** What node-postgres says when the socket under a client is gone. */
const CONNECTION_LOST = /connection terminated|not queryable|connection ended|timeout exceeded when trying to connect/i;

/** The outage a PostgreSQL error stands for, or null for an error of the query itself (a constraint, a syntax error). */
export function postgresOutageOf(err: unknown, phase: 'connect' | 'query'): DependencyUnavailable | null {
  if (err instanceof DependencyUnavailable) return err;
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  // Any failure to open a connection (refused, reset, the server starting or stopping) is an outage.
  const lost = phase === 'connect' || OUTAGE_SQLSTATE.test(code) || SOCKET_FAILURE_CODES.has(code) || CONNECTION_LOST.test(message);
  if (!lost) return null;
  // The client's message names no host; the cause (logged) and /readyz carry the details.
  return new DependencyUnavailable('database', 'The database is not available right now, so nothing was saved. Try again in a few seconds.', { cause: err });
}

/**
 * A pg pool whose connection and query failures caused by a lost server reject with
 * `DependencyUnavailable('database')` (the cause kept), so every layer above sees one error
 * kind for a PostgreSQL restart: the API answers 503, a job waits for the database instead of
 * spending an attempt. Errors of the query itself pass through untouched.
 */
export function outageAwarePool(pool: PostgresPool): PostgresPool {
  // Kysely keys its connection objects by the client it is given, so each client keeps one wrapper.
  const wrappers = new WeakMap<PostgresPoolClient, PostgresPoolClient>();
  const wrap = (client: PostgresPoolClient): PostgresPoolClient => {
    let wrapped = wrappers.get(client);
    if (!wrapped) {
      wrapped = {
        query: ((...args: [string, ReadonlyArray<unknown>] | [unknown]) => {
          const result = (client.query as (...a: unknown[]) => unknown)(...args);
          // A cursor (streamed reads) is returned as is; a query's promise has its outage named.
          return result instanceof Promise
            ? result.catch((err: unknown) => {
                throw postgresOutageOf(err, 'query') ?? err;
              })
            : result;
        }) as PostgresPoolClient['query'],
        release: () => client.release(),
      };
      wrappers.set(client, wrapped);
    }
    return wrapped;
  };
  return {
    connect: () =>
      pool.connect().then(wrap, (err: unknown) => {
        throw postgresOutageOf(err, 'connect') ?? err;
      }),
    end: () => pool.end(),
  };
}
