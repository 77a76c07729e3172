import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { notify } from '../db/perSchema';
import type { Subscriber } from '../db/types';
import { eventually, openTestDb, type TestDb } from './helpers';

/**
 * Db.listen (server/db/types.ts): what one connection notifies, every connection to the same schema hears. On PGlite
 * the second Db is the first (one process); with TEST_DATABASE_URL it is a pool and a listening connection of its own.
 */
let database: TestDb;
let other: TestDb;
before(async () => {
  database = await openTestDb();
  other = database.another();
});
after(async () => {
  await other.drop();
  await database.drop();
});

function recorder() {
  const events: string[] = [];
  const subscriber: Subscriber = {
    message: (payload) => events.push(payload),
    missed: () => events.push('(missed)'),
    failed: () => events.push('(failed)'),
  };
  return { events, subscriber };
}

/**
 * Only for "nothing yet" inside an open transaction, which no later notice can prove (one is not delivered before the
 * transaction ends either). Elsewhere a test proves that nothing came by what did come: notices reach a listening
 * session in the order their transactions committed, and every subscriber of a channel on one connection in the same
 * dispatch, so a notice that was heard vouches for those committed before it and for the other subscribers.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

test('a NOTIFY sent with db.query reaches every listener of the schema, the sender included', async () => {
  const mine = recorder();
  const theirs = recorder();
  const stops = [await database.db.listen('news', mine.subscriber), await other.db.listen('news', theirs.subscriber)];
  await database.db.query(`SELECT pg_notify(current_schema() || '.news', 'hello')`);
  await eventually('both heard it', () => mine.events.length === 1 && theirs.events.length === 1);
  assert.deepEqual([mine.events, theirs.events], [['hello'], ['hello']]);

  for (const stop of stops) await stop();
  // Still listening on each connection: when they hear it, a stopped subscriber would have heard it with them.
  const probes = [recorder(), recorder()];
  const probing = [
    await database.db.listen('news', probes[0].subscriber),
    await other.db.listen('news', probes[1].subscriber),
  ];
  await notify(database.db, 'news', 'after stopping');
  await eventually('the probes heard it', () => probes.every((probe) => probe.events.length === 1));
  for (const stop of probing) await stop();
  assert.deepEqual([mine.events, theirs.events], [['hello'], ['hello']], 'nothing is heard after stopping');
});

test('in a transaction the notice is sent at COMMIT, and never when it rolls back', async () => {
  const { events, subscriber } = recorder();
  const stop = await other.db.listen('news', subscriber);
  try {
    await database.db
      .tx(async (q) => {
        await notify(q, 'news', 'rolled back');
        throw new Error('abort');
      })
      .catch(() => undefined);
    await database.db.tx(async (q) => {
      await notify(q, 'news', 'committed');
      await settle();
      assert.deepEqual(events, [], 'nothing is heard before COMMIT');
    });
    await eventually('the committed notice', () => events.length > 0);
    // Had the rolled-back notice been sent, it would have come first: it was sent before the committed one.
    assert.deepEqual(events, ['committed']);
  } finally {
    await stop();
  }
});

test('another database or schema does not hear it', async () => {
  const elsewhere = await openTestDb();
  const { events, subscriber } = recorder();
  const stop = await elsewhere.db.listen('news', subscriber);
  try {
    await notify(database.db, 'news', 'not for you');
    await notify(elsewhere.db, 'news', 'for you');
    await eventually('its own notice', () => events.length > 0);
    // The other schema's notice committed first: heard at all, it would be heard before this one.
    assert.deepEqual(events, ['for you']);
  } finally {
    await stop();
    await elsewhere.drop();
  }
});

test(
  'a dropped listening connection is opened again: failed, then missed, then notices flow again',
  { skip: !process.env.TEST_DATABASE_URL && 'PGlite has no connection to drop' },
  async () => {
    const { events, subscriber } = recorder();
    const stop = await other.db.listen('news', subscriber);
    try {
      const [{ killed }] = await database.db.query<{ killed: number }>(
        `SELECT count(pg_terminate_backend(pid)) AS killed FROM pg_stat_activity
         WHERE query LIKE 'LISTEN "' || current_schema() || '.news"'`,
      );
      assert.equal(killed, 1);
      await eventually('failed, then missed', () => events.includes('(missed)'), 15_000);
      assert.deepEqual(events, ['(failed)', '(missed)']);
      await notify(database.db, 'news', 'back');
      await eventually('a notice after the reconnection', () => events.includes('back'));
    } finally {
      await stop();
    }
  },
);
