// The in-memory database behind the fake API (handlers.ts). setup.ts calls fakeDb.reset() before every test, so each
// test starts from the same seed (fakeBackend/seed.ts) at FAKE_NOW with alice signed in.
import type { Coupon } from '../../contract/schemas/coupons';
import type { AnswerShaper } from './handlers/contract';
import { ACME_TEAM_ID, buildSeed } from './fakeBackend/seed';
import { NEW_KEY_STATE } from './fakeBackend/keys';
import type { FakeApiKey, FakeMembership, FakePayment, FakeState, FakeTeam, FakeUser } from './fakeBackend/state';

export type {
  FakeActivity,
  FakeApiKey,
  FakeCreditEntry,
  FakeInvite,
  FakeMembership,
  FakePayment,
  FakeRedemption,
  FakeRequest,
  FakeState,
  FakeTeam,
  FakeUsageRow,
  TeamRole,
} from './fakeBackend/state';
export { ACME_TEAM_ID } from './fakeBackend/seed';

/** The fake's clock after every reset: Sunday 15 November 2026, noon UTC. */
export const FAKE_NOW = new Date('2026-11-15T12:00:00.000Z');

export type SeedLogin = 'alice' | 'bob' | 'admin' | 'carol';

/** One request the fake API answered (or failed on purpose). */
export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. '/v1/teams/team-acme/credits/history'. */
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body, or null when there was none. */
  body: unknown;
}

export interface FailureOptions {
  status?: number;
  code?: string;
  message?: string;
  /** How many matching requests fail; Infinity for all of them until the next reset. */
  times?: number;
  /** Match the path exactly instead of as a prefix (e.g. '/v1/teams/' without '/v1/teams/dashboard'). */
  exact?: boolean;
}

interface PlannedFailure {
  method: string;
  pathPrefix: string;
  exact: boolean;
  status: number;
  code: string;
  message: string;
  remaining: number;
}

export interface InjectedFailure {
  status: number;
  code: string;
  message: string;
}

/** Mulberry32: a tiny deterministic generator, so generated keys and codes repeat from one run to the next. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED_ORDER_COUNT = 12;

/** The contract's error code for a status (docs/api-contract.md, Errors). */
const DEFAULT_CODES: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'NO_TOKEN',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'RATE_LIMITED',
};

class FakeDb {
  /** The raw collections; mutate them freely to arrange a test. */
  state: FakeState = buildSeed(FAKE_NOW);
  /** Every request the handlers saw since the last reset, oldest first. */
  requests: RecordedRequest[] = [];

  private clock = new Date(FAKE_NOW);
  private login: string | null = 'alice';
  private ids = new Map<string, number>();
  private orders = SEED_ORDER_COUNT;
  private random = seededRandom(42);
  private failures: PlannedFailure[] = [];
  /**
   * Rewrites every successful JSON answer before it leaves (the tolerant-reader tests: an answer of the spec's fields
   * alone, or without one optional field); null answers as the contract says.
   */
  answerShaper: AnswerShaper | null = null;

  /** Restores the seed, the clock (FAKE_NOW), the signed-in user (alice), the request log and planned failures. */
  reset(): void {
    this.state = buildSeed(FAKE_NOW);
    this.requests = [];
    this.clock = new Date(FAKE_NOW);
    this.login = 'alice';
    this.ids = new Map();
    this.orders = SEED_ORDER_COUNT;
    this.random = seededRandom(42);
    this.failures = [];
    this.answerShaper = null;
    this.syncSessionHint();
  }

  /** The fake server's current time. */
  now(): Date {
    return new Date(this.clock);
  }

  /** Moves the fake server's clock (the seed keeps its times). */
  setNow(date: Date | string): void {
    this.clock = new Date(date);
  }

  /** Signs a seeded (or added) user in by login; null signs out, so every call answers 401 NO_TOKEN. */
  signInAs(login: SeedLogin | (string & {}) | null): void {
    if (login !== null) this.user(login);
    this.login = login;
    this.syncSessionHint();
  }

  /** Like the real server, keeps the readable `signed_in` cookie in step with the session (see server/plugins/auth.ts). */
  private syncSessionHint(): void {
    document.cookie =
      this.login === null ? 'signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/' : 'signed_in=1; path=/';
  }

  /** The signed-in user, or null. */
  currentUser(): FakeUser | null {
    return this.login === null ? null : (this.state.users.find((user) => user.login === this.login) ?? null);
  }

  /** A user by login; throws for an unknown login. */
  user(login: string): FakeUser {
    const user = this.state.users.find((candidate) => candidate.login === login);
    if (!user) throw new Error(`fakeDb: no user with login '${login}'`);
    return user;
  }

  /** A team by id (default the seeded Acme AI); throws when missing. */
  team(teamId: string = ACME_TEAM_ID): FakeTeam {
    const team = this.state.teams.find((candidate) => candidate.id === teamId);
    if (!team) throw new Error(`fakeDb: no team '${teamId}'`);
    return team;
  }

  /** The team a user belongs to and their membership, or null. */
  membershipOf(userId: string): { team: FakeTeam; membership: FakeMembership } | null {
    const membership = this.state.memberships.find((candidate) => candidate.user_id === userId);
    const team = membership && this.state.teams.find((candidate) => candidate.id === membership.team_id);
    return membership && team ? { team, membership } : null;
  }

  /** Removes a user from their team (e.g. `setTeamless('alice')` for the no-team screens). */
  setTeamless(login: string): void {
    const { id } = this.user(login);
    this.state.memberships = this.state.memberships.filter((membership) => membership.user_id !== id);
  }

  /** Adds `count` active coupons BULK001, BULK002, … ($1, $2, …), each created a minute after the previous. */
  addCoupons(count: number, overrides: Partial<Coupon> = {}): Coupon[] {
    const added = Array.from({ length: count }, (_, index): Coupon => {
      const number = this.nextNumber('bulk-coupon');
      return {
        id: `coupon-bulk-${number}`,
        code: `BULK${String(number).padStart(3, '0')}`,
        amount: number,
        description: `Bulk coupon ${number}`,
        active: true,
        expires_at: null,
        max_uses: 10,
        current_uses: 0,
        created_at: new Date(this.clock.getTime() - (count - index) * 60_000).toISOString(),
        ...overrides,
      };
    });
    this.state.coupons.push(...added);
    return added;
  }

  /** Adds `count` active keys 'Key 1', 'Key 2', … to a team (default Acme AI). */
  addApiKeys(count: number, teamId: string = ACME_TEAM_ID): FakeApiKey[] {
    const added = Array.from({ length: count }, (_, index): FakeApiKey => {
      const number = this.nextNumber('bulk-key');
      return {
        ...NEW_KEY_STATE,
        team_id: teamId,
        key: null,
        id: `key-bulk-${number}`,
        name: `Key ${number}`,
        key_prefix: `sk-bulk${String(number).padStart(4, '0')}`,
        is_active: true,
        created_at: new Date(this.clock.getTime() - (count - index) * 60_000).toISOString(),
        last_used_at: null,
        user_id: 'user-alice',
        user_name: 'Alice Anderson',
        user_email: 'alice@example.com',
      };
    });
    this.state.apiKeys.push(...added);
    return added;
  }

  /** A payment by order id; throws when missing. */
  payment(orderId: string): FakePayment {
    const payment = this.state.payments.find((candidate) => candidate.order_id === orderId);
    if (!payment) throw new Error(`fakeDb: no payment '${orderId}'`);
    return payment;
  }

  /** The most recently created payment (e.g. the one a Buy Credits test just opened). */
  latestPayment(): FakePayment | undefined {
    return [...this.state.payments].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0];
  }

  /** Marks a payment completed now and credits its amount to the team as a topup entry. */
  completePayment(orderId: string): FakePayment {
    const payment = this.payment(orderId);
    Object.assign(payment, { status: 'completed', completed_at: this.clock.toISOString(), failure_reason: null });
    this.state.credits.push({
      id: this.nextId('credit'),
      team_id: payment.team_id,
      type: 'topup',
      amount: payment.amount.cents / 100,
      description: `Credit top-up (order ${orderId})`,
      created_at: this.clock.toISOString(),
    });
    return payment;
  }

  /** Marks a payment failed now with the given reason. */
  failPayment(orderId: string, reason: string | null = 'Card declined'): FakePayment {
    return Object.assign(this.payment(orderId), {
      status: 'failed' as const,
      failed_at: this.clock.toISOString(),
      failure_reason: reason,
    });
  }

  /** Marks a payment expired. */
  expirePayment(orderId: string): FakePayment {
    return Object.assign(this.payment(orderId), { status: 'expired' as const });
  }

  /** The latest recorded request with this method whose path starts with `pathPrefix`. */
  lastRequest(method: string, pathPrefix: string): RecordedRequest | undefined {
    return this.requestsTo(method, pathPrefix).at(-1);
  }

  /** All recorded requests with this method whose path starts with `pathPrefix`, oldest first. */
  requestsTo(method: string, pathPrefix: string): RecordedRequest[] {
    const wanted = method.toUpperCase();
    return this.requests.filter((request) => request.method === wanted && request.path.startsWith(pathPrefix));
  }

  /**
   * Makes the next request(s) with this method whose path starts with `pathPrefix` answer `{ code, message }` with
   * the status instead (default: once, 500 INTERNAL_ERROR; the code defaults to the contract's code for the status).
   */
  failNext(method: string, pathPrefix: string, options: FailureOptions = {}): void {
    const status = options.status ?? 500;
    this.failures.push({
      method: method.toUpperCase(),
      pathPrefix,
      exact: options.exact ?? false,
      status,
      code: options.code ?? DEFAULT_CODES[status] ?? 'INTERNAL_ERROR',
      message: options.message ?? (status >= 500 ? 'Internal server error' : 'Request failed'),
      remaining: options.times ?? 1,
    });
  }

  // ---- Used by the handlers ----

  /** Logs a request (handlers call this for every request). */
  record(request: RecordedRequest): void {
    this.requests.push(request);
  }

  /** Consumes a planned failure matching the request, if any. */
  takeFailure(method: string, path: string): InjectedFailure | null {
    const matches = (candidate: PlannedFailure) =>
      candidate.exact ? path === candidate.pathPrefix : path.startsWith(candidate.pathPrefix);
    const failure = this.failures.find(
      (candidate) => candidate.remaining > 0 && candidate.method === method && matches(candidate),
    );
    if (!failure) return null;
    failure.remaining -= 1;
    return { status: failure.status, code: failure.code, message: failure.message };
  }

  /** A fresh id like 'credit-101' (seeded ids never use numbers above 100). */
  nextId(prefix: string): string {
    return `${prefix}-${100 + this.nextNumber(prefix)}`;
  }

  /** The next order id: ord-013 first after a reset. */
  nextOrderId(): string {
    this.orders += 1;
    return `ord-${String(this.orders).padStart(3, '0')}`;
  }

  /** `length` deterministic characters from `alphabet`. */
  randomChars(alphabet: string, length: number): string {
    return Array.from({ length }, () => alphabet[Math.floor(this.random() * alphabet.length)]).join('');
  }

  private nextNumber(counter: string): number {
    const next = (this.ids.get(counter) ?? 0) + 1;
    this.ids.set(counter, next);
    return next;
  }
}

export type { FakeDb };

export const fakeDb = new FakeDb();
