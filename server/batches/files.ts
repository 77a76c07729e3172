import type { Queryable } from '../db/types';
import { randomCode } from '../lib/random';
import type { FileContentStore } from './fileStore';

/** Whose a file is: the member whose key uploaded it (or whose batch wrote it), in their team. */
export interface FileOwner {
  teamId: string;
  userId: string;
}

export interface FileRow {
  id: string;
  team_id: string;
  user_id: string;
  purpose: string;
  filename: string;
  bytes: number;
  created_at: Date;
  expires_at: Date | null;
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** OpenAI's ids look like `file-abc123…`; ours are 24 random letters and digits after the prefix. */
export const newId = (prefix: string) => `${prefix}${randomCode(24, ID_ALPHABET)}`;

const COLUMNS = 'id, team_id, user_id, purpose, filename, bytes, created_at, expires_at';

/** Keeps a file for `retentionDays`; its bytes where the store keeps them. */
export async function saveFile(
  q: Queryable,
  store: FileContentStore,
  file: FileOwner & { purpose: string; filename: string; content: Buffer; retentionDays: number },
): Promise<FileRow> {
  const id = newId('file-');
  const kept = await store.write(id, file.content);
  const [row] = await q.query<FileRow>(
    `INSERT INTO gateway_files (id, team_id, user_id, purpose, filename, bytes, content, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(days => $8))
     RETURNING ${COLUMNS}`,
    [id, file.teamId, file.userId, file.purpose, file.filename, file.content.length, kept, file.retentionDays],
  );
  return row;
}

/** A member's file, or null (another member's, or another team's, is not theirs to see). */
export async function findFile(q: Queryable, owner: FileOwner, id: string): Promise<FileRow | null> {
  const [row] = await q.query<FileRow>(
    `SELECT ${COLUMNS} FROM gateway_files WHERE id = $1 AND team_id = $2 AND user_id = $3`,
    [id, owner.teamId, owner.userId],
  );
  return row ?? null;
}

/** A member's file's bytes, or null. */
export async function readFile(
  q: Queryable,
  store: FileContentStore,
  owner: FileOwner,
  id: string,
): Promise<{ file: FileRow; content: Buffer } | null> {
  const [row] = await q.query<FileRow & { content: Buffer | null }>(
    `SELECT ${COLUMNS}, content FROM gateway_files WHERE id = $1 AND team_id = $2 AND user_id = $3`,
    [id, owner.teamId, owner.userId],
  );
  if (!row) return null;
  const { content, ...file } = row;
  return { file, content: await store.read(id, content) };
}

export interface FilePage {
  rows: FileRow[];
  hasMore: boolean;
}

/** A member's files, newest first (or oldest), after the file `after`, `limit` at most. */
export async function listFiles(
  q: Queryable,
  owner: FileOwner,
  query: { purpose?: string; limit: number; after?: string; order: 'asc' | 'desc' },
): Promise<FilePage> {
  const params: unknown[] = [owner.teamId, owner.userId, query.limit + 1];
  const where = ['team_id = $1', 'user_id = $2'];
  if (query.purpose) {
    params.push(query.purpose);
    where.push(`purpose = $${params.length}`);
  }
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const beyond = query.order === 'asc' ? '>' : '<';
  if (query.after) {
    params.push(query.after);
    const n = params.length;
    where.push(
      `(created_at, id) ${beyond} (SELECT created_at, id FROM gateway_files WHERE id = $${n} AND team_id = $1 AND user_id = $2)`,
    );
  }
  const rows = await q.query<FileRow>(
    `SELECT ${COLUMNS} FROM gateway_files WHERE ${where.join(' AND ')}
     ORDER BY created_at ${direction}, id ${direction} LIMIT $3`,
    params,
  );
  return { rows: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}

/** Deletes a member's file; false when there was none. */
export async function deleteFile(q: Queryable, store: FileContentStore, owner: FileOwner, id: string) {
  const gone = await q.query<{ id: string }>(
    'DELETE FROM gateway_files WHERE id = $1 AND team_id = $2 AND user_id = $3 RETURNING id',
    [id, owner.teamId, owner.userId],
  );
  if (gone.length === 0) return false;
  await store.remove(id);
  return true;
}

/** Deletes every file past its retention (docs/batches.md#files); the number deleted. */
export async function deleteExpiredFiles(q: Queryable, store: FileContentStore): Promise<number> {
  const gone = await q.query<{ id: string }>('DELETE FROM gateway_files WHERE expires_at <= now() RETURNING id');
  for (const { id } of gone) await store.remove(id);
  return gone.length;
}
