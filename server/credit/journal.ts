import fs from 'node:fs';
import path from 'node:path';
import type { UsageEvent } from './writeBills';

/** A segment is closed (and a new one begun) after this many bills, so a file never grows without bound. */
const SEGMENT_LINES = 10_000;
const SEGMENT_FILE = /^bills-\d+-\d+\.jsonl$/;

/**
 * The bills of answered gateway requests, appended to a file before the answer is sent and forgotten once the
 * database has them. The settler writes bills to the database in batches after the reply (a reply never waits for
 * the database); this file is what makes that safe: a process killed before its batch committed leaves its bills
 * here, and the next start replays them (recordUsageBatch bills a request id once, so a bill both committed and
 * journalled is not billed twice).
 *
 * The write is a plain write(2) without fsync: the line is in the operating system's page cache as soon as the
 * call returns, which survives the process being killed (kill -9, a crash, an out-of-memory kill), though not the
 * machine losing power before the kernel writes it back (docs/gateway.md, "Crashes").
 */
export interface BillJournal {
  /** Records a bill; returns the segment it went into, for committed(). */
  append(event: UsageEvent): number;
  /** These bills are in the database: a segment whose bills all are is emptied (or deleted, once closed). */
  committed(segments: number[]): void;
  close(): void;
}

/** For tests and tools that run without a data directory: bills are only as durable as the process. */
export const noJournal: BillJournal = { append: () => 0, committed: () => undefined, close: () => undefined };

export function openBillJournal(dir: string, { segmentLines = SEGMENT_LINES } = {}): BillJournal {
  fs.mkdirSync(dir, { recursive: true });
  const runStamp = Date.now();
  /** Bills appended to a segment and not yet committed, by segment number. */
  const pending = new Map<number, number>();
  let segment = 0;
  let fd = -1;
  let lines = 0;
  const file = (n: number) => path.join(dir, `bills-${runStamp}-${n}.jsonl`);

  function open() {
    segment++;
    fd = fs.openSync(file(segment), 'a');
    lines = 0;
    pending.set(segment, 0);
  }

  function forget(n: number) {
    pending.delete(n);
    fs.rmSync(file(n), { force: true });
  }

  open();
  return {
    append(event) {
      if (lines >= segmentLines) {
        fs.closeSync(fd);
        const closed = segment;
        open();
        if (pending.get(closed) === 0) forget(closed);
      }
      fs.writeSync(fd, `${JSON.stringify(event)}\n`);
      lines++;
      pending.set(segment, (pending.get(segment) ?? 0) + 1);
      return segment;
    },
    committed(segments) {
      for (const n of segments) {
        const left = (pending.get(n) ?? 1) - 1;
        pending.set(n, left);
        if (left > 0) continue;
        if (n !== segment) forget(n);
        else if (lines > 0) {
          // Everything written so far is in the database: start the open segment afresh (O_APPEND follows).
          fs.ftruncateSync(fd, 0);
          lines = 0;
        }
      }
    },
    close() {
      fs.closeSync(fd);
      if (pending.get(segment) === 0) forget(segment);
    },
  };
}

/**
 * The bills left by earlier runs, each file with its events (a line torn by the crash is skipped: its request's
 * answer was not sent). Read before a new journal is opened in the same directory.
 */
export function readLeftBills(dir: string): { file: string; events: UsageEvent[] }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => SEGMENT_FILE.test(name))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      const events: UsageEvent[] = [];
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        if (!line) continue;
        try {
          const event = JSON.parse(line) as UsageEvent;
          events.push({ ...event, createdAt: event.createdAt ? new Date(event.createdAt) : undefined });
        } catch {
          // The torn last line of a killed process.
        }
      }
      return { file, events };
    });
}
