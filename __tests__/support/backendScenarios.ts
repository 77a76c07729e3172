// Scenarios both backends must answer alike (issue 43): the browser tests' fake backend (__tests__/support, over MSW)
// and the real server (server/test/backendScenarios.test.ts, through HTTP). Each step says what a person does and
// what the answer must be; __tests__/contract/backendScenarios.test.ts runs them on the fake and the server's test
// runs them on the real thing, so a rule the fake states differently from the server fails one of the two.
// Only what the API promises is compared: statuses, the fields named, the exact error messages.

import { BUDGET_LIMIT_MESSAGE } from '../../contract/budget';
import { KEY_NAME_MESSAGE } from '../../contract/schemas/apiKeys';
import { MODEL_NAME_MESSAGE } from '../../contract/schemas/common';
import { TEAM_NAME_MESSAGE } from '../../contract/schemas/teams';

/** One backend, as a scenario drives it: a signed-in login, and JSON calls. */
export interface ScenarioBackend {
  /** `alice` owns a team; `admin` is an administrator. */
  signInAs(login: 'alice' | 'admin'): Promise<void>;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
}

interface Step {
  as: 'alice' | 'admin';
  /** What the person does, in the failure message. */
  does: string;
  method: string;
  /** `{team}` is alice's team id. */
  path: string;
  body?: unknown;
  status: number;
  /** Fields the answer must have with these values (a nested object is matched the same way). */
  answer?: Record<string, unknown>;
}

export interface Scenario {
  name: string;
  steps: Step[];
}

export const BACKEND_SCENARIOS: Scenario[] = [
  {
    name: 'a coupon is created, validated and redeemed by its code, trimmed and in any case, once per team',
    steps: [
      {
        as: 'admin',
        does: 'creates a coupon with a lower-case code and spaces',
        method: 'POST',
        path: '/v1/admin/coupons',
        body: { code: '  scenario7 ', amount_usd: 7.5, max_uses: 2 },
        status: 201,
        answer: { code: 'SCENARIO7', amount: 7.5, description: null, active: true, max_uses: 2, current_uses: 0 },
      },
      {
        as: 'admin',
        does: 'creates it again, in another case',
        method: 'POST',
        path: '/v1/admin/coupons',
        body: { code: 'Scenario7', amount_usd: 1, max_uses: 1 },
        status: 409,
      },
      {
        as: 'alice',
        does: 'validates it with spaces and in lower case',
        method: 'POST',
        path: '/v1/teams/{team}/coupons/validate',
        body: { code: ' scenario7  ' },
        status: 200,
        answer: {
          valid: true,
          amount: 7.5,
          coupon: { code: 'SCENARIO7', amount: 7.5, description: null, expires_at: null },
        },
      },
      {
        as: 'alice',
        does: 'redeems it',
        method: 'POST',
        path: '/v1/teams/{team}/coupons/redeem',
        body: { code: 'SCENARIO7' },
        status: 200,
        answer: { success: true, amount: 7.5 },
      },
      {
        as: 'alice',
        does: 'redeems it again',
        method: 'POST',
        path: '/v1/teams/{team}/coupons/redeem',
        body: { code: 'scenario7' },
        status: 409,
        answer: { message: 'Coupon already redeemed by this team' },
      },
      {
        as: 'alice',
        does: 'validates a code no coupon has',
        method: 'POST',
        path: '/v1/teams/{team}/coupons/validate',
        body: { code: 'NO-SUCH-CODE' },
        status: 404,
        answer: { message: 'Coupon not found' },
      },
    ],
  },
  {
    name: 'bad input is refused with the same words',
    steps: [
      {
        as: 'alice',
        does: 'sets a negative monthly budget',
        method: 'PUT',
        path: '/v1/teams/budget',
        body: { budget_limit: -1 },
        status: 400,
        answer: { message: BUDGET_LIMIT_MESSAGE },
      },
      {
        as: 'alice',
        does: 'creates a team with a blank name',
        method: 'POST',
        path: '/v1/teams/',
        body: { name: '   ', budget_limit: 10 },
        status: 400,
        answer: { message: TEAM_NAME_MESSAGE },
      },
      {
        as: 'alice',
        does: 'creates a key with a blank name',
        method: 'POST',
        path: '/v1/api-keys/',
        body: { name: '   ' },
        status: 400,
        answer: { message: KEY_NAME_MESSAGE },
      },
      {
        as: 'admin',
        does: 'creates a pricing tier without a model name',
        method: 'POST',
        path: '/v1/admin/pricing/tiers',
        body: {
          provider: 'openai',
          model: '  ',
          tier_name: 'standard',
          tier_order: 1,
          min_tokens: 0,
          prompt_cost_per_1m: 1,
          completion_cost_per_1m: 2,
        },
        status: 400,
        answer: { message: MODEL_NAME_MESSAGE },
      },
    ],
  },
  {
    name: 'the owner sets the budget in dollars and cents, and the team reads it back',
    steps: [
      {
        as: 'alice',
        does: 'sets the monthly budget to $120.50',
        method: 'PUT',
        path: '/v1/teams/budget',
        body: { budget_limit: 120.5 },
        status: 200,
        answer: { budget_limit: 120.5 },
      },
      {
        as: 'alice',
        does: 'reads the team',
        method: 'GET',
        path: '/v1/teams/',
        status: 200,
        answer: { budget_limit: 120.5 },
      },
    ],
  },
  {
    name: 'an invitation: an address that is not one is refused, a new one is pending, the same one again is 409',
    steps: [
      {
        as: 'alice',
        does: 'invites "not-an-email"',
        method: 'POST',
        path: '/v1/teams/invite',
        body: { email: 'not-an-email' },
        status: 400,
        answer: { message: 'Enter a valid email address.' },
      },
      {
        as: 'alice',
        does: 'invites a new address in mixed case',
        method: 'POST',
        path: '/v1/teams/invite',
        body: { email: 'New.Person@Example.com' },
        status: 201,
        answer: { email: 'new.person@example.com', status: 'pending' },
      },
      {
        as: 'alice',
        does: 'invites it again',
        method: 'POST',
        path: '/v1/teams/invite',
        body: { email: 'new.person@example.com' },
        status: 409,
      },
    ],
  },
  {
    name: 'a key is created and listed first, active and not blocked',
    steps: [
      {
        as: 'alice',
        does: 'creates a key',
        method: 'POST',
        path: '/v1/api-keys/',
        body: { name: 'scenario key' },
        status: 201,
        answer: { name: 'scenario key', is_active: true },
      },
      {
        as: 'alice',
        does: 'lists the keys (an array: its first item by index)',
        method: 'GET',
        path: '/v1/api-keys/',
        status: 200,
        answer: { 0: { name: 'scenario key', is_active: true, blocked_by: null } },
      },
    ],
  },
];

/** What differs between what a step got and what it must get: empty when it matches. */
function differences(step: Step, got: { status: number; body: unknown }): string[] {
  const found: string[] = [];
  if (got.status !== step.status) found.push(`status ${got.status}, not ${step.status}: ${JSON.stringify(got.body)}`);
  const match = (want: Record<string, unknown>, have: unknown, at: string) => {
    for (const [field, value] of Object.entries(want)) {
      const actual = (have as Record<string, unknown> | null)?.[field];
      if (value !== null && typeof value === 'object')
        match(value as Record<string, unknown>, actual, `${at}${field}.`);
      else if (actual !== value) found.push(`${at}${field} is ${JSON.stringify(actual)}, not ${JSON.stringify(value)}`);
    }
  };
  if (step.answer) match(step.answer, got.body, '');
  return found;
}

/** Runs a scenario; the list of what went differently, each with the step that did it. */
export async function runScenario(backend: ScenarioBackend, scenario: Scenario): Promise<string[]> {
  const problems: string[] = [];
  let team: string | null = null;
  let signedIn: string | null = null;
  for (const step of scenario.steps) {
    if (signedIn !== step.as) {
      await backend.signInAs(step.as);
      signedIn = step.as;
    }
    if (step.path.includes('{team}') && team === null) {
      const mine = await backend.call('GET', '/v1/teams/');
      team = (mine.body as { id: string }).id;
    }
    const got = await backend.call(step.method, step.path.replace('{team}', team ?? ''), step.body);
    problems.push(...differences(step, got).map((problem) => `${step.as} ${step.does}: ${problem}`));
  }
  return problems;
}
