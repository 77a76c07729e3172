import fs from 'node:fs';
import path from 'node:path';

/**
 * The schema's steps: one `NNNN-name.sql` file each in server/db/migrations/, applied in their number's order by
 * migrate.ts and recorded in schema_migrations; the name is the file's first line (`-- Migration N: name.`). Never
 * edit a released file: add the next one. Money is integer cents (BIGINT); pricing is integer micro-dollars per 1M
 * tokens so 0.075 $/1M is exact. server/test/migrations.test.ts checks that the steps give server/db/schema.snapshot.txt,
 * taken one at a time or all at once.
 */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

const FOLDER = path.join(__dirname, 'migrations');
const FILE = /^(\d{4})-.+\.sql$/;
const FIRST_LINE = /^-- Migration (\d+): (.+)\.\n/;

export function readMigrations(folder = FOLDER): Migration[] {
  return fs
    .readdirSync(folder)
    .filter((file) => FILE.test(file))
    .sort()
    .map((file) => {
      const sql = fs.readFileSync(path.join(folder, file), 'utf8');
      const id = Number(FILE.exec(file)![1]);
      const head = FIRST_LINE.exec(sql);
      if (!head || Number(head[1]) !== id) throw new Error(`${file} must begin with "-- Migration ${id}: <name>."`);
      return { id, name: head[2], sql };
    });
}

export const migrations = readMigrations();
