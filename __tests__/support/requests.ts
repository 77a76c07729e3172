import { server } from './server';

/** Records "METHOD /path" for every request the app makes from now on (query strings dropped). */
export function recordRequests() {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return {
    get all() {
      return [...seen];
    },
    clear() {
      seen.length = 0;
    },
    count(entry: string) {
      return seen.filter((item) => item === entry).length;
    },
  };
}

afterEach(() => server.events.removeAllListeners());
