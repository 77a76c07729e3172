import path from 'node:path';
import type { Config } from '../config';
import type { Db } from './types';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(path.join(config.dataDir, 'pglite'));
}
