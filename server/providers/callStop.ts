/**
 * What stops a provider call: the client hung up, the provider stalled, a guardrail stopped the answer. The gateway
 * makes one per try, so it is not an AbortSignal: that is an EventTarget, and making one and listening on it was
 * about 2 % of the gateway thread's time at 1,000 requests a second (docs/gateway.md › Performance, "What a request
 * no longer repeats"). A reader that takes a signal (the echo provider's streams) gets a real one from `signal`, made
 * on first use.
 */
export class CallStop {
  #stopped = false;
  #listener: (() => void) | null = null;
  #controller: AbortController | null = null;

  get stopped(): boolean {
    return this.#stopped;
  }

  /** Stops the call: its listener runs once, and the signal, when one was made, aborts. */
  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    const listener = this.#listener;
    this.#listener = null;
    listener?.();
    this.#controller?.abort();
  }

  /** Runs `listener` when the call is stopped (at once if it already is). A call has one: a later one replaces it. */
  onStop(listener: () => void): void {
    if (this.#stopped) listener();
    else this.#listener = listener;
  }

  /** An AbortSignal that aborts with the call, for an API that takes one. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#stopped) this.#controller.abort();
    }
    return this.#controller.signal;
  }
}
