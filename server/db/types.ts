/** The whole database surface the server uses; implemented by PGlite (embedded) and node-postgres. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
}

export interface QueryOptions {
  /**
   * Makes it a prepared statement, parsed and planned once per connection instead of on every call (for the
   * gateway's hot path, where planning costs several times the execution). One name, one SQL text.
   */
  name?: string;
}

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements without parameters (migrations, truncation). */
  exec(sql: string): Promise<void>;
  /**
   * Hears what `notify(q, channel, payload)` (db/perSchema.ts) sends from any connection to this database and schema,
   * this process's included. Resolves once listening, or once a first attempt to connect failed (`failed` was called;
   * it is retried), with the function that stops listening.
   */
  listen(channel: string, subscriber: Subscriber): Promise<() => Promise<void>>;
  /** Closes the connections, the listening one included. */
  close(): Promise<void>;
}

export interface Subscriber {
  message(payload: string): void;
  /** Notifications may have been lost (the listening connection dropped and is back): act as if every one came. */
  missed(): void;
  /** The listening connection failed; it is opened again with backoff, and `missed` follows once it is back. */
  failed(error: Error): void;
}

/**
 * Both drivers parse BIGINT and NUMERIC into JS numbers (money is stored in cents, far below 2^53) and leave DATE as
 * the 'YYYY-MM-DD' string, so the two engines return identical rows.
 */
export const INT8_OID = 20;
export const NUMERIC_OID = 1700;
export const DATE_OID = 1082;
