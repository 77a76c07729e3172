import fs from 'node:fs/promises';
import path from 'node:path';
import type { FilesConfig } from './settings';
import { inS3 } from './s3Store';

/**
 * Where a file's bytes are kept (docs/batches.md#files, FILES_STORE): in its own row (`database`, the default, which
 * every instance of a cluster sees and a backup of the database keeps), in a directory the instances share
 * (`directory`, FILES_DIR), or in an S3-compatible bucket (`s3`, FILES_S3_*), with the row then keeping only what
 * describes the file.
 */
export interface FileContentStore {
  /** Keeps `content`; returns what the row keeps of it (the bytes, or null when they are kept elsewhere). */
  write(id: string, content: Buffer): Promise<Buffer | null>;
  /** The bytes, from what the row kept or from where they are kept. */
  read(id: string, kept: Buffer | null): Promise<Buffer>;
  /** Forgets the bytes (the row's are deleted with it). */
  remove(id: string): Promise<void>;
}

const inDatabase: FileContentStore = {
  write: async (_id, content) => content,
  // PGlite gives a bytea as a Uint8Array, node-postgres as a Buffer.
  read: async (_id, kept) => (kept ? Buffer.from(kept.buffer, kept.byteOffset, kept.byteLength) : Buffer.alloc(0)),
  remove: async () => undefined,
};

/** File ids are made by the server (`file-` and letters and digits), never taken from a request: safe as names. */
function inDirectory(dir: string): FileContentStore {
  const where = (id: string) => path.join(dir, id);
  return {
    async write(id, content) {
      await fs.mkdir(dir, { recursive: true });
      // Written aside and renamed: a reader never sees half a file, and a crash leaves no file with a row.
      const partial = `${where(id)}.partial`;
      await fs.writeFile(partial, content);
      await fs.rename(partial, where(id));
      return null;
    },
    read: (id) => fs.readFile(where(id)),
    remove: (id) => fs.rm(where(id), { force: true }),
  };
}

export function fileContentStore(config: Pick<FilesConfig, 'store' | 'dir' | 's3'>): FileContentStore {
  if (config.store === 'directory') return inDirectory(config.dir);
  if (config.store === 's3') return inS3(config.s3!);
  return inDatabase;
}
