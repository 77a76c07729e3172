// One run of each page measurement of npm run bench:ui, each in a fresh browser context (a cold first visit).
import type { Browser, Page, Response } from '@playwright/test';
import { FIRST_ROW, firstRowId, installActionClock, shownAt, timeAction, type PageArg } from './browserTimers.mts';

export interface Target {
  browser: Browser;
  origin: string;
  /** The session token of the user to browse as. */
  jwt: string;
}

export interface Sample {
  name: string;
  ms: number;
}

export async function openSignedIn({ browser, origin, jwt }: Target) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: 'jwt', value: jwt, url: origin, httpOnly: true, sameSite: 'Lax' }]);
  await installActionClock(context);
  return { context, page: await context.newPage() };
}

/** Request start to last byte of an API response, as the browser saw it. */
async function apiMs(response: Promise<Response>): Promise<number> {
  const done = await response;
  await done.finished();
  return done.request().timing().responseEnd;
}

const apiResponse = (page: Page, pathname: string, search = '') =>
  page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === pathname && url.search.includes(search);
  });

/** In the page: the time once the grid's first row is another row than `previous`. */
function newFirstRowShown({ selector, previous }: PageArg) {
  const id = document.querySelector(selector!)?.getAttribute('data-id');
  return id && id !== previous ? performance.now() : false;
}

export async function measureApiKeys(target: Target): Promise<Sample[]> {
  const { context, page } = await openSignedIn(target);
  try {
    const keys = apiResponse(page, '/v1/api-keys/');
    await page.goto(`${target.origin}/api-keys`, { waitUntil: 'commit' });
    return [
      { name: '/api-keys (10,000 keys): navigation start to first grid row', ms: await shownAt(page, FIRST_ROW) },
      { name: '/api-keys: GET /v1/api-keys/ (browser, request to last byte)', ms: await apiMs(keys) },
    ];
  } finally {
    await context.close();
  }
}

/** The filters are native selects: choosing sends one input event, which starts the clock. */
async function pickOption(page: Page, select: string, option: string) {
  const field = page.getByRole('combobox', { name: select });
  const previous = await firstRowId(page);
  const choose = async () => void (await field.selectOption({ label: option }));
  return timeAction(page, choose, newFirstRowShown, { selector: FIRST_ROW, previous });
}

export async function measureCoupons(target: Target): Promise<Sample[]> {
  const { context, page } = await openSignedIn(target);
  const url = `${target.origin}/admin/coupons`;
  try {
    const list = apiResponse(page, '/v1/admin/coupons');
    await page.goto(url, { waitUntil: 'commit' });
    const firstRows = await shownAt(page, FIRST_ROW);
    const listMs = await apiMs(list);
    const previous = await firstRowId(page);
    const headerSort = await timeAction(
      page,
      () => page.getByRole('columnheader', { name: 'Amount' }).click(),
      newFirstRowShown,
      { selector: FIRST_ROW, previous },
    );
    // The server-side order and filter start from the plain list again, without the column sort on top.
    await page.goto(url, { waitUntil: 'commit' });
    await shownAt(page, FIRST_ROW);
    const sortBy = await pickOption(page, 'Sort By', 'Code');
    const statusFilter = await pickOption(page, 'Status', 'Inactive');
    return [
      { name: '/admin/coupons (10,000 coupons): navigation start to first grid row', ms: firstRows },
      { name: '/admin/coupons: GET /v1/admin/coupons (browser, request to last byte)', ms: listMs },
      { name: '/admin/coupons: column header sort (Amount) to new first row', ms: headerSort },
      { name: "/admin/coupons: 'Sort By' Code (server) to new first row", ms: sortBy },
      { name: '/admin/coupons: Status filter Inactive (server) to new first row', ms: statusFilter },
    ];
  } finally {
    await context.close();
  }
}

/** YYYY-MM-DD of `daysAgo` days before today, in local time like the page's date inputs. */
function localDate(daysAgo: number): string {
  const date = new Date();
  date.setDate(date.getDate() - daysAgo);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const CHART_LINE = 'figure[aria-describedby="daily-usage-description"] svg path.MuiLineChart-line';

/** In the page: the time once the chart's description and its line both show another range than before. */
function newRangeShown({ line, description, path }: PageArg) {
  const caption = document.getElementById('daily-usage-description')?.textContent;
  const drawn = document.querySelector(line!)?.getAttribute('d');
  return caption && caption !== description && drawn && drawn !== path ? performance.now() : false;
}

export async function measureUsageReports(target: Target): Promise<Sample[]> {
  const { context, page } = await openSignedIn(target);
  try {
    await page.goto(`${target.origin}/usage-reports`, { waitUntil: 'commit' });
    const defaultRange = await shownAt(page, CHART_LINE);
    const start = localDate(364);
    const stats = apiResponse(page, '/v1/teams/usage-stats', `start_date=${start}`);
    const before = {
      line: CHART_LINE,
      description: (await page.locator('#daily-usage-description').textContent()) ?? '',
      path: await page.locator(CHART_LINE).getAttribute('d'),
    };
    const yearRange = await timeAction(page, () => page.getByLabel('Start Date').fill(start), newRangeShown, before);
    return [
      { name: '/usage-reports (30 days, default): navigation start to cards and chart', ms: defaultRange },
      { name: '/usage-reports: Start Date 365 days back to cards and chart', ms: yearRange },
      { name: '/usage-reports: GET usage-stats 365 days (browser, request to last byte)', ms: await apiMs(stats) },
    ];
  } finally {
    await context.close();
  }
}
