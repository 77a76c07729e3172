import { expect, test } from '@playwright/test';
import { freshLogin, signIn } from './signIn';
import { watchProblems } from './problems';

// A new user without a team goes through every team page, loaded and reached from the sidebar: each shows its "create
// or join a team" state and the console stays clean (no 404 NO_TEAM), because the session's user says there is no
// team (docs/rules.md#owners-and-admins).
const TEAM_PAGES = [
  { path: '/dashboard', link: 'Dashboard', text: 'Create a team to start using API keys, credits and usage tracking.' },
  { path: '/api-keys', link: 'API Keys', text: 'Create a team to start using API keys, credits and usage tracking.' },
  { path: '/team', link: 'Team Settings', text: 'Create Your Team' },
  {
    path: '/usage-reports',
    link: 'Usage Reports',
    text: 'Create a team to start using API keys, credits and usage tracking.',
  },
  { path: '/billing', link: 'Billing', text: 'Create a team to start using API keys, credits and usage tracking.' },
];

test('a user without a team: every team page says so, with no failed request and no console error', async ({
  page,
}) => {
  const problems = watchProblems(page);
  await signIn(page, freshLogin('teamless'));

  for (const { path, text } of TEAM_PAGES) {
    await page.goto(path);
    await expect(page.getByText(text).first(), path).toBeVisible();
  }
  for (const { path, link, text } of TEAM_PAGES) {
    await page.getByRole('navigation').getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByText(text).first(), `${path} from the sidebar`).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
