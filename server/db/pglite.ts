import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './types';
import { DATE_OID, INT8_OID, NUMERIC_OID } from './types';

/** dataDir null keeps the database in memory (tests). */
export async function openPglite(dataDir: string | null): Promise<Db> {
  const pg = await PGlite.create(dataDir ?? undefined, {
    parsers: { [INT8_OID]: Number, [NUMERIC_OID]: Number, [DATE_OID]: (value: string) => value },
  });
  const wrap = (runner: Pick<PGlite, 'query'>): Queryable => ({
    query: async <T>(sql: string, params?: unknown[]) => (await runner.query<T>(sql, params)).rows,
  });
  const root = wrap(pg);
  return {
    engine: 'pglite',
    query: root.query,
    // PGlite has a single connection and queues other statements while a transaction is open.
    tx: (fn) => pg.transaction((transaction) => fn(wrap(transaction))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}
