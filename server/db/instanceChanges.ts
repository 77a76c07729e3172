import type { FastifyBaseLogger } from 'fastify';
import { notify } from './perSchema';
import type { Db, Queryable } from './types';

/** What instances keep in memory from the database and drop when an admin edits it (on whichever instance). */
export const CHANGES = ['pricing', 'routing', 'keys', 'caching', 'guardrails'] as const;
export type Change = (typeof CHANGES)[number];

const CHANNEL = 'gateway_changes';

const isChange = (kind: string): kind is Change => (CHANGES as readonly string[]).includes(kind);

/**
 * Tells every instance, this one included, that `kind` changed (with the change's number for a spending change:
 * credit/fence.ts). Send it once the change is committed (or through the change's own transaction, which delivers it
 * at COMMIT): an instance reloading on an earlier notice would read the old rows and keep them until its next timed
 * reload.
 */
export const publishChange = (q: Queryable, kind: Change, n?: number) =>
  notify(q, CHANNEL, n === undefined ? kind : `${kind}:${n}`);

/** `kind` or `kind:n`; null for a payload this version does not know. */
function parseChange(payload: string): { kind: Change; n?: number } | null {
  const [kind, number] = payload.split(':');
  if (!isChange(kind)) return null;
  const n = Number(number);
  return number !== undefined && Number.isSafeInteger(n) ? { kind, n } : { kind };
}

/**
 * Calls `onChange` for each change published on any instance, and for every kind when notices may have been lost
 * while the listening connection was down. Resolves with the function that stops (a no-op when listening failed: the
 * caches' timed reload still applies).
 */
export async function subscribeChanges(
  db: Db,
  onChange: (kind: Change, n?: number) => void,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  try {
    return await db.listen(CHANNEL, {
      message(payload) {
        const change = parseChange(payload);
        if (change) onChange(change.kind, change.n);
        else log.warn({ payload }, 'ignored an unknown change notification');
      },
      missed: () => CHANGES.forEach((kind) => onChange(kind)),
      failed: (error) => log.warn({ err: error }, 'change notifications: the listening connection failed, retrying'),
    });
  } catch (error) {
    log.error(
      { err: error },
      'change notifications: cannot listen; edits made on other instances show at the timed reload',
    );
    return async () => undefined;
  }
}
