import fs from 'node:fs';
import type { Db } from '../db/types';
import { releaseInstanceLeases } from './leases';
import { releasePreviousRunReservations } from './release';
import { recordUsageBatch } from './writeBills';
import { readLeftBills } from './journal';

const REPLAY_BATCH = 500;

/**
 * What an instance does on start, before it admits a request: bill what its previous run answered but had not
 * written (the journal's leftovers; a bill already written is not billed again), then give back that run's holds,
 * whose requests can no longer settle. Returns the counts for the start-up log.
 */
export async function recoverPreviousRun(
  db: Db,
  { journalDir, instanceId }: { journalDir: string; instanceId: string },
): Promise<{ replayed: number; released: number }> {
  let replayed = 0;
  for (const { file, events } of readLeftBills(journalDir)) {
    for (let start = 0; start < events.length; start += REPLAY_BATCH) {
      await recordUsageBatch(db, events.slice(start, start + REPLAY_BATCH));
    }
    replayed += events.length;
    fs.rmSync(file);
  }
  const released =
    (await releasePreviousRunReservations(db, instanceId)) + (await releaseInstanceLeases(db, instanceId));
  return { replayed, released };
}
