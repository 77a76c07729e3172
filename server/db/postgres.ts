import pg from 'pg';
import { createListener } from './postgresListener';
import type { Db, Queryable, QueryOptions } from './types';
import { DATE_OID, INT8_OID, NUMERIC_OID } from './types';

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return Number;
    if (oid === DATE_OID) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
};

/**
 * Sessions run in UTC so timestamps without an offset and date casts mean the same as on PGlite. `schema` sets the
 * search_path of every connection (tests use it to isolate one file's data).
 */
export function openPostgres(connectionString: string, options: { schema?: string; max?: number } = {}): Db {
  const session = {
    connectionString,
    types: types as pg.CustomTypesConfig,
    options: `-c TimeZone=UTC${options.schema ? ` -c search_path=${options.schema}` : ''}`,
  };
  const pool = new pg.Pool({ ...session, max: options.max ?? 10 });
  // The listening connection only reads: without keepalive a peer gone silent (a network partition) is never noticed.
  const listener = createListener({ ...session, keepAlive: true, connectionTimeoutMillis: 10_000 });
  const wrap = (runner: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
      (await runner.query({ text: sql, values: params, name: options?.name })).rows as T[],
  });
  const root = wrap(pool);
  return {
    engine: 'postgres',
    query: root.query,
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    listen: listener.listen,
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
