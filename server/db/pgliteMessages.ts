/** What the server's thread and the PGlite worker (pgliteWorker.ts) say to each other. */

export type WorkerRequest =
  | { id: number; kind: 'query'; sql: string; params?: unknown[]; name?: string; txId?: number }
  | { id: number; kind: 'exec'; sql: string }
  /** Answered with a txId once the transaction holds the connection. */
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'commit' | 'rollback'; txId: number }
  | { id: number; kind: 'close' }
  /** Notifications on the channel come as WorkerNotification messages naming `subscription`. */
  | { id: number; kind: 'listen'; channel: string; subscription: number }
  | { id: number; kind: 'unlisten'; subscription: number };

export type WorkerResponse = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorFields };

export interface WorkerNotification {
  subscription: number;
  payload: string;
}

/** Sent once, before any response: the engine is open (or failed to open, as a response with id 0). */
export const READY = 0;

export interface WorkerData {
  dataDir: string | null;
  /** An in-memory database starts as this dump (pgliteEngine.ts writeDump) instead of an empty cluster. */
  fromDump: string | null;
  /** PostgreSQL's WebAssembly, compiled once per process (pglite.ts) and shared by every worker that runs it. */
  wasmModule: WebAssembly.Module;
}

export type ErrorFields = Record<string, unknown> & { message: string; name: string; stack?: string };

/**
 * A structured clone of an Error keeps only its message and stack, but services read PostgreSQL's fields (code
 * 23505, 40001; constraint, detail): copy every own field across.
 */
export function errorToFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: ErrorFields = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    try {
      fields[key] = structuredClone(value);
    } catch {
      fields[key] = String(value);
    }
  }
  return fields;
}

export function errorFromFields(fields: ErrorFields): Error {
  const { message, name, stack, ...rest } = fields;
  const error = Object.assign(new Error(message), rest);
  error.name = name;
  // The worker's stack says where PGlite failed; the caller's own stack is kept below it.
  if (stack)
    error.stack = `${stack}\n    --- in the server's thread ---\n${new Error().stack?.split('\n').slice(2).join('\n')}`;
  return error;
}
