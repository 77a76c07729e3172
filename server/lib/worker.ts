/**
 * A background loop that works a queue: `run` does one pass and says how many items it handled. A pass starts every
 * `pollMs`, at once when `kick` is called (something was queued), and again straight away while passes find work;
 * never two at a time. `idle` resolves once no pass is running or asked for (tests), `close` stops it.
 */
export function createWorker(run: () => Promise<number>, pollMs: number, onError: (error: unknown) => void) {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let waiters: (() => void)[] = [];

  const loop = async () => {
    do {
      again = false;
      try {
        if ((await run()) > 0) again = true;
      } catch (error) {
        onError(error);
      }
    } while (again && !closed);
    running = null;
    for (const resolve of waiters) resolve();
    waiters = [];
  };
  const kick = () => {
    if (closed) return;
    if (running) again = true;
    else running = loop();
  };
  const timer = setInterval(kick, pollMs);
  timer.unref();

  return {
    kick,
    idle: () => (running ? new Promise<void>((resolve) => waiters.push(resolve)) : Promise.resolve()),
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
