import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { openBillJournal, readLeftBills } from '../credit/journal';
import { recoverPreviousRun } from '../credit/recovery';
import { recordUsage, type UsageEvent } from '../credit/writeBills';
import { createTestContext, type TestContext } from './helpers';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'journal-'));
const lineCount = (dir: string) =>
  fs
    .readdirSync(dir)
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8').split('\n').filter(Boolean).length)
    .reduce((sum, n) => sum + n, 0);

const event = (teamId: string, userId: string, reservationId: number, costCents: number): UsageEvent => ({
  teamId,
  userId,
  apiKeyId: null,
  model: 'echo-1',
  provider: 'echo',
  promptTokens: 10,
  completionTokens: 10,
  costCents,
  latencyMs: 5,
  status: 'success',
  createdAt: new Date('2026-11-20T10:00:00Z'),
  reservationId,
});

describe('the bill journal', () => {
  test('keeps a bill until the database has it, then forgets it', () => {
    const dir = tempDir();
    const journal = openBillJournal(dir);
    const a = journal.append(event('t', 'u', 1, 5));
    const b = journal.append(event('t', 'u', 2, 5));
    assert.equal(lineCount(dir), 2);
    journal.committed([a]);
    assert.equal(lineCount(dir), 2, 'a segment is emptied only when all its bills are written');
    journal.committed([b]);
    assert.equal(lineCount(dir), 0);
    journal.append(event('t', 'u', 3, 5));
    assert.equal(readLeftBills(dir)[0].events[0].reservationId, 3);
    journal.close();
  });

  test('closes full segments and deletes each once its bills are written', () => {
    const dir = tempDir();
    const journal = openBillJournal(dir, { segmentLines: 2 });
    const segments = [1, 2, 3, 4, 5].map((id) => journal.append(event('t', 'u', id, 1)));
    assert.equal(fs.readdirSync(dir).length, 3);
    journal.committed(segments.slice(0, 2));
    assert.equal(fs.readdirSync(dir).length, 2);
    journal.committed(segments.slice(2));
    journal.close();
    assert.deepEqual(fs.readdirSync(dir), []);
  });

  test('a torn last line (the process died mid-write) is skipped, the rest is read with its times', () => {
    const dir = tempDir();
    const journal = openBillJournal(dir);
    journal.append(event('t', 'u', 1, 5));
    const [file] = fs.readdirSync(dir);
    fs.appendFileSync(path.join(dir, file), '{"teamId":"t","us');
    const [left] = readLeftBills(dir);
    assert.equal(left.events.length, 1);
    assert.ok(left.events[0].createdAt instanceof Date);
    assert.equal(left.events[0].createdAt?.toISOString(), '2026-11-20T10:00:00.000Z');
  });
});

describe('recovering a crashed run', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.reset());

  test('bills what the journal holds exactly once and gives back only this instance’s holds', async () => {
    const owner = await ctx.user('owner');
    const teamId = await ctx.team(owner);
    await ctx.db.query(
      `INSERT INTO credit_ledger (team_id, type, amount_cents, description) VALUES ($1, 'topup', 1000, 'x')`,
      [teamId],
    );
    await ctx.db.query('UPDATE teams SET credit_balance_cents = 1000, reserved_cents = 90 WHERE id = $1', [teamId]);
    const [billed, unbilled, other] = await ctx.db.query<{ id: number }>(
      `INSERT INTO gateway_reservations (team_id, amount_cents, expires_at, instance_id)
       VALUES ($1, 30, now() + interval '15 minutes', 'crashed'), ($1, 30, now() + interval '15 minutes', 'crashed'),
              ($1, 30, now() + interval '15 minutes', 'alive')
       RETURNING id`,
      [teamId],
    );
    // One bill already written before the crash (its hold released then), one only in the journal.
    await ctx.db.query('DELETE FROM gateway_reservations WHERE id = $1', [billed.id]);
    await ctx.db.query('UPDATE teams SET reserved_cents = 60 WHERE id = $1', [teamId]);
    await recordUsage(ctx.db, event(teamId, owner.id, billed.id, 7));
    const journalDir = tempDir();
    const journal = openBillJournal(journalDir);
    journal.append(event(teamId, owner.id, billed.id, 7));
    journal.append(event(teamId, owner.id, unbilled.id, 11));
    journal.close();

    assert.deepEqual(await recoverPreviousRun(ctx.db, { journalDir, instanceId: 'crashed' }), {
      replayed: 2,
      released: 0,
      refused: 0,
    });
    const [team] = await ctx.db.query<{ balance: number; reserved: number }>(
      'SELECT credit_balance_cents AS balance, reserved_cents AS reserved FROM teams WHERE id = $1',
      [teamId],
    );
    assert.equal(team.balance, 1000 - 7 - 11);
    assert.equal(team.reserved, 30, "only the live instance's hold is left");
    const holds = await ctx.db.query<{ id: number }>('SELECT id FROM gateway_reservations');
    assert.deepEqual(
      holds.map((row) => row.id),
      [other.id],
    );
    const [{ n }] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_events');
    assert.equal(n, 2);
    assert.deepEqual(fs.readdirSync(journalDir), []);
    assert.deepEqual(await recoverPreviousRun(ctx.db, { journalDir, instanceId: 'crashed' }), {
      replayed: 0,
      released: 0,
      refused: 0,
    });
  });

  test('a bill the database refuses is kept beside the journal, and the others of its file are billed', async () => {
    const owner = await ctx.user('owner');
    const teamId = await ctx.team(owner);
    const journalDir = tempDir();
    const journal = openBillJournal(journalDir);
    journal.append({ ...event(teamId, owner.id, 0, 3), reservationId: null });
    // A count past the int column's range, as a provider's usage could report it.
    journal.append({ ...event(teamId, owner.id, 0, 4), reservationId: null, promptTokens: 3_000_000_000 });
    journal.append({ ...event(teamId, owner.id, 0, 5), reservationId: null });
    journal.close();
    assert.deepEqual(await recoverPreviousRun(ctx.db, { journalDir, instanceId: 'crashed' }), {
      replayed: 2,
      released: 0,
      refused: 1,
    });
    const rows = await ctx.db.query<{ cost_cents: number }>('SELECT cost_cents FROM usage_events ORDER BY cost_cents');
    assert.deepEqual(
      rows.map((row) => row.cost_cents),
      [3, 5],
    );
    const files = fs.readdirSync(journalDir);
    assert.equal(files.length, 1);
    assert.match(files[0], /\.refused$/);
    const kept = fs.readFileSync(path.join(journalDir, files[0]), 'utf8').trim().split('\n');
    assert.deepEqual(
      kept.map((line) => (JSON.parse(line) as UsageEvent).promptTokens),
      [3_000_000_000],
    );
    assert.equal(readLeftBills(journalDir).length, 0, 'not replayed again at the next start');
  });

  test('a hold of this instance whose request never answered is given back at once', async () => {
    const owner = await ctx.user('owner');
    const teamId = await ctx.team(owner);
    await ctx.db.query('UPDATE teams SET reserved_cents = 45 WHERE id = $1', [teamId]);
    await ctx.db.query(
      `INSERT INTO gateway_reservations (team_id, amount_cents, expires_at, instance_id)
       VALUES ($1, 45, now() + interval '15 minutes', 'crashed')`,
      [teamId],
    );
    const result = await recoverPreviousRun(ctx.db, { journalDir: tempDir(), instanceId: 'crashed' });
    assert.deepEqual(result, { replayed: 0, released: 1, refused: 0 });
    const [team] = await ctx.db.query<{ reserved: number }>('SELECT reserved_cents AS reserved FROM teams');
    assert.equal(team.reserved, 0);
  });
});
