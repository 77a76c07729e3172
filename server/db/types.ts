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
  close(): Promise<void>;
}

/**
 * Both drivers parse BIGINT and NUMERIC into JS numbers (money is stored in cents, far below 2^53) and leave DATE as
 * the 'YYYY-MM-DD' string, so the two engines return identical rows.
 */
export const INT8_OID = 20;
export const NUMERIC_OID = 1700;
export const DATE_OID = 1082;
