/**
 * npm run record:release -- [COMMIT] — the answers a released server gives the dashboard, recorded for the
 * tolerant-reader test (__tests__/pages/previousRelease.test.tsx, docs/testing.md "Answers of the previous
 * release"): the commit is checked out into .tmp/release-<sha> (this checkout's node_modules linked in), its server
 * started in demo mode, and every GET route the dashboard reads asked as alice (a team owner) and as admin, the
 * answers written to __tests__/fixtures/previousRelease.json. Without COMMIT, the commit already recorded there.
 * A route the old server does not have is recorded as its 404: the page must survive that too.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SUCCESS_BODIES } from '../__tests__/support/handlers/contract';
import { REPO_ROOT, signInCookie, startDemoServer } from './lib/demoServer.mts';

const FIXTURE = path.join(REPO_ROOT, '__tests__', 'fixtures', 'previousRelease.json');
const LOGINS = ['alice', 'admin'] as const;
const port = Number(process.env.PORT ?? 8397);

export interface RecordedAnswer {
  status: number;
  body: unknown;
}
export interface ReleaseAnswers {
  commit: string;
  recorded_at: string;
  /** By login, then by route as the contract names it ('GET /v1/teams/:teamId/credits/balance'). */
  answers: Record<string, Record<string, RecordedAnswer>>;
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();

function recordedCommit(): string {
  const given = process.argv[2];
  if (given) return git('rev-parse', given);
  const fixture = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as ReleaseAnswers;
  return fixture.commit;
}

/** The GET routes the dashboard reads that need no id but the team's (details need an id the page picks). */
const routes = Object.keys(SUCCESS_BODIES).filter(
  (route) => route.startsWith('GET ') && !route.replace(':teamId', '').includes(':'),
);

async function main() {
  const commit = recordedCommit();
  const checkout = path.join(REPO_ROOT, '.tmp', `release-${commit.slice(0, 12)}`);
  if (!fs.existsSync(checkout)) {
    git('worktree', 'add', '--force', '--detach', checkout, commit);
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(checkout, 'node_modules'));
  }
  // The API alone is asked: an empty app directory stands for the build (and stops demo mode from building one).
  const dist = path.join(REPO_ROOT, '.tmp', 'release-dist');
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>API only</title>');
  const server = await startDemoServer({
    port,
    distDir: dist,
    dataDir: path.join(REPO_ROOT, '.tmp', 'release-data'),
    serverRoot: checkout,
  });
  const origin = server.origin;
  try {
    const answers: ReleaseAnswers['answers'] = {};
    // Alice's team: hers, and the one the administrator (in no team) opens on Admin → Teams.
    let teamId = '';
    for (const login of LOGINS) {
      const cookie = await signInCookie(origin, login);
      const get = async (url: string): Promise<RecordedAnswer> => {
        const response = await fetch(`${origin}${url}`, { headers: { cookie } });
        const text = await response.text();
        return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
      };
      teamId ||= ((await get('/v1/teams/')).body as { id: string }).id;
      answers[login] = {};
      for (const route of routes) {
        answers[login][route] = await get(route.slice('GET '.length).replace(':teamId', teamId));
      }
    }
    const recorded: ReleaseAnswers = { commit, recorded_at: new Date().toISOString(), answers };
    fs.mkdirSync(path.dirname(FIXTURE), { recursive: true });
    fs.writeFileSync(FIXTURE, `${JSON.stringify(recorded, null, 1)}\n`);
    console.log(
      `${routes.length} routes for ${LOGINS.join(' and ')} from ${commit} in ${path.relative(REPO_ROOT, FIXTURE)}`,
    );
  } finally {
    await server.stop();
  }
}

await main();
