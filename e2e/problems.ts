import type { Page } from '@playwright/test';

/**
 * Collects what a visit should never show: console errors and answers of 400 and above. Read it at the end (after
 * the page settled): an empty list is a clean visit.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}
