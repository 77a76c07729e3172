/**
 * CPU time of the processes serving a path, for npm run bench:gateway's "CPU per request" (docs/gateway.md#performance):
 * user plus system time from /proc/<pid>/stat, every thread of the process included (PGlite's worker too). Linux only;
 * elsewhere, and for a process that has gone, null.
 */
import fs from 'node:fs';

/** The kernel's clock ticks per second for these counters (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Milliseconds of CPU `pid` has used so far, or null. */
export function cpuMsOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces), in parentheses: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Every process whose command is `name` (PostgreSQL's server and its backends: `postgres`). */
export function pidsNamed(name: string): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number)
      .filter((pid) => {
        try {
          return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

/** CPU of `pids()` summed, sampled now: call the result for the milliseconds used since, null when none was readable. */
export function cpuMeter(pids: () => number[]): () => number | null {
  const before = new Map(pids().map((pid) => [pid, cpuMsOf(pid)]));
  if (![...before.values()].some((value) => value !== null)) return () => null;
  return () =>
    pids().reduce((used, pid) => {
      const now = cpuMsOf(pid);
      // A process started since (a new PostgreSQL backend) counts from zero.
      return now === null ? used : used + now - (before.get(pid) ?? 0);
    }, 0);
}
