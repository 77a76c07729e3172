/**
 * npm run bench:audit — the audit log at 1,000,000 entries (docs/audit.md#performance): 20 teams of 50 people, half
 * of the entries on the benchmark's team, a year of them. Times every page an owner and an administrator ask for
 * through the real routes (authentication, validation, the query, serialisation): the first page, the next, each
 * filter (actor, action, target type, one target, one day) and an administrator's everyone and one team, p50/p95 of
 * BENCH_RUNS runs (each with other values) after 2 warm-ups; checks each plan for a sequential scan of the table;
 * exports one month of the team's entries through the CSV route. Fails (exit 1) when a page's p95 is 200 ms or more.
 *
 * Engines: PGlite, and PostgreSQL when BENCH_DATABASE_URL is set; BENCH_ENGINES=postgres or =pglite runs one.
 * Knobs: BENCH_ENTRIES (1000000), BENCH_RUNS (20).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { AUDIT_LOG_CSV_PATH, AUDIT_LOG_PATH, withParams } from '../../contract/apiPaths';
import { AUDIT_ACTIONS, auditTargetType, type AuditLogQuery } from '../../contract/schemas/audit';
import { auditPageQuery, type AuditScope } from '../audit/auditLog';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import type { Db } from '../db/types';
import { createSessions } from '../sessions/sessions';
import { onEachEngine } from './benchDatabases';
import { indexesRead, percentile } from './stats';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const TEAMS = 20;
const PEOPLE_PER_TEAM = 50;
const DAYS = 365;
const DAY_MS = 86_400_000;
const BATCH = 100_000;
const TARGET_P95_MS = 200;
const SECRET = randomBytes(32).toString('hex');

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

interface Seeded {
  teamIds: string[];
  /** The benchmark's team's people; the first owns it. */
  people: { id: string; login: string }[];
  adminId: string;
  /** Target ids used on the benchmark's team (one per entry group). */
  targets: string[];
}

/**
 * Teams and people, then the entries in batches of SQL generate_series: entry i belongs to the benchmark's team
 * when i is even (half of them), else to one of the others; its actor, action and target follow from i, and its time
 * spreads evenly over the year, newest last.
 */
async function load(db: Db, note: (line: string) => void): Promise<Seeded> {
  const teams = await db.query<{ id: string }>(
    `INSERT INTO teams (name) SELECT 'Team ' || i FROM generate_series(1, $1) i ORDER BY i RETURNING id`,
    [TEAMS],
  );
  const users = await db.query<{ id: string; login: string }>(
    `INSERT INTO users (login, name, email)
     SELECT 'person' || i, 'Person ' || i, 'person' || i || '@example.com' FROM generate_series(1, $1) i ORDER BY i
     RETURNING id, login`,
    [TEAMS * PEOPLE_PER_TEAM],
  );
  const [admin] = await db.query<{ id: string }>(
    `INSERT INTO users (login, name, email) VALUES ('admin', 'Admin', 'admin@example.com') RETURNING id`,
  );
  await db.query(
    `INSERT INTO team_members (team_id, user_id, role)
     SELECT ($1::uuid[])[1 + (i - 1) / $3], ($2::uuid[])[i], CASE WHEN (i - 1) % $3 = 0 THEN 'owner' ELSE 'member' END
     FROM generate_series(1, cardinality($2::uuid[])) i`,
    [teams.map((team) => team.id), users.map((user) => user.id), PEOPLE_PER_TEAM],
  );
  const teamIds = teams.map((team) => team.id);
  const people = users.slice(0, PEOPLE_PER_TEAM);
  const actions = [...AUDIT_ACTIONS];
  const started = performance.now();
  for (let from = 1; from <= ENTRIES; from += BATCH) {
    const to = Math.min(ENTRIES, from + BATCH - 1);
    await db.query(
      `INSERT INTO audit_log (created_at, team_id, actor_id, actor_label, actor_role, action, target_type, target_id,
                              target_label, before, after, ip, user_agent)
       SELECT now() - make_interval(secs => ($3 - i) * $4::float8 / $3),
              CASE WHEN i % 2 = 0 THEN ($5::uuid[])[1] ELSE ($5::uuid[])[2 + i % ($6 - 1)] END,
              u.id, u.login, CASE WHEN i % 7 = 0 THEN 'owner' ELSE 'member' END,
              ($7::text[])[1 + i % cardinality($7::text[])], ($8::text[])[1 + i % cardinality($8::text[])],
              'target-' || (i % 5000), 'Target ' || (i % 5000),
              jsonb_build_object('limit_cents', i % 1000), jsonb_build_object('limit_cents', (i + 1) % 1000),
              '203.0.113.' || (i % 250), 'bench/1.0'
       FROM generate_series($1::int, $2::int) i
       JOIN LATERAL (SELECT (($9::uuid[])[1 + i % cardinality($9::uuid[])]) AS id,
                            (($10::text[])[1 + i % cardinality($10::text[])]) AS login) u ON true`,
      [
        from,
        to,
        ENTRIES,
        DAYS * 86_400,
        teamIds,
        TEAMS,
        actions,
        actions.map(auditTargetType),
        people.map((person) => person.id),
        people.map((person) => person.login),
      ],
    );
  }
  await db.query('ANALYZE audit_log');
  note(`${ENTRIES.toLocaleString('en')} entries inserted (with the indexes) in ${seconds(started)} s`);
  return { teamIds, people, adminId: admin.id, targets: ['target-0', 'target-1234', 'target-4998'] };
}

interface Case {
  name: string;
  as: 'owner' | 'admin';
  query: (i: number) => AuditLogQuery;
}

async function measure(engine: string, db: Db) {
  const note = (line: string) => console.log(`${engine}: ${line}`);
  await migrate(db);
  const seeded = await load(db, note);
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      RATE_LIMIT_ENABLED: 'false',
      JWT_SECRET: SECRET,
      DIST_DIR: os.tmpdir(),
      ADMIN_LOGINS: 'admin',
    },
    ['--demo'],
  );
  const app = await buildApp({ config: { ...config, jwtSecret: SECRET }, db });
  const sessions = createSessions(SECRET, db, ['admin']);
  const tokens = { owner: await sessions.start(seeded.people[0].id), admin: await sessions.start(seeded.adminId) };
  const get = async (as: 'owner' | 'admin', url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[as]}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };
  const page = (as: 'owner' | 'admin', query: AuditLogQuery) =>
    get(as, withParams(AUDIT_LOG_PATH, query as Record<string, string | number | undefined>));

  const now = Date.now();
  const day = (i: number) => new Date(now - (1 + ((i * 13) % (DAYS - 2))) * DAY_MS).toISOString();
  const nextCursors: string[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const first = await page('owner', { to: new Date(now - i * 6 * 3_600_000).toISOString() });
    nextCursors.push(first.json().next_cursor);
  }
  const actor = (i: number) => seeded.people[(i * 7) % seeded.people.length].login;
  const action = (i: number) => AUDIT_ACTIONS[(i * 5) % AUDIT_ACTIONS.length];
  const cases: Case[] = [
    { name: 'owner: first page (newest first, 50)', as: 'owner', query: () => ({}) },
    {
      name: 'owner: next page (cursor)',
      as: 'owner',
      query: (i) => ({ to: new Date(now - i * 6 * 3_600_000).toISOString(), cursor: nextCursors[i] }),
    },
    { name: 'owner: filter actor', as: 'owner', query: (i) => ({ actor: actor(i) }) },
    { name: 'owner: filter action', as: 'owner', query: (i) => ({ action: action(i) }) },
    { name: 'owner: filter target type', as: 'owner', query: (i) => ({ target_type: auditTargetType(action(i)) }) },
    {
      name: 'owner: filter one target',
      as: 'owner',
      query: (i) => ({ target_type: 'api_key', target_id: seeded.targets[i % seeded.targets.length] }),
    },
    {
      name: 'owner: filter one day (from/to)',
      as: 'owner',
      query: (i) => ({ from: day(i), to: new Date(Date.parse(day(i)) + DAY_MS).toISOString() }),
    },
    { name: 'admin: first page, every team', as: 'admin', query: () => ({}) },
    {
      name: 'admin: one team',
      as: 'admin',
      query: (i) => ({ team_id: seeded.teamIds[1 + (i % (TEAMS - 1))] }),
    },
    { name: 'admin: filter action', as: 'admin', query: (i) => ({ action: action(i) }) },
    { name: 'admin: filter actor', as: 'admin', query: (i) => ({ actor: actor(i) }) },
  ];

  const rows: string[] = [];
  let worst = 0;
  for (const c of cases) {
    for (let i = 0; i < 2; i++) await page(c.as, c.query(RUNS + i));
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await page(c.as, c.query(i));
      times.push(performance.now() - started);
    }
    const scope: AuditScope = c.as === 'owner' ? { teamId: seeded.teamIds[0] } : { everyone: true };
    const query = c.query(0);
    // The actor filter's login is resolved in the statement; its plan is the same for any login.
    const { sql, params } = auditPageQuery(scope, query);
    const plan = await indexesRead(db, sql, params, 'audit_log');
    const p95 = percentile(times, 95);
    worst = Math.max(worst, p95);
    rows.push(`| ${engine} | ${c.name} | ${percentile(times, 50).toFixed(1)} | ${p95.toFixed(1)} | ${plan} |`);
  }

  const month = new Date(now - 30 * DAY_MS).toISOString();
  const started = performance.now();
  const csv = await get('owner', withParams(AUDIT_LOG_CSV_PATH, { from: month }));
  note(
    `CSV export of the team's last 30 days: ${(csv.body.split('\r\n').length - 2).toLocaleString('en')} rows, ` +
      `${(csv.rawPayload.length / 2 ** 20).toFixed(1)} MB in ${seconds(started)} s`,
  );
  await app.close();
  return { engine, rows, worst };
}

async function main() {
  const results = await onEachEngine(measure);
  console.log(
    `\n${ENTRIES.toLocaleString('en')} entries, ${RUNS} runs per case (after 2 warm-ups), through the routes\n`,
  );
  console.log('| Engine | Case | p50 (ms) | p95 (ms) | Plan (indexes read) |');
  console.log('|---|---|---:|---:|---|');
  for (const result of results) for (const row of result.rows) console.log(row);
  const over = results.filter((result) => result.worst >= TARGET_P95_MS);
  for (const result of results) {
    console.log(
      `${result.engine}: slowest p95 ${result.worst.toFixed(1)} ms: ${result.worst < TARGET_P95_MS ? 'pass' : 'FAIL'} (under ${TARGET_P95_MS} ms)`,
    );
  }
  if (over.length > 0) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
