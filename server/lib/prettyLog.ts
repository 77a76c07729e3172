/**
 * pino's JSON lines as one readable line each, for a person watching `npm start` (LOG_FORMAT=pretty). Our own
 * formatter rather than pino-pretty: a few lines instead of a dozen packages, and the same redacted record as the
 * JSON output (it formats what pino has already serialised and redacted).
 */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const WARN = 40;
const COLORS: Record<string, string> = { WARN: '\u001b[33m', ERROR: '\u001b[31m', FATAL: '\u001b[31m' };
const RESET = '\u001b[0m';

/** Fields every line has, shown in its own place or not at all (pid and hostname are the same on every line). */
const SHOWN_APART = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'err']);

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

function fieldValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

interface SerialisedError {
  type?: string;
  message?: string;
  stack?: string;
}

/**
 * One JSON log line as `HH:MM:SS.mmm LEVEL message key=value…`. The request id is shown from WARN up, to match a
 * failure with the `x-request-id` its client saw; an error's stack follows on indented lines. A line that is not
 * pino's JSON is passed through.
 */
export function formatLogLine(line: string, { color = false } = {}): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const levelNumber = typeof record.level === 'number' ? record.level : 30;
  const level = LEVELS[levelNumber] ?? String(levelNumber);
  const parts = [clock(record.time), level.padEnd(5)];
  if (typeof record.msg === 'string' && record.msg !== '') parts.push(record.msg);
  const err = record.err as SerialisedError | undefined;
  if (err?.message && err.message !== record.msg) parts.push(`err=${fieldValue(err.message)}`);
  for (const [key, value] of Object.entries(record)) {
    if (!SHOWN_APART.has(key) && value !== undefined) parts.push(`${key}=${fieldValue(value)}`);
  }
  if (levelNumber >= WARN && record.reqId !== undefined) parts.push(`req=${fieldValue(record.reqId)}`);
  let text = parts.join(' ');
  if (color && COLORS[level]) text = `${COLORS[level]}${text}${RESET}`;
  // The stack's first line repeats the message.
  const stack = err?.stack?.split('\n').slice(1).join('\n');
  return stack ? `${text}\n${stack}\n` : `${text}\n`;
}

/** A pino destination that writes each record, formatted, to `out`. */
export function prettyDestination(out: { write(text: string): unknown }, options: { color?: boolean } = {}) {
  return { write: (line: string) => void out.write(formatLogLine(line, options)) };
}
