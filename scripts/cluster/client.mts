// What the cluster test does as a client: sign in, make a team and keys through the load balancer, call the gateway.
import { API_KEYS_PATH, TEAM_PATH } from '../../contract/apiPaths';
import { signInCookie } from '../lib/demoServer.mts';

export interface Answer {
  status: number;
  /** The instance HAProxy sent the request to (x-served-by), or null when no answer came back. */
  servedBy: string | null;
  code: string | null;
}

export async function signedInCall(origin: string, cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A new user owning a new team (no monthly budget) and a key with the given controls. */
export async function teamWithKey(origin: string, login: string, controls: Record<string, unknown> = {}) {
  const cookie = await signInCookie(origin, login);
  const team = await signedInCall(origin, cookie, 'POST', TEAM_PATH, { name: `${login}'s team`, budget_limit: 0 });
  const key = await signedInCall(origin, cookie, 'POST', API_KEYS_PATH, { name: 'cluster test', ...controls });
  return { cookie, teamId: team.id as string, key: key.key as string };
}

export async function chat(origin: string, key: string, body: object): Promise<Answer> {
  try {
    const response = await fetch(`${origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const parsed = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
    return {
      status: response.status,
      servedBy: response.headers.get('x-served-by'),
      code: parsed?.error?.code ?? null,
    };
  } catch {
    return { status: 0, servedBy: null, code: 'network_error' };
  }
}

/** `total` calls, `concurrency` at a time. */
export async function calls(total: number, concurrency: number, call: () => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        answers.push(await call());
      }
    }),
  );
  return answers;
}

/** Calls back to back from `workers` clients until `stop()` resolves; every answer with the time it came. */
export async function steadyLoad(workers: number, call: () => Promise<Answer>, stop: Promise<unknown>) {
  const answers: (Answer & { at: number })[] = [];
  let done = false;
  void stop.then(() => (done = true));
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!done) answers.push({ ...(await call()), at: Date.now() });
    }),
  );
  return answers;
}

export const count = (answers: Answer[], test: (answer: Answer) => boolean) => answers.filter(test).length;
/**
 * The instances that answered, whatever they answered. Not only those that admitted: with credit leases
 * (docs/deploy.md#credit-leases) one instance may legitimately hold every admission of a small balance while the other
 * refuses its share, and the CI run of 14b1a58 saw exactly that (every 200 from instance-1, 402s from both).
 */
export const servers = (answers: Answer[]) =>
  [...new Set(answers.flatMap((a) => (a.servedBy === null ? [] : [a.servedBy])))].sort();
