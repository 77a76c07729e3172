/**
 * The server's log lines written to stdout together, once per turn of the event loop, instead of one write(2) per
 * line: on Linux a write to a pipe or a file is synchronous (Node's process.stdout), so each line cost a system call
 * on the thread that answers requests. Under load a turn carries many lines, and they leave in one call; a lone line
 * leaves on the next turn, so a person watching the log sees nothing late. What is still waiting when the process
 * exits (an uncaught exception included) is written by the 'exit' handler, synchronously.
 * Measured: docs/gateway.md, "The server's own logs".
 */
export interface LineWriter {
  write(text: string): unknown;
}

let pending = '';
let scheduled = false;
let listening = false;

function flush() {
  scheduled = false;
  if (pending === '') return;
  const text = pending;
  pending = '';
  process.stdout.write(text);
}

/** The process's one batched stdout: every logger of the process shares it, and one 'exit' listener. */
export function batchedStdout(): LineWriter {
  if (!listening) {
    listening = true;
    process.on('exit', flush);
  }
  return {
    write(text: string) {
      pending += text;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      return true;
    },
  };
}
