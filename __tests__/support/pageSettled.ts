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

const tick = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

/**
 * Waits until the page shows its h1 and every request it made (and those its answers led to) has been answered and
 * rendered: the network stays quiet over three ticks in a row.
 */
export async function pageSettled(inFlight: () => number) {
  await screen.findByRole('heading', { level: 1 });
  let quiet = 0;
  while (quiet < 3) {
    await waitFor(() => expect(inFlight()).toBe(0));
    await tick();
    quiet = inFlight() === 0 ? quiet + 1 : 0;
  }
}
