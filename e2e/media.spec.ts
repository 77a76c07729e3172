import { expect, test } from '@playwright/test';
import { signIn } from './signIn';

// Issue 42's media doors against the real server (docs/media.md): two images made with a new key through
// /v1/images/generations, found in the request log, whose drawer says what they were billed by.

test('two images made through the gateway are in the request log with their billed units', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'alice');
  const name = `media ${Date.now().toString(36)}`;
  await page.goto('/api-keys/create');
  await page.getByLabel('API Key Name').fill(name);
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const shown = page.getByText(/^sk-[A-Za-z0-9_-]{40,}$/);
  await expect(shown).toBeVisible();
  const secret = (await shown.textContent())!.trim();

  const made = await request.post('/v1/images/generations', {
    headers: { authorization: `Bearer ${secret}` },
    data: { model: 'echo/image-1', prompt: 'a lighthouse at dusk', n: 2, response_format: 'b64_json' },
  });
  expect(made.status()).toBe(200);
  expect(((await made.json()) as { data: unknown[] }).data).toHaveLength(2);
  expect(made.headers()['x-gateway-units']).toBe('2 image:1024x1024');

  await page.goto('/usage-reports/requests');
  const grid = page.getByRole('grid', { name: 'Requests' });
  const row = grid.getByRole('row', { name: new RegExp(name) }).first();
  await expect(row).toBeVisible();
  await row.click();
  const drawer = page.getByRole('dialog', { name: 'Request details' });
  await expect(drawer.getByText('2 images (1024x1024)')).toBeVisible();
  await expect(drawer.getByText('Images (OpenAI)')).toBeVisible();
  await expect(drawer.getByText('$0.08')).toBeVisible();
});
