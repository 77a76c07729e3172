// Writes server/db/schema.snapshot.txt: the schema a database has once migrated (server/db/schemaCatalog.ts). Run it
// after adding a migration, and read its diff: it is the migration's whole effect.
import fs from 'node:fs';
import path from 'node:path';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import { schemaCatalog } from '../server/db/schemaCatalog';
import { REPO_ROOT } from './lib/demoServer.mts';

export const SNAPSHOT = path.join(REPO_ROOT, 'server', 'db', 'schema.snapshot.txt');

const db = await openPglite(null);
await migrate(db);
fs.writeFileSync(SNAPSHOT, `${(await schemaCatalog(db)).join('\n')}\n`);
await db.close();
console.log(`wrote ${path.relative(REPO_ROOT, SNAPSHOT)}`);
