// Runs before the test framework: browser APIs jsdom lacks.

// A matchMedia that answers width queries against window.innerWidth, so layout tests can set a phone or desktop width.
function matches(query: string): boolean {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  if (min && window.innerWidth < Number(min[1])) return false;
  if (max && window.innerWidth > Number(max[1])) return false;
  return Boolean(min || max);
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

// Compile-time constant that webpack's DefinePlugin provides in real builds.
process.env.API_BASE_URL = process.env.API_BASE_URL ?? '';

// React 19's development build records an "owner stack" for each element it creates (at most 10,000 between two
// renders a second apart): an Error, with its stack captured, per createElement and jsx call, plus a console task
// where the console has them. Only React's own warnings read those stacks, to say which component rendered the one
// that warned, and the suite fails on no warning's text. Left on, they were 8% of a page test's time (two files,
// alternating, two runs each: 31.9 and 32.0 s with them, 29.9 and 28.9 without; docs/testing.md, "Why the jest suite
// was slow"). The counter React checks before recording one now always reads as past its limit.
import * as React from 'react';

const reactInternals = (React as unknown as Record<string, object>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => Infinity, set: () => {} });
