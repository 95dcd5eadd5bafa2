import { sql, type QueryExecutorProvider } from 'kysely';
import type { Logger } from 'pino';
import { ListenerMap } from './listener-map.js';
import type { TaskChangeFeed, TaskChangeListener } from './port.js';

export const TASK_CHANGES_CHANNEL = 'clipwright_task_changes';
const RECONNECT_MS = 1000;

type PgClient = import('pg').Client;

/**
 * The scaled mode's feed: PostgreSQL LISTEN/NOTIFY. Every process that runs jobs or serves the
 * API already shares the database (Redis is optional: PostgreSQL with the local queue is a valid
 * set-up), so no other server is needed. NOTIFY goes through the query pool; LISTEN holds one
 * dedicated connection, opened on the first subscription, so worker processes never open it.
 * A lost connection is re-opened and every subscriber is told to read again.
 */
export class PostgresTaskChangeFeed implements TaskChangeFeed {
  readonly kind = 'postgres' as const;
  private readonly listeners = new ListenerMap();
  private listening: Promise<PgClient> | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  /** Which connection is the current one: a replaced connection's late 'end' must not drop its successor. */
  private generation = 0;

  constructor(
    private readonly db: QueryExecutorProvider,
    private readonly databaseUrl: string,
    private readonly log: Logger,
  ) {}

  async publish(taskId: string): Promise<void> {
    try {
      await sql`select pg_notify(${TASK_CHANGES_CHANNEL}, ${taskId})`.execute(this.db);
    } catch (err) {
      // Subscribers re-read on their heartbeat, so a lost hint delays an event but loses no state.
      this.log.warn({ err, taskId }, 'could not announce a task change');
    }
  }

  async subscribe(taskId: string, listener: TaskChangeListener): Promise<() => void> {
    const remove = this.listeners.add(taskId, listener);
    try {
      await this.listen();
    } catch (err) {
      remove();
      throw err;
    }
    return remove;
  }

  private listen(): Promise<PgClient> {
    if (this.closed) return Promise.reject(new Error('the task change feed is closed'));
    if (!this.listening) {
      const opening = this.open();
      this.listening = opening;
      opening.catch(() => {
        if (this.listening === opening) this.listening = null;
      });
    }
    return this.listening;
  }

  private async open(): Promise<PgClient> {
    const generation = ++this.generation;
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: this.databaseUrl });
    client.on('notification', (msg) => {
      if (msg.channel === TASK_CHANGES_CHANNEL && msg.payload) this.listeners.notify(msg.payload);
    });
    const lost = (err?: Error) => {
      if (this.closed || generation !== this.generation || this.listening === null) return;
      this.listening = null;
      this.log.warn({ err }, 'task change feed lost its connection; re-opening it');
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`listen ${TASK_CHANGES_CHANNEL}`);
    return client;
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.closed) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.listeners.size === 0) return;
      this.listen().then(
        // Whatever changed while we were away was not heard: every subscriber reads again.
        () => this.listeners.notifyAll(),
        () => this.scheduleReconnect(),
      );
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const listening = this.listening;
    this.listening = null;
    const client = listening !== null ? await listening.catch(() => null) : null;
    await client?.end().catch(() => undefined);
  }
}
