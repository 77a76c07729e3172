import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './signIn';

// Issue 19's demo journey against the real server: the seeded key at its limit, a key created with a limit, its own
// curl-style request in the request log, and a rotation whose old secret stops at once.

const chat = (request: APIRequestContext, secret: string) =>
  request.post('/v1/chat/completions', {
    headers: { authorization: `Bearer ${secret}` },
    data: { model: 'echo/echo-1', messages: [{ role: 'user', content: 'Hello from the governance journey' }] },
  });

/** The secret the page shows once, after a create or a rotation. */
async function shownSecret(page: Page) {
  const secret = page.getByText(/^sk-[A-Za-z0-9_-]{40,}$/);
  await expect(secret).toBeVisible();
  return (await secret.textContent())!.trim();
}

test('a user sees a key at its limit, finds their own request in the log, and rotates the key', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'alice');
  const nav = page.getByRole('navigation', { name: 'Main' });

  // The demo seeds Bob's "Data pipeline" key at its monthly limit.
  await nav.getByRole('link', { name: 'API Keys' }).click();
  await expect(page.getByRole('row', { name: /Data pipeline/ })).toContainText('Limit reached');

  const name = `governance ${Date.now().toString(36)}`;
  await page.goto('/api-keys/create');
  await page.getByLabel('API Key Name').fill(name);
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const secret = await shownSecret(page);

  const answered = await chat(request, secret);
  expect(answered.status()).toBe(200);
  const calledAt = Date.now();

  await page.goto('/usage-reports/requests');
  const grid = page.getByRole('grid', { name: 'Requests' });
  await expect(grid.getByRole('row', { name: new RegExp(name) }).first()).toBeVisible();
  test.info().annotations.push({ type: 'request to log row', description: `${Date.now() - calledAt} ms` });

  await nav.getByRole('link', { name: 'API Keys' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: 'Rotate' }).click();
  const dialog = page.getByRole('dialog', { name: `Rotate API key "${name}"` });
  await dialog.getByLabel('Immediately').check();
  await dialog.getByRole('button', { name: 'Rotate key' }).click();
  const rotated = await shownSecret(page);
  expect(rotated).not.toBe(secret);
  await dialog.getByRole('button', { name: 'Done' }).click();

  expect((await chat(request, rotated)).status()).toBe(200);
  const refused = await chat(request, secret);
  expect(refused.status()).toBe(401);
});
