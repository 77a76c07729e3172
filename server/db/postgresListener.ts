import pg from 'pg';
import { channelName } from './perSchema';
import type { Queryable, Subscriber } from './types';

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 10_000;

const onConnection = (client: pg.Client): Queryable => ({
  query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
});

/**
 * Db.listen on PostgreSQL. LISTEN holds for the session that ran it, and a pooled connection serves other queries
 * between statements, so listening takes a connection of its own: one pg.Client per Db, opened at the first listen.
 * When it drops it is opened again with backoff; notifications sent meanwhile are lost, so every subscriber then hears
 * `missed`.
 */
export function createListener(config: pg.ClientConfig) {
  const subscribers = new Map<string, Set<Subscriber>>();
  /** Each channel's names on the open connection (the schema is read there). */
  const names = new Map<string, { name: string; quoted: string }>();
  let client: pg.Client | null = null;
  let opening: Promise<pg.Client> | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = FIRST_RETRY_MS;
  let lostSome = false;
  let closed = false;

  const everyone = () => [...subscribers.values()].flatMap((set) => [...set]);
  const failed = (error: Error) => everyone().forEach((subscriber) => subscriber.failed(error));

  const listenOn = async (connection: pg.Client, channel: string) => {
    const channelNames = await channelName(onConnection(connection), channel);
    names.set(channel, channelNames);
    // LISTEN is idempotent: a channel added while the connection was opening may be listened to twice.
    await connection.query(`LISTEN ${channelNames.quoted}`);
  };

  const deliver = (message: pg.Notification) => {
    for (const [channel, { name }] of names) {
      if (name !== message.channel) continue;
      for (const subscriber of subscribers.get(channel) ?? []) subscriber.message(message.payload ?? '');
    }
  };

  async function open(): Promise<pg.Client> {
    const connection = new pg.Client(config);
    connection.on('error', (error) => dropped(connection, error));
    connection.on('end', () => dropped(connection, new Error('the LISTEN connection to PostgreSQL ended')));
    connection.on('notification', deliver);
    try {
      await connection.connect();
      for (const channel of subscribers.keys()) await listenOn(connection, channel);
      return connection;
    } catch (error) {
      connection.end().catch(() => undefined);
      throw error;
    }
  }

  function connect(): Promise<pg.Client> {
    if (closed) return Promise.reject(new Error('the database is closed'));
    if (client) return Promise.resolve(client);
    opening ??= open().then(
      (connection) => {
        opening = null;
        if (closed) {
          connection.end().catch(() => undefined);
          throw new Error('the database is closed');
        }
        client = connection;
        delay = FIRST_RETRY_MS;
        if (lostSome) {
          lostSome = false;
          everyone().forEach((subscriber) => subscriber.missed());
        }
        return connection;
      },
      (error: Error) => {
        opening = null;
        lostSome = true;
        failed(error);
        reconnectLater();
        throw error;
      },
    );
    return opening;
  }

  function reconnectLater() {
    if (closed || retry || subscribers.size === 0) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(() => undefined);
    }, delay);
    // The server's listening socket keeps the process alive, not a retry.
    retry.unref();
    delay = Math.min(delay * 2, MAX_RETRY_MS);
  }

  /** 'error' and 'end' both come for one loss; the first one counts. */
  function dropped(connection: pg.Client, error: Error) {
    if (client !== connection) return;
    client = null;
    lostSome = true;
    connection.end().catch(() => undefined);
    failed(error);
    reconnectLater();
  }

  return {
    async listen(channel: string, subscriber: Subscriber): Promise<() => Promise<void>> {
      if (!subscribers.has(channel)) subscribers.set(channel, new Set());
      subscribers.get(channel)!.add(subscriber);
      let connection: pg.Client | null = null;
      try {
        connection = await connect();
        await listenOn(connection, channel);
      } catch (error) {
        // A failed connection was reported to every subscriber by connect(), and is retried.
        if (connection) subscriber.failed(error as Error);
      }
      return async () => {
        const set = subscribers.get(channel);
        set?.delete(subscriber);
        if (!set || set.size > 0) return;
        subscribers.delete(channel);
        const quoted = names.get(channel)?.quoted;
        names.delete(channel);
        if (client && quoted) await client.query(`UNLISTEN ${quoted}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const connection = client;
      client = null;
      await opening?.catch(() => undefined);
      await connection?.end().catch(() => undefined);
    },
  };
}
