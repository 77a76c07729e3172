import { expect, test, type Locator, type Page } from '@playwright/test';
import { newPageAs } from './sessions';
import { watchProblems } from './problems';

// The charts as the production build draws them: MUI X Charts with the build's narrowed defaults (the line series
// only, the bar chart bringing its own; build/chartsDefaults.js), which jest never sees. Each chart draws its series, and a pointer over it shows the
// tooltip with the day's values.

const VIEWPORT = { width: 1280, height: 800 };

async function pointAtMiddle(page: Page, surface: Locator) {
  await surface.scrollIntoViewIfNeeded();
  const box = await surface.boundingBox();
  if (!box) throw new Error('the chart has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width / 2 + 4, box.y + box.height / 2);
}

test('the daily usage chart draws its line, its bars when asked, and a tooltip under the pointer', async ({
  browser,
}) => {
  const page = await newPageAs(browser, 'alice', VIEWPORT);
  const problems = watchProblems(page);
  await page.goto('/usage-reports');
  const section = page.getByRole('region', { name: /daily usage/i });
  await expect(section.locator('.MuiLineChart-line').first()).toBeVisible();
  await pointAtMiddle(page, section.locator('svg:has(.MuiLineChart-line)'));
  await expect(page.getByRole('tooltip')).toBeVisible();

  await section.getByRole('button', { name: 'Bar', exact: true }).click();
  await expect(section.locator('.MuiBarChart-element').first()).toBeVisible();
  expect(problems).toEqual([]);
  await page.context().close();
});

test('the analytics chart draws requests, errors and cost, with a tooltip under the pointer', async ({ browser }) => {
  const page = await newPageAs(browser, 'admin', VIEWPORT);
  const problems = watchProblems(page);
  await page.goto('/admin/analytics');
  const section = page.getByRole('region', { name: 'Requests and cost by day' });
  await expect(section.locator('.MuiLineChart-line')).toHaveCount(3);
  for (const series of ['Requests', 'Errors', 'Cost'])
    await expect(section.getByText(series, { exact: true })).toBeVisible();
  await pointAtMiddle(page, section.locator('svg:has(.MuiLineChart-line)'));
  await expect(page.getByRole('tooltip')).toBeVisible();
  expect(problems).toEqual([]);
  await page.context().close();
});
