import type { FastifyBaseLogger } from 'fastify';
import { notify } from '../db/perSchema';
import type { Db, Queryable } from '../db/types';

/** What instances keep in memory from the database and drop when an admin edits it (on whichever instance). */
export const CHANGES = ['pricing', 'routing', 'keys'] as const;
export type Change = (typeof CHANGES)[number];

const CHANNEL = 'gateway_changes';

const isChange = (payload: string): payload is Change => (CHANGES as readonly string[]).includes(payload);

/**
 * Tells every instance, this one included, that `kind` changed. Send it once the change is committed (or through the
 * change's own transaction, which delivers it at COMMIT): an instance reloading on an earlier notice would read the
 * old rows and keep them until its next timed reload.
 */
export const publishChange = (q: Queryable, kind: Change) => notify(q, CHANNEL, kind);

/**
 * Calls `onChange` for each change published on any instance, and for every kind when notices may have been lost
 * while the listening connection was down. Resolves with the function that stops (a no-op when listening failed: the
 * caches' timed reload still applies).
 */
export async function subscribeChanges(
  db: Db,
  onChange: (kind: Change) => void,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  try {
    return await db.listen(CHANNEL, {
      message(payload) {
        if (isChange(payload)) onChange(payload);
        else log.warn({ payload }, 'ignored an unknown change notification');
      },
      missed: () => CHANGES.forEach(onChange),
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
