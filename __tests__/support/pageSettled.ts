import { act, screen, waitFor } from '@testing-library/react';
import { server } from './server';

/**
 * Counts the fake API's requests still unanswered, from now until the test ends (requests.ts removes every listener
 * after each test).
 */
export function trackInFlight() {
  let inFlight = 0;
  server.events.on('request:start', () => {
    inFlight += 1;
  });
  server.events.on('request:end', () => {
    inFlight -= 1;
  });
  return () => inFlight;
}

/** How long a page may take to show its h1: a fifth of jest's 60 s per test (docs/testing.md, "Test times"). */
const PAGE_MOUNT_TIMEOUT_MS = 12_000;

const tick = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

/**
 * Waits until the page shows its h1 and every request it made (and those its answers led to) has been answered and
 * rendered: the network stays quiet over three ticks in a row.
 */
export async function pageSettled(inFlight: () => number) {
  // The page's own module loads first (a lazy route: its code is transformed on a first import), which on a busy
  // machine took more than the 5 s every other wait has (a busy-core CI run, docs/testing.md, "Test times").
  await screen.findByRole('heading', { level: 1 }, { timeout: PAGE_MOUNT_TIMEOUT_MS });
  let quiet = 0;
  while (quiet < 3) {
    await waitFor(() => expect(inFlight()).toBe(0));
    await tick();
    quiet = inFlight() === 0 ? quiet + 1 : 0;
  }
}
