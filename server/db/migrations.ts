import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The schema's steps: one `NNNN-name.sql` file each in server/db/migrations/, applied in their number's order by
 * migrate.ts and recorded in schema_migrations; the name is the file's first line (`-- Migration N: name.`). Never
 * edit a released file: add the next one. Money is integer cents (BIGINT); pricing is integer micro-dollars per 1M
 * tokens so 0.075 $/1M is exact. server/test/migrations.test.ts checks that the steps give server/db/schema.snapshot.txt,
 * taken one at a time or all at once.
 *
 * A room's SQL functions live in the room, one `server/<room>/sql/*.sql` file per concern (the credit room's
 * admission and leases: server/credit/sql/), and are applied after the numbered steps whenever their text changes
 * (readRoomSql; recorded with a checksum in schema_functions), so a function is read and edited where its callers are.
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

export interface RoomSql {
  /** Its path under server/, e.g. `credit/sql/admit.sql`. */
  file: string;
  sql: string;
  checksum: string;
}

const SERVER = path.join(__dirname, '..');

/** Every room's SQL files (`server/<room>/sql/*.sql`), in path order. */
export function readRoomSql(root = SERVER): RoomSql[] {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(root, entry.name, 'sql')))
    .flatMap((room) =>
      fs
        .readdirSync(path.join(root, room.name, 'sql'))
        .filter((file) => file.endsWith('.sql'))
        .map((file) => `${room.name}/sql/${file}`),
    )
    .sort()
    .map((file) => {
      const sql = fs.readFileSync(path.join(root, file), 'utf8');
      return { file, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

export const roomSql = readRoomSql();
