import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LEASE_WORST_CASES, createLeaseBook, type LeaseBookDeps } from '../credit/leaseBook';
import type { LeaseAnswer } from '../credit/leases';
import type { Admission, AdmissionRequest } from '../credit/admission';

/**
 * The in-memory side of credit leases, against a fake database: when a lease is refilled, and who waits for it.
 * The database side and the overdraw bound are tested through HTTP in leaseAdmission.test.ts.
 */
const owner = { keyId: 'key-1', teamId: 'team-1', userId: 'user-1' };
const WORST = 2;
const request: AdmissionRequest = { amountCents: WORST, leastCents: WORST, tokens: 10, models: ['openai/metered'] };
const grant = (leaseId: number, grantedCents: number): LeaseAnswer => ({
  ok: true,
  owner,
  leaseId,
  grantedCents,
  requestBlock: leaseId * 1_000,
  validUntil: null,
  allowedModels: [],
});
const refused: LeaseAnswer = {
  ok: false,
  rateLimited: false,
  reason: 'insufficient_credits',
  leftCents: 0,
  fitsCents: 0,
  heldCents: 0,
};

/** A book whose acquisitions stay pending until the test answers them, in order. */
function bookWithPendingDatabase(overrides: Partial<LeaseBookDeps> = {}) {
  const pending: (Parameters<LeaseBookDeps['acquire']>[1] & { answer: (value: LeaseAnswer) => void })[] = [];
  const givenBack: { leaseId: number; amountCents: number }[] = [];
  const deps: LeaseBookDeps = {
    acquire: (_keyHash, ask) => new Promise((answer) => pending.push({ ...ask, answer })),
    giveBack: async (returns) => void givenBack.push(...returns),
    admitByStatement: async () => assert.fail('no key here has a per-minute limit'),
    trusted: () => true,
    now: () => 0,
    ...overrides,
  };
  return { book: createLeaseBook(deps), pending, givenBack };
}

/** Admits `count` requests, each settled at once at cost `costCents`; they must all be admitted without waiting. */
async function admitNow(book: ReturnType<typeof createLeaseBook>, count: number, costCents: number) {
  for (let i = 0; i < count; i++) {
    const admission = await Promise.race([
      book.admit('hash', request),
      new Promise<'waited'>((resolve) => setImmediate(() => resolve('waited'))),
    ]);
    assert.notEqual(admission, 'waited', `request ${i + 1} waited for the database`);
    const admitted = admission as Admission;
    assert.ok(admitted.ok);
    admitted.lease?.settle(costCents);
  }
}

test('the first request waits for its lease; a lease below half a slice is refilled while it goes on admitting', async () => {
  const { book, pending } = bookWithPendingDatabase();
  const first = book.admit('hash', request);
  assert.equal(pending.length, 1);
  assert.equal(pending[0].wantCents, WORST * LEASE_WORST_CASES);
  pending[0].answer(grant(1, WORST * LEASE_WORST_CASES));
  const admitted = await first;
  assert.ok(admitted.ok);
  admitted.lease?.settle(WORST);

  // Half a slice is 50 worst cases: 49 more bills leave just over half, the 50th goes below it.
  await admitNow(book, 49, WORST);
  assert.equal(pending.length, 1, 'no refill above half a slice');
  await admitNow(book, 1, WORST);
  assert.equal(pending.length, 2, 'one refill in the background');
  await admitNow(book, 20, WORST);
  assert.equal(pending.length, 2, 'one refill at a time');

  pending[1].answer(grant(2, WORST * LEASE_WORST_CASES));
  await new Promise(setImmediate);
  assert.deepEqual(book.snapshot(), [
    { leaseId: 1, keyId: 'key-1', grantedCents: WORST * (2 * LEASE_WORST_CASES - 71), inFlightCents: 0 },
  ]);
});

test('a refused refill is not asked again per request: the request that finds the lease empty asks, and is refused', async () => {
  const { book, pending } = bookWithPendingDatabase();
  const first = book.admit('hash', request);
  // The team had 40 worst cases left, below half a slice: the first admission already asks for more.
  pending[0].answer(grant(1, WORST * 40));
  const admitted = await first;
  assert.ok(admitted.ok);
  admitted.lease?.settle(WORST);
  assert.equal(pending.length, 2);
  pending[1].answer(refused);
  await new Promise(setImmediate);

  await admitNow(book, 39, WORST);
  assert.equal(pending.length, 2, 'the refusal stands until the lease is empty');
  const last = book.admit('hash', request);
  assert.equal(pending.length, 3, 'the empty lease asks the database, and the request waits for its answer');
  pending[2].answer(refused);
  assert.deepEqual(await last, refused);
});

test('a request without an output cap takes what the rooms have, down to its least hold; below it, the refusal counts the lease', async () => {
  const { book, pending } = bookWithPendingDatabase();
  const open: AdmissionRequest = { amountCents: 100, leastCents: 10, tokens: 10, models: ['openai/metered'] };
  const first = book.admit('hash', open);
  assert.deepEqual(
    { want: pending[0].wantCents, need: pending[0].needCents, least: pending[0].leastCents },
    { want: 100 * LEASE_WORST_CASES, need: 100, least: 10 },
  );
  // The rooms had 40 cents: the statement granted them, and the request holds all 40.
  pending[0].answer(grant(1, 40));
  const admitted = await first;
  assert.ok(admitted.ok);
  assert.equal(admitted.heldCents, 40);
  // The lease is below half a slice: it asked for more in the background, and the rooms had none.
  assert.equal(pending.length, 2);
  pending[1].answer(refused);
  await new Promise(setImmediate);

  // A request with a cap needs its whole worst case: the lease has 0 free, the rooms 5 cents.
  const capped = book.admit('hash', { ...open, leastCents: 100 });
  assert.equal(pending.at(-1)!.leastCents, 100);
  pending.at(-1)!.answer({ ...refused, leftCents: 5, fitsCents: 5, heldCents: 40 });
  assert.deepEqual(await capped, { ...refused, leftCents: 5, fitsCents: 5, heldCents: 40 });

  // Settled at 30 cents, 10 are free on the lease: a request that needs 10 at the least is admitted with them.
  admitted.lease?.settle(30);
  const small = book.admit('hash', open);
  assert.deepEqual({ need: pending.at(-1)!.needCents, least: pending.at(-1)!.leastCents }, { need: 90, least: 0 });
  pending.at(-1)!.answer(grant(1, 0));
  const admittedSmall = await small;
  assert.ok(admittedSmall.ok);
  assert.equal(admittedSmall.heldCents, 10);
});

test('a room with nothing left refuses even a request that costs nothing', async () => {
  const { book, pending } = bookWithPendingDatabase();
  const free = book.admit('hash', { amountCents: 0, leastCents: 0, tokens: 1, models: ['openai/free'] });
  assert.deepEqual({ need: pending[0].needCents, least: pending[0].leastCents }, { need: 1, least: 1 });
  pending[0].answer(refused);
  assert.deepEqual(await free, refused);
});

test("a refusal counts what this instance's lease has free as left, not as held by requests in flight", async () => {
  const { book, pending } = bookWithPendingDatabase();
  const first = book.admit('hash', { ...request, amountCents: 30, leastCents: 30 });
  pending[0].answer(grant(1, 40));
  assert.ok((await first).ok);
  // 10 of the lease's 40 are free: a request that needs 20 asks the database, whose rooms have nothing left and
  // count the whole lease as held.
  // The lease was below half a slice once the first was admitted: its refill in the background is refused first.
  assert.equal(pending.length, 2);
  pending[1].answer({ ...refused, heldCents: 40 });
  await new Promise(setImmediate);
  const refusedHere = book.admit('hash', { ...request, amountCents: 20, leastCents: 20 });
  assert.equal(pending.length, 3);
  pending[2].answer({ ...refused, heldCents: 40 });
  assert.deepEqual(await refusedHere, { ...refused, leftCents: 10, fitsCents: 10, heldCents: 30 });
});

test('a slice whose statement began before a spending change was heard is given back, and a new one asked for', async () => {
  const { book, pending, givenBack } = bookWithPendingDatabase();
  const first = book.admit('hash', request);
  assert.equal(pending.length, 1);
  // The change is heard while the statement runs: its grant may have been made under the old cap.
  let forgotten = false;
  const forgetting = book.forgetKeys().then(() => (forgotten = true));
  await new Promise(setImmediate);
  assert.equal(forgotten, false, 'forgetting waits for the slice still being taken');
  pending[0].answer(grant(1, 100));
  await forgetting;
  assert.deepEqual(givenBack, [{ leaseId: 1, amountCents: 100 }], 'the stale slice went back before forgetting ended');
  assert.equal(pending.length, 2, 'the waiting request asked again');
  pending[1].answer(grant(1, 40));
  const admitted = await first;
  assert.ok(admitted.ok);
  assert.deepEqual(book.snapshot(), [{ leaseId: 1, keyId: 'key-1', grantedCents: 40, inFlightCents: WORST }]);
});

test('an instance not up to date with every spending change admits by statement, not from its leases', async () => {
  let trusted = true;
  const byStatement: AdmissionRequest[] = [];
  const { book, pending } = bookWithPendingDatabase({
    trusted: () => trusted,
    admitByStatement: async (_keyHash, asked) => {
      byStatement.push(asked);
      return { ok: false, reason: 'insufficient_credits', leftCents: 0, fitsCents: 0, heldCents: 0 };
    },
  });
  const first = book.admit('hash', request);
  pending[0].answer(grant(1, WORST * LEASE_WORST_CASES));
  assert.ok((await first).ok);
  trusted = false;
  const second = await book.admit('hash', request);
  assert.equal(second.ok, false, 'the statement refused it, though the lease had nearly a whole slice free');
  assert.equal(byStatement.length, 1);
  assert.equal(pending.length, 1, 'no slice asked for');
  trusted = true;
  assert.ok((await book.admit('hash', request)).ok, 'trusted again: from the lease');
  assert.equal(byStatement.length, 1);
});

test('a request that costs nothing (a free tool call) asks for a slice of one cent’s worst cases and is admitted', async () => {
  const { book, pending } = bookWithPendingDatabase();
  const free: AdmissionRequest = { amountCents: 0, leastCents: 0, tokens: 0, models: null };
  const admission = book.admit('hash', free);
  assert.equal(pending.length, 1);
  // A slice of nothing was granted nothing (gateway_lease grants at most what is asked), and the request asked again
  // for ever.
  assert.equal(pending[0].wantCents, LEASE_WORST_CASES);
  assert.equal(pending[0].needCents, 1);
  pending[0].answer(grant(1, LEASE_WORST_CASES));
  const admitted = await admission;
  assert.ok(admitted.ok);
  admitted.lease?.settle(0);
  // The next one is admitted from the lease, without the database.
  await Promise.race([
    book.admit('hash', free).then((next) => assert.ok(next.ok)),
    new Promise((_, reject) => setImmediate(() => reject(new Error('the second free request waited')))),
  ]);
  assert.equal(pending.length, 1);
});
