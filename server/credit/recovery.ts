import fs from 'node:fs';
import type { Db } from '../db/types';
import { releaseInstanceLeases } from './leases';
import { releasePreviousRunReservations } from './release';
import { recordUsageBatch, refusedAValue, type UsageEvent } from './writeBills';
import { readLeftBills } from './journal';

const REPLAY_BATCH = 500;

/**
 * Writes `events`; when the database refuses a value of one of them (refusedAValue), each alone. Returns the bills
 * refused: one such bill must not keep the others of its file out of the database, nor the instance from starting.
 */
async function replay(db: Db, events: UsageEvent[]): Promise<UsageEvent[]> {
  try {
    await recordUsageBatch(db, events);
    return [];
  } catch (error) {
    if (!refusedAValue(error)) throw error;
    if (events.length === 1) return events;
    const refused: UsageEvent[] = [];
    for (const event of events) refused.push(...(await replay(db, [event])));
    return refused;
  }
}

/**
 * What an instance does on start, before it admits a request: bill what its previous run answered but had not
 * written (the journal's leftovers; a bill already written is not billed again), then give back that run's holds,
 * whose requests can no longer settle. A bill the database refuses is kept beside its file, as `<file>.refused`, for
 * the operator. Returns the counts for the start-up log.
 */
export async function recoverPreviousRun(
  db: Db,
  { journalDir, instanceId }: { journalDir: string; instanceId: string },
): Promise<{ replayed: number; released: number; refused: number }> {
  let replayed = 0;
  let refused = 0;
  for (const { file, events } of readLeftBills(journalDir)) {
    const left: UsageEvent[] = [];
    for (let start = 0; start < events.length; start += REPLAY_BATCH) {
      left.push(...(await replay(db, events.slice(start, start + REPLAY_BATCH))));
    }
    if (left.length > 0)
      fs.writeFileSync(`${file}.refused`, left.map((event) => `${JSON.stringify(event)}\n`).join(''));
    replayed += events.length - left.length;
    refused += left.length;
    fs.rmSync(file);
  }
  const released =
    (await releasePreviousRunReservations(db, instanceId)) + (await releaseInstanceLeases(db, instanceId));
  return { replayed, released, refused };
}
