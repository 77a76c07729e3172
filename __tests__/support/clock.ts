import { FAKE_NOW } from './fakeBackend';

/**
 * Pins only the Date clock to the fake backend's "now", so relative times and default ranges read against the seed.
 * Every timer stays real: MSW, RTK Query and MUI transitions keep running as in a browser.
 */
export function pinClockToFakeNow() {
  jest.useFakeTimers({
    now: FAKE_NOW,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
