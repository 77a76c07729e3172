import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './signIn';
import { watchProblems } from './problems';

// The README's journeys as a new user follows them (issue 38): the things to try first, and the key-limit
// walkthrough, with the curl body and the refusal read from the README itself, so the README cannot drift from what
// the product does. The server side of the walkthrough is server/test/readmeJourneys.test.ts.

const README = readFileSync('README.md', 'utf8');
/** The tour of the demo, where the README's key-limit walkthrough now lives (docs/tour.md, "Governance"). */
const TOUR = readFileSync('docs/tour.md', 'utf8');

/** The JSON body of the README's first curl (`-d '…'`) to /v1/chat/completions. */
function readmeCurlBody(): Record<string, unknown> {
  const curl = /curl http:\/\/localhost:8080\/v1\/chat\/completions[^`]*?-d '([^']+)'/.exec(README);
  if (!curl) throw new Error('the README has no curl to /v1/chat/completions');
  return JSON.parse(curl[1]) as Record<string, unknown>;
}

/** The refusal the tour quotes after "Try a limit", its reset date as a pattern (it is the 1st of next month). */
function readmeRefusal(): { code: string; message: RegExp; limitDollars: string } {
  const walkthrough = TOUR.slice(TOUR.indexOf('Try a limit from the command line'));
  const limit = /monthly spending limit of \$(\d+\.\d\d)/.exec(walkthrough);
  const quoted = /```json\n([\s\S]*?)```/.exec(walkthrough);
  if (!limit || !quoted) throw new Error("docs/tour.md's key-limit walkthrough has moved");
  const error = (JSON.parse(quoted[1]) as { error: { code: string; message: string } }).error;
  const escaped = error.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const message = new RegExp(`^${escaped.replace(/[A-Z][a-z]{2} 1, \d{4}/, '[A-Z][a-z]{2} 1, \\d{4}')}$`);
  return { code: error.code, message, limitDollars: limit[1] };
}

const chat = (request: APIRequestContext, secret: string, body: Record<string, unknown>) =>
  request.post('/v1/chat/completions', { headers: { authorization: `Bearer ${secret}` }, data: body });

/** Creates a key on API Keys as the README says (Create New Key), with a monthly limit when given; its secret. */
async function createKey(page: Page, name: string, limitDollars?: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API Keys' }).click();
  await page.getByRole('link', { name: 'Create New Key' }).click();
  await page.getByLabel('API Key Name').fill(name);
  if (limitDollars) {
    await page.getByRole('button', { name: 'Limits and access (optional)' }).click();
    const limits = page.getByRole('region', { name: 'Limits and access' });
    await limits.getByLabel('Spending limit (USD)').fill(limitDollars);
    await limits.getByLabel('Limit resets').selectOption('monthly');
  }
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const secret = page.getByText(/^sk-[A-Za-z0-9_-]{40,}$/);
  await expect(secret).toBeVisible();
  return (await secret.textContent())!.trim();
}

/**
 * The balance the Billing page's Credit Balance card shows, in cents, on a fresh visit (a page already open asks again
 * when its tab regains focus, as when the user comes back from the terminal; a revisit within a minute is cached).
 */
async function shownBalanceCents(page: Page) {
  await page.goto('/billing');
  const card = page.getByRole('region', { name: 'Credit Balance' });
  await expect(card).toContainText(/\$[\d,]+\.\d\d/);
  const [dollars] = /\$[\d,]+\.\d\d/.exec((await card.textContent()) ?? '')!;
  return Math.round(Number(dollars.replace(/[$,]/g, '')) * 100);
}

test('Quick start: a key on API Keys answers the README curl for a cent, TEAM25 adds $25.00, the call is logged', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'alice');
  const name = `readme ${Date.now().toString(36)}`;
  const secret = await createKey(page, name);
  const before = await shownBalanceCents(page);

  const answered = await chat(request, secret, readmeCurlBody());
  expect(answered.status()).toBe(200);
  const answer = (await answered.json()) as { usage: { prompt_tokens: number; completion_tokens: number } };
  // "6 prompt + 6 completion tokens", and "the balance has dropped by 1 cent".
  expect([answer.usage.prompt_tokens, answer.usage.completion_tokens]).toEqual([6, 6]);
  await expect.poll(() => shownBalanceCents(page).then((now) => before - now)).toBe(1);

  // "redeem the demo coupon TEAM25 ($25.00) on Billing (Redeem Coupon)".
  const balance = await shownBalanceCents(page);
  await page.getByRole('button', { name: 'Redeem Coupon' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redeem Coupon' });
  await dialog.getByLabel('Coupon Code').fill('TEAM25');
  await dialog.getByRole('button', { name: 'Validate' }).click();
  await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
  // On Billing the dialog closes and a toast says what was added.
  await expect(page.getByText('Coupon redeemed: $25.00 added to your credit balance')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(() => shownBalanceCents(page).then((now) => now - balance)).toBe(2_500);

  // "The request is on Usage Reports", and in its request log with the key's name.
  await page.goto('/usage-reports/requests');
  await expect(page.getByRole('grid', { name: 'Requests' }).getByRole('row', { name: new RegExp(name) })).toBeVisible();
});

test('the key-limit walkthrough as written: answered, then refused with the quoted message; max_tokens fits; a limit too low says so', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'alice');
  const refusal = readmeRefusal();
  const curl = readmeCurlBody();
  const name = `limited ${Date.now().toString(36)}`;
  const secret = await createKey(page, name, refusal.limitDollars);

  expect((await chat(request, secret, curl)).status()).toBe(200);
  // The first call settles in the background; the second is held against what is left after it.
  await expect
    .poll(async () => {
      const second = await chat(request, secret, curl);
      return second.status() === 429
        ? ((await second.json()) as { error: { code: string; message: string } }).error
        : null;
    })
    .toMatchObject({ code: refusal.code, message: expect.stringMatching(refusal.message) });

  // "With "max_tokens": 6 the same call holds 4 cents and is answered".
  expect((await chat(request, secret, { ...curl, max_tokens: 6 })).status()).toBe(200);

  // API Keys shows the spend against the limit; lowered to $0.20 with Edit, the key says a call without max_tokens no
  // longer fits (echo-1's 256 output tokens hold $0.26).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API Keys' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(`$0.02 of $${refusal.limitDollars}`);
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit API key "${name}"` });
  await edit.getByLabel('Spending limit (USD)').fill('0.20');
  // At 1280×800 the dialog's actions stay in view (its fields scroll): Save is on screen without scrolling the page.
  const save = edit.getByRole('button', { name: 'Save Changes' });
  const box = await save.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  await save.click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Limit too low');
  await expect(row).toContainText('$0.18 left; a call without max_tokens holds $0.26');
});

test("a teamless administrator's first visit: the console, every menu entry on screen at 1280×800, no failed request", async ({
  page,
}) => {
  const problems = watchProblems(page);
  // The demo's admin has no team: sign-in lands on the admin dashboard, not on "Team Setup Required".
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Team Setup Required')).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('list').first()).toHaveAccessibleName('Admin');
  // Both lists fit the menu's height: nothing to scroll to, and Sign out below them on screen.
  expect(await nav.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(0);
  const signOut = await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('link', { name: 'Sign out' })
    .boundingBox();
  expect(signOut && signOut.y + signOut.height).toBeLessThanOrEqual(page.viewportSize()!.height);

  // Models lists what a team could call (with no keys); the playground says a team comes first.
  await nav.getByRole('link', { name: 'Models' }).click();
  await expect(page.getByText('echo/echo-1').first()).toBeVisible();
  await nav.getByRole('link', { name: 'Playground' }).click();
  await expect(page.getByText('Create a team to start using API keys, credits and usage tracking.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
